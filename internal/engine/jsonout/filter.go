package jsonout

import (
	"path"
	"strings"
)

// Filter is a parsed filter_path parameter: dotted expressions with "*" inside a
// name, "**" for any depth, and a leading "-" for exclusion.
type Filter struct {
	include [][]string
	exclude [][]string
}

// ParseFilter parses a filter_path value. An empty value gives a nil filter.
func ParseFilter(s string) *Filter {
	if s == "" {
		return nil
	}
	f := &Filter{}
	for _, expr := range strings.Split(s, ",") {
		expr = strings.TrimSpace(expr)
		if expr == "" {
			continue
		}
		if strings.HasPrefix(expr, "-") {
			f.exclude = append(f.exclude, strings.Split(expr[1:], "."))
		} else {
			f.include = append(f.include, strings.Split(expr, "."))
		}
	}
	if f.include == nil && f.exclude == nil {
		return nil
	}
	return f
}

// Apply filters an ordered value (see Decode). Inclusion runs first, then
// exclusion. The result is nil when nothing is left (the server then writes "{}").
func (f *Filter) Apply(v any) any {
	if f == nil {
		return v
	}
	if f.include != nil {
		var keep bool
		v, keep = include(v, f.include)
		if !keep {
			return Object{}
		}
	}
	if f.exclude != nil {
		v = exclude(v, f.exclude)
	}
	return v
}

// step matches one key against paths and returns whether one path ends here
// (full match) and the paths that continue below the key.
func step(key string, paths [][]string) (full bool, next [][]string) {
	for _, p := range paths {
		if len(p) == 0 {
			continue
		}
		if p[0] == "**" {
			if len(p) == 1 {
				return true, nil
			}
			next = append(next, p) // ** keeps matching deeper
			if ok, _ := path.Match(p[1], key); ok || p[1] == key {
				if len(p) == 2 {
					return true, nil
				}
				next = append(next, p[2:])
			}
			continue
		}
		if ok, _ := path.Match(p[0], key); ok || p[0] == key {
			if len(p) == 1 {
				return true, nil
			}
			next = append(next, p[1:])
		}
	}
	return false, next
}

func include(v any, paths [][]string) (any, bool) {
	switch x := v.(type) {
	case Object:
		out := Object{}
		for _, fld := range x {
			full, next := step(fld.Key, paths)
			if full {
				out = append(out, fld)
				continue
			}
			if next == nil {
				continue
			}
			if sub, ok := include(fld.Value, next); ok {
				out = append(out, Field{Key: fld.Key, Value: sub})
			}
		}
		return out, len(out) > 0
	case []any:
		out := []any{}
		for _, e := range x {
			if sub, ok := include(e, paths); ok {
				out = append(out, sub)
			}
		}
		return out, len(out) > 0
	default:
		return nil, false
	}
}

func exclude(v any, paths [][]string) any {
	switch x := v.(type) {
	case Object:
		out := Object{}
		for _, fld := range x {
			full, next := step(fld.Key, paths)
			if full {
				continue
			}
			if next != nil {
				fld = Field{Key: fld.Key, Value: exclude(fld.Value, next)}
			}
			out = append(out, fld)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = exclude(e, paths)
		}
		return out
	default:
		return v
	}
}
