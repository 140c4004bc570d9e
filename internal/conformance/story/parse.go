// Package story runs the opensearch-api-specification "story" tests
// (tests/**/*.yaml): prologues, chapters and epilogues of HTTP calls with
// expected statuses and subset-matched payloads.
package story

import (
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// Story is one story file.
type Story struct {
	Description   string
	Version       string
	Distributions *Distributions
	Prologues     []Chapter
	Epilogues     []Chapter
	Chapters      []Chapter
}

// Distributions gates a story or chapter by server distribution.
type Distributions struct {
	Included []string
	Excluded []string
}

// Chapter is one call: a chapter proper, or a prologue/epilogue (which have
// Allowed statuses instead of an expected Response).
type Chapter struct {
	Synopsis      string
	ID            string
	Path          string
	Methods       []string
	Parameters    *conformance.Map
	Payload       any
	HasPayload    bool
	ContentType   string
	Headers       *conformance.Map
	Pending       string
	Version       string
	Distributions *Distributions
	Retry         *Retry
	// Output maps a variable name to its source ("payload.<path>" or
	// "headers.<name>") and default.
	Output []Output
	// Expected is the chapter's expected response; nil for prologues and
	// epilogues.
	Expected *Expected
	// Allowed are the statuses a prologue or epilogue accepts.
	Allowed []int
}

// Retry re-issues a chapter until it passes.
type Retry struct {
	Count int
	// WaitMillis between attempts; default 1000.
	WaitMillis int
}

// Output is one saved value.
type Output struct {
	Name       string
	Path       string
	Default    any
	HasDefault bool
}

// Expected is a chapter's expected response.
type Expected struct {
	Statuses    []int
	Payload     any
	HasPayload  bool
	ContentType string
}

// Parse reads a story file.
func Parse(data []byte) (*Story, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(data, &node); err != nil {
		return nil, fmt.Errorf("YAML: %w", err)
	}
	v, err := conformance.FromYAML(&node)
	if err != nil {
		return nil, err
	}
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("a story must be a map")
	}
	s := &Story{}
	for _, e := range m.Entries() {
		switch e.Key {
		case "$schema", "warnings":
		case "description":
			s.Description, err = str(e.Value)
		case "version":
			s.Version, err = version(e.Value)
		case "distributions":
			s.Distributions, err = parseDistributions(e.Value)
		case "prologues", "epilogues", "chapters":
			var list []Chapter
			list, err = parseChapters(e.Value, e.Key == "chapters")
			switch e.Key {
			case "prologues":
				s.Prologues = list
			case "epilogues":
				s.Epilogues = list
			default:
				s.Chapters = list
			}
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
	}
	if len(s.Chapters) == 0 {
		return nil, errors.New("a story needs chapters")
	}
	return s, nil
}

func parseChapters(v any, proper bool) ([]Chapter, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, errors.New("want a list")
	}
	out := make([]Chapter, 0, len(list))
	for i, item := range list {
		c, err := parseChapter(item, proper)
		if err != nil {
			return nil, fmt.Errorf("%d: %w", i+1, err)
		}
		out = append(out, c)
	}
	return out, nil
}

func parseChapter(v any, proper bool) (Chapter, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return Chapter{}, errors.New("want a map")
	}
	c := Chapter{Parameters: conformance.NewMap()}
	var err error
	for _, e := range m.Entries() {
		switch e.Key {
		case "synopsis":
			c.Synopsis, err = str(e.Value)
		case "id":
			c.ID, err = str(e.Value)
		case "path":
			c.Path, err = str(e.Value)
		case "method":
			c.Methods, err = strList(e.Value)
		case "parameters":
			c.Parameters, ok = e.Value.(*conformance.Map)
			if !ok {
				err = errors.New("want a map")
			}
		case "request":
			err = c.parseRequest(e.Value)
		case "response":
			if !proper {
				return c, errors.New("response: prologues and epilogues use status")
			}
			c.Expected, err = parseExpected(e.Value)
		case "status":
			if proper {
				return c, errors.New("status: chapters use response.status")
			}
			c.Allowed, err = statuses(e.Value)
		case "pending":
			c.Pending = conformance.JavaString(e.Value)
		case "version":
			c.Version, err = version(e.Value)
		case "distributions":
			c.Distributions, err = parseDistributions(e.Value)
		case "retry":
			c.Retry, err = parseRetry(e.Value)
		case "output":
			c.Output, err = parseOutput(e.Value)
		case "warnings":
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return c, fmt.Errorf("%s: %w", e.Key, err)
		}
	}
	if c.Path == "" || len(c.Methods) == 0 {
		return c, errors.New("path and method are required")
	}
	if proper && c.Synopsis == "" {
		return c, errors.New("synopsis is required")
	}
	if proper && c.Expected == nil {
		c.Expected = &Expected{Statuses: []int{200}}
	}
	if !proper && c.Allowed == nil {
		c.Allowed = []int{200, 201}
	}
	return c, nil
}

func (c *Chapter) parseRequest(v any) error {
	m, ok := v.(*conformance.Map)
	if !ok {
		return errors.New("want a map")
	}
	for _, e := range m.Entries() {
		var err error
		switch e.Key {
		case "payload":
			c.Payload, c.HasPayload = e.Value, true
		case "content_type":
			c.ContentType, err = str(e.Value)
		case "headers":
			c.Headers, ok = e.Value.(*conformance.Map)
			if !ok {
				err = errors.New("want a map")
			}
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", e.Key, err)
		}
	}
	return nil
}

func parseExpected(v any) (*Expected, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("want a map")
	}
	exp := &Expected{Statuses: []int{200}}
	for _, e := range m.Entries() {
		var err error
		switch e.Key {
		case "status":
			exp.Statuses, err = statuses(e.Value)
		case "payload":
			exp.Payload, exp.HasPayload = e.Value, true
		case "content_type":
			exp.ContentType, err = str(e.Value)
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
	}
	return exp, nil
}

func parseDistributions(v any) (*Distributions, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("want a map")
	}
	d := &Distributions{}
	for _, e := range m.Entries() {
		var err error
		switch e.Key {
		case "included":
			d.Included, err = strList(e.Value)
		case "excluded":
			d.Excluded, err = strList(e.Value)
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
	}
	return d, nil
}

func parseRetry(v any) (*Retry, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("want a map")
	}
	r := &Retry{WaitMillis: 1000}
	for _, e := range m.Entries() {
		n, err := integer(e.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
		switch e.Key {
		case "count":
			r.Count = n
		case "wait":
			r.WaitMillis = n
		default:
			return nil, fmt.Errorf("%s: unknown key", e.Key)
		}
	}
	return r, nil
}

func parseOutput(v any) ([]Output, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("want a map")
	}
	var out []Output
	for _, e := range m.Entries() {
		o := Output{Name: e.Key}
		switch x := e.Value.(type) {
		case string:
			o.Path = x
		case *conformance.Map:
			p, _ := x.Get("path")
			o.Path, _ = p.(string)
			o.Default, o.HasDefault = x.Get("default")
		}
		if !strings.HasPrefix(o.Path, "payload") && !strings.HasPrefix(o.Path, "headers.") {
			return nil, fmt.Errorf("%s: path must start with payload or headers., got %q", e.Key, o.Path)
		}
		out = append(out, o)
	}
	return out, nil
}

func str(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("want a string, got a %s", conformance.TypeName(v))
	}
	return s, nil
}

// version reads a semver range, checking that it parses.
func version(v any) (string, error) {
	s, err := str(v)
	if err != nil {
		return "", err
	}
	if _, err := conformance.ParseSemverRange(s); err != nil {
		return "", err
	}
	return s, nil
}

func strList(v any) ([]string, error) {
	if s, ok := v.(string); ok {
		return []string{s}, nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("want a string or a list of strings")
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, errors.New("want strings")
		}
		out = append(out, s)
	}
	return out, nil
}

func statuses(v any) ([]int, error) {
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	out := make([]int, 0, len(list))
	for _, e := range list {
		n, err := integer(e)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func integer(v any) (int, error) {
	n, ok := v.(conformance.Number)
	var i int
	if _, err := fmt.Sscanf(string(n), "%d", &i); !ok || err != nil || fmt.Sprint(i) != string(n) {
		return 0, fmt.Errorf("want an integer, got %s", conformance.Short(v))
	}
	return i, nil
}
