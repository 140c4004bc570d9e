package search

import (
	"encoding/json"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// SourceFilter is the _source / _source_includes / _source_excludes selection.
type SourceFilter struct {
	// Disabled hides the source (_source=false).
	Disabled bool
	// Includes and Excludes are the path patterns kept and dropped.
	Includes []string
	Excludes []string
}

// Unfiltered reports whether Apply returns every source as it was sent.
func (f SourceFilter) Unfiltered() bool {
	return !f.Disabled && len(f.Includes) == 0 && len(f.Excludes) == 0
}

// Apply returns the filtered source and whether to print it at all. An
// unfiltered source is returned byte for byte as it was sent.
func (f SourceFilter) Apply(src []byte) (any, bool, error) {
	if f.Disabled {
		return nil, false, nil
	}
	if len(f.Includes) == 0 && len(f.Excludes) == 0 {
		return json.RawMessage(src), true, nil
	}
	tree, err := jsonout.Decode(src)
	if err != nil {
		return nil, false, err
	}
	out, _ := FilterSource(tree, "", f.Includes, f.Excludes)
	if out == nil {
		out = jsonout.Object{}
	}
	return out, true, nil
}

// FilterSource keeps the parts of a decoded source (found at path) that
// inc selects, all when inc is empty, and exc does not name; the flag says
// whether to keep v at all.
func FilterSource(v any, path string, inc, exc []string) (any, bool) {
	obj, ok := v.(jsonout.Object)
	if !ok {
		if arr, isArr := v.([]any); isArr {
			out := []any{}
			for _, e := range arr {
				if _, isObj := e.(jsonout.Object); isObj {
					if sub, keep := FilterSource(e, path, inc, exc); keep {
						out = append(out, sub)
					}
					continue
				}
				out = append(out, e)
			}
			return out, true
		}
		return v, true
	}
	out := jsonout.Object{}
	for _, fld := range obj {
		p := fld.Key
		if path != "" {
			p = path + "." + fld.Key
		}
		if anyMatch(exc, p) {
			continue
		}
		full := len(inc) == 0 || anyMatch(inc, p)
		if full {
			if sub, keep := FilterSource(fld.Value, p, nil, exc); keep {
				out = append(out, jsonout.Field{Key: fld.Key, Value: sub})
			}
			continue
		}
		if !anyPrefix(inc, p) {
			continue
		}
		switch fld.Value.(type) {
		case jsonout.Object, []any:
			if sub, _ := FilterSource(fld.Value, p, inc, exc); !isEmpty(sub) {
				out = append(out, jsonout.Field{Key: fld.Key, Value: sub})
			}
		}
	}
	return out, true
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case jsonout.Object:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return v == nil
}

// anyMatch reports whether a pattern selects path (or an ancestor of it).
func anyMatch(patterns []string, path string) bool {
	for _, p := range patterns {
		if wildcard.Simple(p, path) {
			return true
		}
	}
	return false
}

// anyPrefix reports whether some pattern may select something below path.
func anyPrefix(patterns []string, path string) bool {
	for _, p := range patterns {
		if strings.HasPrefix(p, path+".") || strings.HasPrefix(p, "*") {
			return true
		}
		if i := strings.IndexByte(p, '*'); i >= 0 && strings.HasPrefix(path, p[:i]) {
			return true
		}
	}
	return false
}
