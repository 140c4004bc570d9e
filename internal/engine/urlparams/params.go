// Package urlparams reads a request's URL parameters as OpenSearch's
// RestRequest does: booleans with the primitive and the boxed overloads,
// integers, time values and comma-separated lists, each refusal with the
// server's error. The HTTP layer and the engine's request parsers share it,
// so a parser that runs outside an HTTP request (a multi-search entry, a
// reindex source) reads its parameters with the same rules.
package urlparams

import (
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Params are decoded URL parameters by name (a nil map has none).
type Params map[string]string

// Param returns a parameter and whether it was given.
func (p Params) Param(name string) (string, bool) {
	v, ok := p[name]
	return v, ok
}

// Has reports whether a parameter was given (with any value).
func (p Params) Has(name string) bool {
	_, ok := p[name]
	return ok
}

// Bool reads a boolean parameter as RestRequest.paramAsBoolean(name,
// <primitive default>) does: absent gives def, present with an empty value
// (?detailed) is true, anything but "true" or "false" is the server's
// illegal_argument_exception.
func (p Params) Bool(name string, def bool) (bool, error) {
	if v, ok := p[name]; ok && v == "" {
		return true, nil
	}
	return p.BoolOrDefault(name, def)
}

// BoolOrDefault reads a boolean parameter as the boxed overload
// paramAsBoolean(name, Boolean) and IndicesOptions do: absent or empty gives
// def.
func (p Params) BoolOrDefault(name string, def bool) (bool, error) {
	v, ok := p[name]
	if !ok || v == "" {
		return def, nil
	}
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", v)
}

// Int parses an integer parameter (absent or empty gives def).
func (p Params) Int(name string, def int64) (int64, error) {
	v, ok := p[name]
	if !ok || v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, apierr.IllegalArgument("Failed to parse int parameter [%s] with value [%s]", name, v).
			WithCause(apierr.New(apierr.TypeNumberFormat, "For input string: \""+v+"\""))
	}
	return n, nil
}

// Duration parses a time parameter (timeout, master_timeout, ...); absent
// or empty gives def.
func (p Params) Duration(name string, def time.Duration) (time.Duration, error) {
	v, ok := p[name]
	if !ok || v == "" {
		return def, nil
	}
	d, err := settings.ParseTimeValue(v, name)
	if err != nil {
		return 0, err
	}
	return d, nil
}

// List splits a comma-separated parameter (nil when absent or empty).
func (p Params) List(name string) []string {
	v, ok := p[name]
	if !ok || v == "" {
		return nil
	}
	return strings.Split(v, ",")
}

// Human reports the human parameter.
func (p Params) Human() bool {
	b, _ := p.Bool("human", false)
	return b
}
