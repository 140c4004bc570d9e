package ingest

import (
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// dateIndexNameProc is DateIndexNameProcessor: the document's _index
// becomes a date math index name, <prefix{date||/rounding{format|zone}}>,
// from a date field; the index request resolves it.
type dateIndexNameProc struct {
	field                      string
	parsers                    []dateIndexParser
	loc                        *time.Location
	zoneID                     string // the time zone as the expression names it
	prefix, rounding, nameForm *template
}

// dateIndexParser is one of date_formats: ISO8601, UNIX, UNIX_MS or a
// Java pattern (TAI64N is not supported by the fake).
type dateIndexParser struct {
	kind string
	fmt  *dsl.DateFormat
}

func newDateIndexName(s *Service, c *config) (runner, *apierr.Error) {
	p := &dateIndexNameProc{loc: time.UTC, zoneID: "UTC"}
	locale, err := c.optStr("locale", "")
	if err != nil {
		return nil, err
	}
	if locale != "" && !englishLanguageTag(locale) {
		return nil, c.err("locale", "locale ["+locale+"] is not supported by clustersearch-fake: dates are read and written in English")
	}
	tz, err := c.optStr("timezone", "")
	if err != nil {
		return nil, err
	}
	if tz != "" {
		loc, zerr := dsl.ParseTimeZone(tz)
		if zerr != nil {
			return nil, apierr.FromXContent(zerr)
		}
		p.loc, p.zoneID = loc, javaZoneID(tz, loc)
	}
	formats := []any{"yyyy-MM-dd'T'HH:mm:ss.SSSXX"}
	if v, ok := c.take("date_formats"); ok && v != nil {
		l, isList := v.(*painless.List)
		if !isList {
			return nil, c.err("date_formats", "property isn't a list, but of type ["+painless.ClassName(v)+"]")
		}
		formats = l.Items
	}
	for _, f := range formats {
		spec, isStr := f.(string)
		if !isStr {
			return nil, apierr.New("class_cast_exception", javaCastMessage(f, "java.lang.String"))
		}
		dp := dateIndexParser{kind: spec}
		switch spec {
		case "ISO8601":
			dp.fmt, _ = dsl.ParseDateFormat("iso8601")
		case "UNIX", "UNIX_MS":
		case "TAI64N":
			return nil, c.err("date_formats", "the TAI64N format is not supported by clustersearch-fake yet")
		default:
			df, ferr := dsl.ParseDateFormat(spec)
			if ferr != nil {
				return nil, apierr.FromXContent(ferr)
			}
			dp.kind, dp.fmt = "java", df
		}
		p.parsers = append(p.parsers, dp)
	}
	if p.field, err = c.str("field"); err != nil {
		return nil, err
	}
	prefix, err := c.optStr("index_name_prefix", "")
	if err != nil {
		return nil, err
	}
	if p.prefix, err = c.template("index_name_prefix", prefix); err != nil {
		return nil, err
	}
	if p.rounding, err = templateProp(c, "date_rounding", true); err != nil {
		return nil, err
	}
	form, err := c.optStr("index_name_format", "yyyy-MM-dd")
	if err != nil {
		return nil, err
	}
	if p.nameForm, err = c.template("index_name_format", form); err != nil {
		return nil, err
	}
	return p, nil
}

// englishLanguageTag reports whether a BCP 47 tag names English (or the
// root locale), the only language the fake's date formats speak.
func englishLanguageTag(tag string) bool {
	lang, _, _ := strings.Cut(strings.ToLower(tag), "-")
	return lang == "en" || lang == "und"
}

func (p *dateIndexNameProc) run(_ *execution, d *Document) *apierr.Error {
	v, err := d.Get(p.field)
	if err != nil {
		return err
	}
	date := "null"
	if v != nil {
		date = painless.ToJavaString(v)
	}
	// Every parser is tried and the last one that succeeds wins, as the
	// processor's loop has no break.
	var when time.Time
	parsed := false
	for _, dp := range p.parsers {
		if v == nil {
			break
		}
		if t, ok := dp.parse(date, p.loc); ok {
			when, parsed = t, true
		}
	}
	if !parsed {
		return apierr.IllegalArgument("unable to parse date [%s]", date)
	}
	form := p.nameForm.render(d)
	df, ferr := dsl.ParseDateFormat(form)
	if ferr != nil {
		return apierr.FromXContent(ferr)
	}
	name := "<" + p.prefix.render(d) + "{" + df.Format(when, p.loc) + "||/" + p.rounding.render(d) + "{" + form + "|" + p.zoneID + "}}>"
	return d.Set("_index", name)
}

// javaZoneID is ZoneId.getId for what ZoneId.of(id) built, printed "UTC"
// for ZoneOffset.UTC as the processor does: offsets are normalized
// (+1 is +01:00), region IDs kept.
func javaZoneID(id string, loc *time.Location) string {
	if id == "Z" {
		return "UTC"
	}
	if id[0] != '+' && id[0] != '-' {
		return id
	}
	_, off := time.Time{}.In(loc).Zone()
	if off == 0 {
		return "UTC"
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	out := []byte{sign}
	out = append(out, fmt2(off/3600)...)
	out = append(append(out, ':'), fmt2(off/60%60)...)
	if off%60 != 0 {
		out = append(append(out, ':'), fmt2(off%60)...)
	}
	return string(out)
}

func fmt2(n int) string { return string([]byte{byte('0' + n/10), byte('0' + n%10)}) }

func (dp dateIndexParser) parse(s string, loc *time.Location) (time.Time, bool) {
	switch dp.kind {
	case "UNIX":
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.UnixMilli(int64(f * 1000)).In(loc), true
	case "UNIX_MS":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.UnixMilli(n).In(loc), true
	}
	t, err := dp.fmt.Parse(s, loc, false)
	if err != nil {
		return time.Time{}, false
	}
	return t.In(loc), true
}

// ResolveIndexDateMath resolves a date math index name such as
// "<logs-{now/d}>" or "<logs-{2024-05-03||/M{yyyy-MM}|UTC}>" as
// IndexNameExpressionResolver.DateMathExpressionResolver does; a name not
// wrapped in < > is returned as is.
func ResolveIndexDateMath(expr string, now time.Time) (string, *apierr.Error) {
	if len(expr) < 2 || expr[0] != '<' || expr[len(expr)-1] != '>' {
		return expr, nil
	}
	bad := func(why string) *apierr.Error {
		return apierr.Parse("invalid dynamic name expression [%s]. %s", expr[1:len(expr)-1], why)
	}
	s := expr[1 : len(expr)-1]
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			if i+1 >= len(s) {
				return "", bad("invalid escape character at the end of expression")
			}
			i++
			out.WriteByte(s[i])
			continue
		case '}':
			return "", bad("invalid character in placeholder at position [" + strconv.Itoa(i) + "]")
		case '{':
		default:
			out.WriteByte(c)
			continue
		}
		// A placeholder: math [ "{" format [ "|" zone ] "}" ] "}".
		end := strings.IndexByte(s[i+1:], '}')
		if end < 0 {
			return "", bad("date math placeholder is open ended")
		}
		body := s[i+1:]
		math, format, zoneID := body, "uuuu.MM.dd", ""
		closeAt := -1
		if j := strings.IndexAny(body, "{}"); j >= 0 && body[j] == '{' {
			k := strings.IndexByte(body[j+1:], '}')
			if k < 0 || j+1+k+1 >= len(body) || body[j+1+k+1] != '}' {
				return "", bad("missing closing '}' for the date format")
			}
			math, format = body[:j], body[j+1:j+1+k]
			if f, z, ok := strings.Cut(format, "|"); ok {
				format, zoneID = f, z
			}
			closeAt = j + 1 + k + 1
		} else {
			math = body[:end]
			closeAt = end
		}
		if math == "" {
			return "", bad("missing date math expression")
		}
		zone := time.UTC
		if zoneID != "" {
			loc, zerr := dsl.ParseTimeZone(zoneID)
			if zerr != nil {
				return "", apierr.FromXContent(zerr)
			}
			zone = loc
		}
		df, ferr := dsl.ParseDateFormat(format)
		if ferr != nil {
			return "", apierr.FromXContent(ferr)
		}
		t, merr := dsl.ParseDateMath(math, now, df, zone, false)
		if merr != nil {
			return "", apierr.FromXContent(merr)
		}
		out.WriteString(df.Format(t, zone))
		i += 1 + closeAt
	}
	return out.String(), nil
}
