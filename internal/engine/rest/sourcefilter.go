package rest

import (
	"encoding/json"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// sourceFilter is the _source / _source_includes / _source_excludes selection.
type sourceFilter struct {
	disabled bool
	includes []string
	excludes []string
}

// sourceFilterFromParams reads the URL form: _source=false|true|a,b plus
// _source_includes and _source_excludes.
func sourceFilterFromParams(r *Request) (sourceFilter, error) {
	var f sourceFilter
	if v, ok := r.Param("_source"); ok {
		switch v {
		case "false":
			f.disabled = true
		case "true", "":
		default:
			f.includes = strings.Split(v, ",")
		}
	}
	if inc := r.List("_source_includes"); inc != nil {
		f.includes = inc
	}
	f.excludes = r.List("_source_excludes")
	return f, nil
}

// unfiltered reports whether apply returns every source as it was sent.
func (f sourceFilter) unfiltered() bool {
	return !f.disabled && len(f.includes) == 0 && len(f.excludes) == 0
}

// apply returns the filtered source and whether to print it at all. An
// unfiltered source is returned byte for byte as it was sent.
func (f sourceFilter) apply(src []byte) (any, bool, error) {
	if f.disabled {
		return nil, false, nil
	}
	if len(f.includes) == 0 && len(f.excludes) == 0 {
		return json.RawMessage(src), true, nil
	}
	tree, err := jsonout.Decode(src)
	if err != nil {
		return nil, false, err
	}
	out, _ := filterSource(tree, "", f.includes, f.excludes)
	if out == nil {
		out = jsonout.Object{}
	}
	return out, true, nil
}

func filterSource(v any, path string, inc, exc []string) (any, bool) {
	obj, ok := v.(jsonout.Object)
	if !ok {
		if arr, isArr := v.([]any); isArr {
			out := []any{}
			for _, e := range arr {
				if _, isObj := e.(jsonout.Object); isObj {
					if sub, keep := filterSource(e, path, inc, exc); keep {
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
			if sub, keep := filterSource(fld.Value, p, nil, exc); keep {
				out = append(out, jsonout.Field{Key: fld.Key, Value: sub})
			}
			continue
		}
		if !anyPrefix(inc, p) {
			continue
		}
		switch fld.Value.(type) {
		case jsonout.Object, []any:
			if sub, _ := filterSource(fld.Value, p, inc, exc); !isEmpty(sub) {
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
