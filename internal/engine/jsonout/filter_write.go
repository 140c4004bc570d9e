package jsonout

import (
	"encoding/json"
)

// AppendFiltered appends v encoded with the filter applied while writing:
// the bytes are those of Append, Decode, Apply and Marshal in turn, but
// only the parts of v the output keeps are decoded (a raw _source the
// filter keeps or descends into), and nothing else is. It reports false
// when it cannot promise those bytes (v holds a duplicate key, nesting
// deeper than Decode accepts, or a raw value that does not decode, where
// the decoding path writes the unfiltered answer); dst is then returned
// unchanged and the caller takes that path.
func AppendFiltered(dst []byte, v any, f *Filter) ([]byte, bool) {
	start := len(dst)
	w := filterWriter{}
	inc := f.include
	out, kept, ok := w.value(dst, v, inc, inc == nil, f.exclude, 0)
	if !ok {
		return dst[:start], false
	}
	if !kept {
		return append(out[:start], "{}"...), true
	}
	return out, true
}

type filterWriter struct {
	scratch []byte // encoding of a raw value before it is decoded
}

// value writes v under the include paths inc (all: everything below is
// included) and the exclude paths exc (nil: nothing below is excluded).
// kept is whether inclusion keeps v, before exclusion, as include reports
// it; a value inclusion drops writes nothing.
func (w *filterWriter) value(dst []byte, v any, inc [][]string, all bool, exc [][]string, depth int) ([]byte, bool, bool) {
	if depth > maxDepth {
		return dst, false, false
	}
	switch x := v.(type) {
	case Object:
		return w.object(dst, x, inc, all, exc, depth)
	case []any:
		return w.array(dst, len(x), func(i int) any { return x[i] }, inc, all, exc, depth)
	case []Object:
		return w.array(dst, len(x), func(i int) any { return x[i] }, inc, all, exc, depth)
	case string, bool, nil, int, int32, int64, uint64:
		if !all {
			return dst, false, true
		}
		out, err := Append(dst, x)
		return out, true, err == nil
	}
	// Anything else (floats, raw JSON, Appenders, structs) is written as
	// the decoding path sees it: encoded, then decoded.
	var err error
	if w.scratch, err = Append(w.scratch[:0], v); err != nil {
		return dst, false, false
	}
	tree, err := Decode(w.scratch)
	if err != nil {
		return dst, false, false
	}
	if _, raw := tree.(json.Number); raw || tree == nil {
		if !all {
			return dst, false, true
		}
		out, err := Append(dst, tree)
		return out, true, err == nil
	}
	return w.value(dst, tree, inc, all, exc, depth)
}

func (w *filterWriter) object(dst []byte, o Object, inc [][]string, all bool, exc [][]string, depth int) ([]byte, bool, bool) {
	var seen map[string]struct{}
	for i := range o {
		if dup(o[:i], o[i].Key, &seen) {
			return dst, false, false
		}
	}
	start := len(dst)
	dst = append(dst, '{')
	kept, n := false, 0
	for _, fld := range o {
		subAll, subInc := all, inc
		if !all {
			full, next := step(fld.Key, inc)
			if !full && next == nil {
				continue
			}
			subAll, subInc = full, next
		}
		var subExc [][]string
		dropped := false
		if exc != nil {
			var full bool
			full, subExc = step(fld.Key, exc)
			dropped = full
		}
		mark := len(dst)
		if n > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, fld.Key)
		dst = append(dst, ':')
		var subKept, ok bool
		dst, subKept, ok = w.value(dst, fld.Value, subInc, subAll, subExc, depth+1)
		if !ok {
			return dst[:start], false, false
		}
		if subKept {
			kept = true
		}
		if !subKept || dropped {
			dst = dst[:mark]
			continue
		}
		n++
	}
	return append(dst, '}'), kept || all, true
}

func (w *filterWriter) array(dst []byte, n int, at func(int) any, inc [][]string, all bool, exc [][]string, depth int) ([]byte, bool, bool) {
	start := len(dst)
	dst = append(dst, '[')
	written := 0
	for i := 0; i < n; i++ {
		mark := len(dst)
		if written > 0 {
			dst = append(dst, ',')
		}
		var kept, ok bool
		dst, kept, ok = w.value(dst, at(i), inc, all, exc, depth+1)
		if !ok {
			return dst[:start], false, false
		}
		if !kept {
			dst = dst[:mark]
			continue
		}
		written++
	}
	return append(dst, ']'), written > 0 || all, true
}
