package painless

import (
	"strconv"
	"strings"
)

// processorsStatic is the ingest context's Processors class: the string
// processors' functions for scripts (bytes, lowercase, uppercase, json,
// urlDecode).
func processorsStatic(name string, args []any) any {
	str := func(v any) string {
		s, ok := v.(string)
		if !ok {
			throw("ClassCastException", "Cannot cast "+className(v)+" to java.lang.String")
		}
		return s
	}
	switch name {
	case "bytes":
		return bytesValue(str(args[0]))
	case "lowercase":
		return strings.ToLower(str(args[0]))
	case "uppercase":
		return strings.ToUpper(str(args[0]))
	case "urlDecode":
		return urlDecodeValue(str(args[0]))
	case "json":
		if len(args) == 1 {
			return jsonValue(args[0])
		}
		// json(ctx, field): the field's object merges into the root.
		m, ok := args[0].(*Map)
		if !ok {
			throw("ClassCastException", "Cannot cast "+className(args[0])+" to java.util.Map")
		}
		field := str(args[1])
		v, _ := m.Get(field)
		parsed, ok := jsonValue(v).(*Map)
		if !ok {
			throwIAE("cannot add non-map fields to root of document")
		}
		keys, vals := parsed.Keys(), parsed.Values()
		for i, k := range keys {
			m.Set(k, vals[i])
		}
		return nil
	}
	throwIAE("unknown Processors method [" + name + "]")
	return nil
}

// jsonValue is JsonProcessor.apply: a JSON text parsed into maps, lists
// and values.
func jsonValue(v any) any {
	s, ok := v.(string)
	if !ok {
		s = javaString(v)
	}
	out, err := ParseJSONHashMap([]byte(s))
	if err != nil {
		throwIAE(err.Error())
	}
	return out
}

// bytesValue is BytesProcessor.apply: ByteSizeValue.parseBytesSizeValue.
func bytesValue(s string) int64 {
	lower := strings.TrimSpace(strings.ToLower(s))
	units := []struct {
		suffix string
		mult   int64
	}{{"kb", 1 << 10}, {"k", 1 << 10}, {"mb", 1 << 20}, {"m", 1 << 20}, {"gb", 1 << 30}, {"g", 1 << 30},
		{"tb", 1 << 40}, {"t", 1 << 40}, {"pb", 1 << 50}, {"p", 1 << 50}, {"b", 1}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(lower, u.suffix); ok {
			if n, err := strconv.ParseInt(num, 10, 64); err == nil {
				return n * u.mult
			}
			if f, err := strconv.ParseFloat(strings.TrimSpace(num), 64); err == nil {
				return int64(f * float64(u.mult))
			}
			throw("OpenSearchParseException", "failed to parse ["+s+"]")
		}
	}
	switch lower {
	case "-1":
		return -1
	case "0":
		return 0
	}
	throw("OpenSearchParseException", "failed to parse setting [Ingest Field] with value ["+s+"] as a size in bytes: unit is missing or unrecognized")
	return 0
}

// urlDecodeValue is URLDecoder.decode with UTF-8.
func urlDecodeValue(s string) string {
	var out []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+':
			out = append(out, ' ')
		case '%':
			if i+3 > len(s) {
				throwIAE("URLDecoder: Incomplete trailing escape (%) pattern")
			}
			n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				throwIAE("URLDecoder: Illegal hex characters in escape (%) pattern")
			}
			out = append(out, byte(n))
			i += 2
		default:
			out = append(out, c)
		}
	}
	return strings.ToValidUTF8(string(out), "\uFFFD")
}
