package yamlrest

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// Stash holds the values saved by `set` during one test. `$name` stands for
// a whole stashed value (`$name.path` walks into it, `$body` is the last
// response body); `${name}` inside a longer string is replaced by the
// value's text.
type Stash struct {
	values map[string]any
	body   func() any
}

// NewStash returns an empty stash; body supplies the last response body for
// `$body`.
func NewStash(body func() any) *Stash {
	return &Stash{values: map[string]any{}, body: body}
}

// Set stores a value.
func (s *Stash) Set(name string, v any) { s.values[name] = v }

var embeddedKey = regexp.MustCompile(`\$\{([^}]+)\}`)

// IsStashed reports whether a string refers to the stash.
func IsStashed(s string) bool {
	return strings.HasPrefix(s, "$") || embeddedKey.MatchString(s)
}

// Resolve replaces a stash reference; strings that are not references come
// back unchanged.
func (s *Stash) Resolve(text string) (any, error) {
	if strings.HasPrefix(text, "$") && !strings.HasPrefix(text, "${") {
		return s.lookup(text[1:])
	}
	if !embeddedKey.MatchString(text) {
		return text, nil
	}
	var err error
	out := embeddedKey.ReplaceAllStringFunc(text, func(m string) string {
		v, lerr := s.lookup(m[2 : len(m)-1])
		if lerr != nil && err == nil {
			err = lerr
		}
		return conformance.JavaString(v)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Stash) lookup(key string) (any, error) {
	segments := conformance.SplitPath(key)
	if len(segments) == 0 {
		return nil, fmt.Errorf("empty stash key")
	}
	var root any
	if segments[0] == "body" && s.body != nil {
		root = s.body()
	} else {
		v, ok := s.values[segments[0]]
		if !ok {
			return nil, fmt.Errorf("stashed value not found for key [%s]", segments[0])
		}
		root = v
	}
	v, err := conformance.Lookup(root, segments[1:])
	if err == nil && v == nil {
		err = fmt.Errorf("stashed value not found for key [%s]", key)
	}
	return v, err
}

// Replace returns v with every stash reference in strings and map keys
// resolved; v itself is not modified.
func (s *Stash) Replace(v any) (any, error) {
	switch x := v.(type) {
	case string:
		if !IsStashed(x) {
			return x, nil
		}
		return s.Resolve(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := s.Replace(e)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case *conformance.Map:
		out := conformance.NewMap()
		for _, e := range x.Entries() {
			key := e.Key
			if IsStashed(key) {
				k, err := s.Resolve(key)
				if err != nil {
					return nil, err
				}
				key = conformance.JavaString(k)
			}
			r, err := s.Replace(e.Value)
			if err != nil {
				return nil, err
			}
			out.Set(key, r)
		}
		return out, nil
	default:
		return v, nil
	}
}

// Path splits an assertion path and resolves stash references segment by
// segment, as in `nodes.$node_id.indices`.
func (s *Stash) Path(path string) ([]string, error) {
	segments := conformance.SplitPath(path)
	for i, seg := range segments {
		if !IsStashed(seg) {
			continue
		}
		v, err := s.Resolve(seg)
		if err != nil {
			return nil, err
		}
		segments[i] = conformance.JavaString(v)
	}
	return segments, nil
}
