package ingest

import (
	"math"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

type convertProc struct {
	fieldProc
	typ string
}

var convertTypes = map[string]bool{"integer": true, "long": true, "float": true, "double": true, "string": true, "boolean": true, "ip": true, "auto": true}

func newConvert(s *Service, c *config) (runner, *apierr.Error) {
	f, err := readFieldProc(c, true)
	if err != nil {
		return nil, err
	}
	typ, err := c.str("type")
	if err != nil {
		return nil, err
	}
	if !convertTypes[strings.ToLower(typ)] {
		return nil, c.err("type", "type ["+typ+"] not supported, cannot convert field.")
	}
	return &convertProc{fieldProc: f, typ: strings.ToLower(typ)}, nil
}

func (p *convertProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := p.input(d, "Field [%s] is null, cannot be converted to type ["+p.typ+"]")
	if err != nil || skip {
		return err
	}
	if l, ok := v.(*painless.List); ok {
		out := make([]any, len(l.Items))
		for i, it := range l.Items {
			if out[i], err = convertValue(it, p.typ); err != nil {
				return err
			}
		}
		return d.Set(p.target, painless.NewList(out))
	}
	cv, err := convertValue(v, p.typ)
	if err != nil {
		return err
	}
	return d.Set(p.target, cv)
}

// convertValue is ConvertProcessor.Type.convert: it works on value.toString().
func convertValue(v any, typ string) (any, *apierr.Error) {
	s := painless.ToJavaString(v)
	fail := func() (any, *apierr.Error) {
		return nil, apierr.IllegalArgument("unable to convert [%s] to %s", s, typ)
	}
	switch typ {
	case "integer", "long":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil && (strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X")) {
			n, err = strconv.ParseInt(s[2:], 16, 64)
		}
		if err != nil {
			return fail()
		}
		if typ == "integer" {
			if n < math.MinInt32 || n > math.MaxInt32 {
				return fail()
			}
			return int32(n), nil
		}
		return n, nil
	case "float":
		f, err := strconv.ParseFloat(s, 32)
		if err != nil {
			return fail()
		}
		return float32(f), nil
	case "double":
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fail()
		}
		return f, nil
	case "string":
		return s, nil
	case "ip":
		// The value stays a string once it is a valid address.
		if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
			return s, nil
		}
		return nil, apierr.IllegalArgument("[%s] is not a valid ipv4/ipv6 address", s)
	case "boolean":
		switch strings.ToLower(s) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, apierr.IllegalArgument("[%s] is not a boolean value, cannot convert to boolean", s)
	}
	// auto: integer, then long, float... as the real processor tries them.
	if _, ok := v.(string); !ok {
		return v, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n >= math.MinInt32 && n <= math.MaxInt32 {
			return int32(n), nil
		}
		return n, nil
	}
	if f, err := strconv.ParseFloat(s, 32); err == nil && !math.IsInf(f, 0) {
		return float32(f), nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f, nil
	}
	switch strings.ToLower(s) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return v, nil
}

type jsonProc struct {
	fieldProc
	addToRoot bool
}

func newJSON(s *Service, c *config) (runner, *apierr.Error) {
	f, err := c.str("field")
	if err != nil {
		return nil, err
	}
	p := &jsonProc{fieldProc: fieldProc{field: f}}
	if p.addToRoot, err = c.optBool("add_to_root", false); err != nil {
		return nil, err
	}
	target, err := c.optStr("target_field", "")
	if err != nil {
		return nil, err
	}
	if p.addToRoot && target != "" {
		return nil, c.err("target_field", "Cannot set a target field while also setting `add_to_root` to true")
	}
	p.target = target
	if p.target == "" {
		p.target = f
	}
	return p, nil
}

func (p *jsonProc) run(_ *execution, d *Document) *apierr.Error {
	v, err := d.Get(p.field)
	if err != nil {
		return err
	}
	s, ok := v.(string)
	if !ok {
		return castError(p.field, v, "java.lang.String")
	}
	parsed, perr := painless.ParseJSONHashMap([]byte(s))
	if perr != nil {
		return apierr.IllegalArgument("%s", perr.Error())
	}
	if !p.addToRoot {
		return d.Set(p.target, parsed)
	}
	m, ok := parsed.(*painless.Map)
	if !ok {
		return apierr.IllegalArgument("cannot add non-map fields to root of document")
	}
	keys, vals := m.Keys(), m.Values()
	for i, k := range keys {
		d.Ctx.Set(k, vals[i])
	}
	return nil
}

type dateProc struct {
	field, target string
	formats       []string
	layouts       []string
	loc           *time.Location
	output        string
}

func newDate(s *Service, c *config) (runner, *apierr.Error) {
	p := &dateProc{}
	var err *apierr.Error
	if p.field, err = c.str("field"); err != nil {
		return nil, err
	}
	if p.target, err = c.optStr("target_field", "@timestamp"); err != nil {
		return nil, err
	}
	if p.formats, err = c.strList("formats"); err != nil {
		return nil, err
	}
	for _, f := range p.formats {
		switch f {
		case "ISO8601", "UNIX", "UNIX_MS":
			p.layouts = append(p.layouts, "")
		case "TAI64N":
			return nil, c.err("formats", "the TAI64N format is not supported by clustersearch-fake yet")
		default:
			l, ok := javaLayout(f)
			if !ok {
				return nil, c.err("formats", "the date format ["+f+"] is not supported by clustersearch-fake yet")
			}
			p.layouts = append(p.layouts, l)
		}
	}
	tz, err := c.optStr("timezone", "UTC")
	if err != nil {
		return nil, err
	}
	loc, lerr := time.LoadLocation(tz)
	if lerr != nil {
		return nil, c.err("timezone", "the time zone ["+tz+"] is not supported by clustersearch-fake")
	}
	p.loc = loc
	if loc, err := c.optStr("locale", "ENGLISH"); err != nil {
		return nil, err
	} else if !strings.EqualFold(loc, "ENGLISH") && !strings.EqualFold(loc, "en") && !strings.EqualFold(loc, "ROOT") {
		return nil, c.err("locale", "locale ["+loc+"] is not supported by clustersearch-fake")
	}
	out, err := c.optStr("output_format", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX")
	if err != nil {
		return nil, err
	}
	if p.output, _ = javaLayout(out); p.output == "" {
		return nil, c.err("output_format", "the date format ["+out+"] is not supported by clustersearch-fake yet")
	}
	return p, nil
}

func (p *dateProc) run(_ *execution, d *Document) *apierr.Error {
	v, err := d.Get(p.field)
	if err != nil {
		return err
	}
	s := painless.ToJavaString(v)
	for i, f := range p.formats {
		t, ok := parseDate(s, f, p.layouts[i], p.loc)
		if ok {
			return d.Set(p.target, t.In(p.loc).Format(p.output))
		}
	}
	return apierr.IllegalArgument("unable to parse date [%s]", s)
}

func parseDate(s, format, layout string, loc *time.Location) (time.Time, bool) {
	switch format {
	case "UNIX":
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.UnixMilli(int64(f * 1000)).UTC(), true
	case "UNIX_MS":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.UnixMilli(n).UTC(), true
	case "ISO8601":
		for _, l := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"} {
			if t, err := time.ParseInLocation(l, s, loc); err == nil {
				return t, true
			}
		}
		return time.Time{}, false
	}
	t, err := time.ParseInLocation(layout, s, loc)
	return t, err == nil
}

// javaLayout translates the common DateTimeFormatter letters into a Go layout; other
// letters report false.
func javaLayout(f string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(f); {
		c := f[i]
		if c == '\'' {
			j := strings.IndexByte(f[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(f[i+1 : i+1+j])
			i += j + 2
			continue
		}
		n := 1
		for i+n < len(f) && f[i+n] == c {
			n++
		}
		i += n
		if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
			l, ok := javaLetter(c, n)
			if !ok {
				return "", false
			}
			b.WriteString(l)
			continue
		}
		b.WriteString(strings.Repeat(string(c), n))
	}
	return b.String(), true
}

func javaLetter(c byte, n int) (string, bool) {
	switch {
	case c == 'y' || c == 'u':
		if n == 2 {
			return "06", true
		}
		return "2006", true
	case c == 'M' && n == 1:
		return "1", true
	case c == 'M' && n == 2:
		return "01", true
	case c == 'M' && n == 3:
		return "Jan", true
	case c == 'M' && n == 4:
		return "January", true
	case c == 'd' && n == 1:
		return "2", true
	case c == 'd' && n == 2:
		return "02", true
	case c == 'H' && n <= 2:
		return "15", true
	case c == 'h' && n == 1:
		return "3", true
	case c == 'h' && n == 2:
		return "03", true
	case c == 'm' && n == 1:
		return "4", true
	case c == 'm' && n == 2:
		return "04", true
	case c == 's' && n == 1:
		return "5", true
	case c == 's' && n == 2:
		return "05", true
	case c == 'S':
		return strings.Repeat("0", n), true
	case c == 'a':
		return "PM", true
	case c == 'E' && n <= 3:
		return "Mon", true
	case c == 'E':
		return "Monday", true
	case c == 'X' && n == 1:
		return "Z07", true
	case c == 'X' && n == 2:
		return "Z0700", true
	case c == 'X' && n == 3:
		return "Z07:00", true
	case c == 'Z' && n <= 3:
		return "-0700", true
	case c == 'x' && n == 3:
		return "-07:00", true
	}
	return "", false
}
