package ingest

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// stringFnProc is an AbstractStringProcessor whose result need not be a
// string (bytes gives a long): a string, or a list of strings, in place or
// to target_field.
type stringFnProc struct {
	fieldProc
	fn func(field, s string) (any, *apierr.Error)
}

func newStringFn(fn func(field, s string) (any, *apierr.Error)) factory {
	return func(s *Service, c *config) (runner, *apierr.Error) {
		f, err := readFieldProc(c, true)
		if err != nil {
			return nil, err
		}
		return &stringFnProc{fieldProc: f, fn: fn}, nil
	}
}

func (p *stringFnProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := p.input(d, "field [%s] is null, cannot process it.")
	if err != nil || skip {
		return err
	}
	switch x := v.(type) {
	case string:
		out, err := p.fn(p.field, x)
		if err != nil {
			return err
		}
		return d.Set(p.target, out)
	case *painless.List:
		out := make([]any, len(x.Items))
		for i, it := range x.Items {
			s, ok := it.(string)
			if !ok {
				return apierr.IllegalArgument("value [%s] of type [%s] in list field [%s] cannot be cast to [java.lang.String]", painless.ToJavaString(it), painless.ClassName(it), p.field)
			}
			if out[i], err = p.fn(p.field, s); err != nil {
				return err
			}
		}
		return d.Set(p.target, painless.NewList(out))
	}
	return castError(p.field, v, "java.lang.String")
}

// byteUnits are ByteSizeUnit's suffixes, longest first within a letter.
var byteUnits = []struct {
	suffix string
	mult   int64
}{
	{"kb", 1 << 10}, {"k", 1 << 10}, {"mb", 1 << 20}, {"m", 1 << 20}, {"gb", 1 << 30}, {"g", 1 << 30},
	{"tb", 1 << 40}, {"t", 1 << 40}, {"pb", 1 << 50}, {"p", 1 << 50}, {"b", 1},
}

// parseByteSize is ByteSizeValue.parseBytesSizeValue: a number with a unit
// (b, k[b], m[b], g[b], t[b], p[b]), or -1 and 0 alone; a fraction is
// accepted and truncated.
func parseByteSize(value, setting string) (int64, *apierr.Error) {
	lower := strings.TrimSpace(strings.ToLower(value))
	for _, u := range byteUnits {
		if !strings.HasSuffix(lower, u.suffix) {
			continue
		}
		num := lower[:len(lower)-len(u.suffix)]
		if n, err := strconv.ParseInt(num, 10, 64); err == nil {
			return n * u.mult, nil
		}
		if f, err := strconv.ParseFloat(strings.TrimSpace(num), 64); err == nil {
			return int64(f * float64(u.mult)), nil
		}
		return 0, apierr.New(apierr.TypeParse, "failed to parse ["+value+"]")
	}
	switch lower {
	case "-1":
		return -1, nil
	case "0":
		return 0, nil
	}
	return 0, apierr.New(apierr.TypeParse, "failed to parse setting ["+setting+"] with value ["+value+"] as a size in bytes: unit is missing or unrecognized")
}

func bytesValue(field, s string) (any, *apierr.Error) {
	n, err := parseByteSize(s, field)
	if err != nil {
		return nil, err
	}
	return n, nil
}

// urlDecode is URLDecoder.decode with UTF-8: + is a space, %XX a byte.
func urlDecode(_ string, s string) (any, *apierr.Error) {
	if !strings.ContainsAny(s, "+%") {
		return s, nil
	}
	var out []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+':
			out = append(out, ' ')
		case '%':
			for i < len(s) && s[i] == '%' {
				if i+3 > len(s) {
					return nil, apierr.IllegalArgument("URLDecoder: Incomplete trailing escape (%%) pattern")
				}
				n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
				if err != nil || strings.ContainsAny(s[i+1:i+3], "+-") {
					return nil, apierr.IllegalArgument("URLDecoder: Illegal hex characters in escape (%%) pattern - Error at index 0 in: \"%s\"", s[i+1:i+3])
				}
				out = append(out, byte(n))
				i += 3
			}
			i--
		default:
			out = append(out, c)
		}
	}
	return strings.ToValidUTF8(string(out), "\uFFFD"), nil
}
