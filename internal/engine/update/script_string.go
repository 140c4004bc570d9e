package update

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// String is Script.toString, as task descriptions print a script.
func (s *Script) String() string {
	typ, code := "inline", s.Source
	if s.ID != "" {
		typ, code = "stored", s.ID
	}
	params := "{}"
	if s.Params != nil {
		if v, err := painless.ParseJSONHashMap(s.Params); err == nil {
			params = JavaString(v)
		}
	}
	return "Script{type=" + typ + ", lang='" + s.Lang + "', idOrCode='" + code + "', options={}, params=" + params + "}"
}

// JavaString renders a value parsed from JSON (painless.ParseJSONHashMap)
// as Java prints it: maps as AbstractMap.toString ({k=v, ...}), lists as
// [a, b], strings bare, null as "null", numbers and booleans as their JSON.
func JavaString(v any) string {
	switch x := v.(type) {
	case *painless.Map:
		var b strings.Builder
		b.WriteByte('{')
		keys, vals := x.Keys(), x.Values()
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(JavaString(k))
			b.WriteByte('=')
			b.WriteString(JavaString(vals[i]))
		}
		b.WriteByte('}')
		return b.String()
	case *painless.List:
		parts := make([]string, len(x.Items))
		for i, it := range x.Items {
			parts[i] = JavaString(it)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case string:
		return x
	case nil:
		return "null"
	}
	return strings.Trim(string(painless.AppendJSON(nil, v)), `"`)
}
