package query

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// SourceFilter selects what _source returns, in any of the forms the API accepts:
// a bool (SourceOn/SourceOff), a list of field patterns (SourceFields) or
// includes plus excludes (SourceIncludesExcludes).
type SourceFilter struct {
	// Fetch, when set and no patterns are given, sends _source as true or false.
	Fetch    *bool
	Includes []string
	Excludes []string
}

// SourceOn asks for the whole _source.
func SourceOn() *SourceFilter { t := true; return &SourceFilter{Fetch: &t} }

// SourceOff asks for no _source.
func SourceOff() *SourceFilter { f := false; return &SourceFilter{Fetch: &f} }

// SourceFields asks for the listed fields only (wildcards allowed).
func SourceFields(fields ...string) *SourceFilter { return &SourceFilter{Includes: fields} }

// SourceIncludesExcludes asks for includes minus excludes.
func SourceIncludesExcludes(includes, excludes []string) *SourceFilter {
	return &SourceFilter{Includes: includes, Excludes: excludes}
}

// MarshalJSON renders true/false, a list, or {"includes": [...], "excludes": [...]}.
func (s *SourceFilter) MarshalJSON() ([]byte, error) {
	switch {
	case len(s.Excludes) > 0:
		return jsonx.Marshal(struct {
			Includes []string `json:"includes,omitempty"`
			Excludes []string `json:"excludes"`
		}{s.Includes, s.Excludes})
	case len(s.Includes) > 0:
		return jsonx.Marshal(s.Includes)
	case s.Fetch != nil:
		return strconv.AppendBool(nil, *s.Fetch), nil
	}
	return nil, errors.New("query: empty source filter: set Fetch, Includes or Excludes")
}

// UnmarshalJSON accepts every form the API accepts: a bool, a string, a list of strings, or
// an object with includes/excludes (or include/exclude).
func (s *SourceFilter) UnmarshalJSON(data []byte) error {
	*s = SourceFilter{}
	trimmed := strings.TrimSpace(string(data))
	switch {
	case trimmed == "true" || trimmed == "false":
		b := trimmed == "true"
		s.Fetch = &b
		return nil
	case strings.HasPrefix(trimmed, `"`):
		var one string
		if err := jsonx.Unmarshal(data, &one); err != nil {
			return err
		}
		s.Includes = []string{one}
		return nil
	case strings.HasPrefix(trimmed, "["):
		return jsonx.Unmarshal(data, &s.Includes)
	case strings.HasPrefix(trimmed, "{"):
		var obj struct {
			Includes []string `json:"includes"`
			Include  []string `json:"include"`
			Excludes []string `json:"excludes"`
			Exclude  []string `json:"exclude"`
		}
		if err := jsonx.Unmarshal(data, &obj); err != nil {
			return err
		}
		s.Includes = append(obj.Includes, obj.Include...)
		s.Excludes = append(obj.Excludes, obj.Exclude...)
		return nil
	}
	return errors.New("query: _source must be a bool, a string, a list or an object, got " + trimmed)
}

// EncodeValues writes the URL form of _source (go-querystring's Encoder): "true", "false" or
// a comma-joined include list. Excludes have their own URL parameter, _source_excludes.
func (s *SourceFilter) EncodeValues(key string, v *url.Values) error {
	if s == nil {
		return nil
	}
	switch {
	case len(s.Excludes) > 0:
		return errors.New("query: the " + key + " URL parameter cannot carry excludes; use _source_excludes")
	case len(s.Includes) > 0:
		v.Set(key, strings.Join(s.Includes, ","))
	case s.Fetch != nil:
		v.Set(key, strconv.FormatBool(*s.Fetch))
	}
	return nil
}
