// Package yamlrest runs OpenSearch's YAML REST tests (the do/match format of
// rest-api-spec/test) against a server over plain HTTP.
package yamlrest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// Suite is one parsed test file.
type Suite struct {
	Setup    Section
	Teardown Section
	Tests    []Test
}

// Test is one named test section.
type Test struct {
	Name string
	Section
}

// Section is a list of steps with its optional leading skip.
type Section struct {
	Skip  *Skip
	Steps []Step
}

// Skip is a skip section: the test (or, in setup, the file) is skipped when
// the server version lies in Version or a feature is not supported.
type Skip struct {
	Version     *conformance.SkipRanges
	VersionText string
	Features    []string
	Reason      string
}

// Step is one do or assertion step.
type Step struct {
	// Kind is the step's key: do, match, is_true, set, ...
	Kind string
	// Number is the step's position in its section, counting from 1.
	Number int
	Do     *Do
	// Path and Expected hold an assertion; for is_true/is_false Expected is
	// nil and for set it is the stash name.
	Path     string
	Expected any
	// Epsilon, when set, lets a numeric match differ by up to this much.
	Epsilon *conformance.Number
}

// Do is an API call.
type Do struct {
	API string
	// Params are the API's path parts and query parameters.
	Params          *conformance.Map
	Body            any
	HasBody         bool
	Ignore          []int
	Catch           string
	Headers         *conformance.Map
	Warnings        []string
	AllowedWarnings []string
	NodeSelector    *conformance.SkipRanges
}

// assertionKinds lists the assertion steps the runner understands.
var assertionKinds = map[string]bool{
	"match": true, "length": true, "gt": true, "gte": true, "lt": true, "lte": true,
	"set": true, "contains": true, "close_to": true,
}

// Parse reads a test file: a YAML stream of documents, each mapping setup,
// teardown or a test name to a list of steps.
func Parse(data []byte) (*Suite, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	s := &Suite{}
	seen := map[string]bool{}
	for {
		var node yaml.Node
		err := dec.Decode(&node)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("YAML: %w", err)
		}
		v, err := conformance.FromYAML(&node)
		if err != nil {
			return nil, err
		}
		if v == nil {
			continue
		}
		doc, ok := v.(*conformance.Map)
		if !ok {
			return nil, fmt.Errorf("a document is a %s, want a map of sections", conformance.TypeName(v))
		}
		for _, e := range doc.Entries() {
			sec, err := parseSection(e.Value)
			if err != nil {
				return nil, fmt.Errorf("section %q: %w", e.Key, err)
			}
			switch e.Key {
			case "setup":
				s.Setup = sec
			case "teardown":
				s.Teardown = sec
			default:
				if seen[e.Key] {
					return nil, fmt.Errorf("test %q appears twice", e.Key)
				}
				seen[e.Key] = true
				s.Tests = append(s.Tests, Test{Name: e.Key, Section: sec})
			}
		}
	}
	return s, nil
}

func parseSection(v any) (Section, error) {
	var sec Section
	if v == nil {
		return sec, nil
	}
	list, ok := v.([]any)
	if !ok {
		return sec, fmt.Errorf("want a list of steps, got a %s", conformance.TypeName(v))
	}
	for i, item := range list {
		m, ok := item.(*conformance.Map)
		if !ok || m.Len() != 1 {
			return sec, fmt.Errorf("step %d: want a map with one key", i+1)
		}
		e := m.Entries()[0]
		if e.Key == "skip" {
			if i != 0 {
				return sec, fmt.Errorf("step %d: skip must be the first step", i+1)
			}
			skip, err := parseSkip(e.Value)
			if err != nil {
				return sec, fmt.Errorf("step %d (skip): %w", i+1, err)
			}
			sec.Skip = skip
			continue
		}
		steps, err := parseStep(e.Key, e.Value)
		if err != nil {
			return sec, fmt.Errorf("step %d (%s): %w", i+1, e.Key, err)
		}
		for j := range steps {
			steps[j].Number = i + 1
		}
		sec.Steps = append(sec.Steps, steps...)
	}
	return sec, nil
}

func parseSkip(v any) (*Skip, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("want a map")
	}
	skip := &Skip{}
	for _, e := range m.Entries() {
		switch e.Key {
		case "version":
			text, ok := e.Value.(string)
			if !ok {
				return nil, errors.New("version must be a string")
			}
			r, err := conformance.ParseSkipRanges(text)
			if err != nil {
				return nil, err
			}
			skip.Version, skip.VersionText = &r, strings.TrimSpace(text)
		case "features":
			names, err := stringList(e.Value)
			if err != nil {
				return nil, fmt.Errorf("features: %w", err)
			}
			// One upstream file writes the list as "a, b" in one string:
			// read it as the list it means, so the version range decides.
			for _, n := range names {
				for _, f := range strings.Split(n, ",") {
					if f = strings.TrimSpace(f); f != "" {
						skip.Features = append(skip.Features, f)
					}
				}
			}
		case "reason":
			skip.Reason = conformance.JavaString(e.Value)
		default:
			return nil, fmt.Errorf("unknown key %q", e.Key)
		}
	}
	if skip.Version == nil && len(skip.Features) == 0 {
		return nil, errors.New("needs version or features")
	}
	return skip, nil
}

// parseStep turns one step into steps. As in the reference runner, `set`
// may stash several paths (one step each, in order), `match` takes one path
// and an optional `epsilon`, and the other assertions take exactly one path.
func parseStep(kind string, v any) ([]Step, error) {
	switch {
	case kind == "do":
		d, err := parseDo(v)
		if err != nil {
			return nil, err
		}
		return []Step{{Kind: kind, Do: d}}, nil
	case kind == "is_true" || kind == "is_false":
		path, ok := v.(string)
		if !ok && v != nil {
			return nil, errors.New("want a path string")
		}
		return []Step{{Kind: kind, Path: path}}, nil
	case assertionKinds[kind]:
		m, ok := v.(*conformance.Map)
		if !ok || m.Len() == 0 {
			return nil, errors.New("want a map of path to value")
		}
		var steps []Step
		var epsilon *conformance.Number
		for _, e := range m.Entries() {
			if kind == "match" && e.Key == "epsilon" && m.Len() == 2 {
				n, ok := e.Value.(conformance.Number)
				if r, valid := n.Rat(); !ok || !valid || r.Sign() < 0 {
					return nil, errors.New("epsilon must be a non-negative number")
				}
				epsilon = &n
				continue
			}
			steps = append(steps, Step{Kind: kind, Path: e.Key, Expected: e.Value})
		}
		if kind != "set" && len(steps) != 1 {
			return nil, fmt.Errorf("want exactly one path, got %d", len(steps))
		}
		for i := range steps {
			steps[i].Epsilon = epsilon
		}
		return steps, nil
	default:
		return nil, fmt.Errorf("unknown step %q", kind)
	}
}

func parseDo(v any) (*Do, error) {
	m, ok := v.(*conformance.Map)
	if !ok {
		return nil, errors.New("want a map")
	}
	d := &Do{}
	for _, e := range m.Entries() {
		var err error
		switch e.Key {
		case "catch":
			d.Catch, ok = e.Value.(string)
			if !ok {
				err = errors.New("catch must be a string")
			}
		case "headers":
			d.Headers, ok = e.Value.(*conformance.Map)
			if !ok {
				err = errors.New("headers must be a map")
			}
		case "warnings":
			d.Warnings, err = stringList(e.Value)
		case "allowed_warnings":
			d.AllowedWarnings, err = stringList(e.Value)
		case "node_selector":
			err = d.parseNodeSelector(e.Value)
		default:
			if d.API != "" {
				return nil, fmt.Errorf("two API calls (%s, %s) in one do", d.API, e.Key)
			}
			d.API = e.Key
			err = d.parseCall(e.Value)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
	}
	if d.API == "" {
		return nil, errors.New("no API call")
	}
	return d, nil
}

func (d *Do) parseNodeSelector(v any) error {
	m, ok := v.(*conformance.Map)
	if !ok {
		return errors.New("want a map")
	}
	for _, e := range m.Entries() {
		text, isString := e.Value.(string)
		if e.Key != "version" || !isString {
			return fmt.Errorf("only a version selector is supported, got %q", e.Key)
		}
		r, err := conformance.ParseSkipRanges(text)
		if err != nil {
			return err
		}
		d.NodeSelector = &r
	}
	return nil
}

func (d *Do) parseCall(v any) error {
	d.Params = conformance.NewMap()
	if v == nil {
		return nil
	}
	m, ok := v.(*conformance.Map)
	if !ok {
		return errors.New("want a map of parameters")
	}
	for _, e := range m.Entries() {
		switch e.Key {
		case "body":
			d.Body, d.HasBody = e.Value, true
		case "ignore":
			codes, err := statusList(e.Value)
			if err != nil {
				return fmt.Errorf("ignore: %w", err)
			}
			d.Ignore = codes
		default:
			d.Params.Set(e.Key, e.Value)
		}
	}
	return nil
}

func stringList(v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, errors.New("want strings")
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, errors.New("want a string or a list of strings")
}

func statusList(v any) ([]int, error) {
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	var out []int
	for _, it := range items {
		n, ok := it.(conformance.Number)
		var code int
		if _, err := fmt.Sscanf(string(n), "%d", &code); !ok || err != nil {
			return nil, errors.New("want status codes")
		}
		out = append(out, code)
	}
	sort.Ints(out)
	return out, nil
}
