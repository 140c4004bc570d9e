package aggs

import (
	"fmt"
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// parser reads one aggregation type's body as OpenSearch's ObjectParser
// does: each known field by name, "[type] unknown field [x]" otherwise.
type parser struct {
	agg *Agg
	v   *xcontent.Value
	// warn receives deprecation warnings (nil: dropped).
	warn func(string)
	// known are the parser's field names (deprecated ones too), the
	// candidates of "did you mean" on an unknown field (none when nil).
	known []string
}

// xerr is an x_content_parse_exception at a value's location.
func xerr(line, col int, format string, args ...any) *apierr.Error {
	e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(line, col)+" "+sprintf(format, args...))
	e.Status = 400
	return e
}

// fields walks the body's members, calling fn for each; fn returns false
// for a field it does not know.
func (p *parser) fields(fn func(m *xcontent.Member) (bool, *apierr.Error)) *apierr.Error {
	if p.v.Kind != xcontent.Object {
		return xerr(p.v.Line, p.v.Col, "[%s] Expected START_OBJECT but was: %s", p.agg.Type, p.v.Token())
	}
	for i := range p.v.Members {
		m := &p.v.Members[i]
		ok, err := fn(m)
		if err != nil {
			return err
		}
		if !ok {
			return p.unknown(m)
		}
	}
	return nil
}

func (p *parser) unknown(m *xcontent.Member) *apierr.Error {
	if p.known != nil {
		return xerr(m.Line, m.Col, "[%s] unknown field [%s]%s", p.agg.Type, m.Key, dsl.DidYouMean(m.Key, p.known))
	}
	return xerr(m.Line, m.Col, "[%s] unknown field [%s]", p.agg.Type, m.Key)
}

// wrongType is ObjectParser's answer to a value of a kind the field does
// not take.
func (p *parser) wrongType(m *xcontent.Member) *apierr.Error {
	return xerr(m.Value.Line, m.Value.Col, "[%s] %s doesn't support values of type: %s", p.agg.Type, m.Key, m.Value.Token())
}

// failed is "[type] failed to parse field [x]" with a cause.
func (p *parser) failed(m *xcontent.Member, cause *apierr.Error) *apierr.Error {
	e := xerr(m.Line, m.Col, "[%s] failed to parse field [%s]", p.agg.Type, m.Key)
	e.Cause = cause
	return e
}

func (p *parser) str(m *xcontent.Member) (string, *apierr.Error) {
	if !m.Value.IsScalar() || m.Value.Kind == xcontent.Null {
		return "", p.wrongType(m)
	}
	return m.Value.Text(), nil
}

func (p *parser) boolean(m *xcontent.Member) (bool, *apierr.Error) {
	switch {
	case m.Value.Kind == xcontent.Bool:
		return m.Value.Bool, nil
	case m.Value.Kind == xcontent.String && (m.Value.Str == "true" || m.Value.Str == "false"):
		return m.Value.Str == "true", nil
	case m.Value.Kind == xcontent.String:
		return false, p.failed(m, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", m.Value.Str))
	}
	return false, p.wrongType(m)
}

func numberFormat(text string) *apierr.Error {
	e := apierr.New(apierr.TypeNumberFormat, `For input string: "`+text+`"`)
	e.Status = 400
	return e
}

// integer reads an int field (numbers and numeric strings; a fraction is
// truncated as Jackson's intValue does).
func (p *parser) integer(m *xcontent.Member) (int, *apierr.Error) {
	v := &m.Value
	switch v.Kind {
	case xcontent.Number:
		if n, ok := v.Int64(); ok {
			if n > math.MaxInt32 || n < math.MinInt32 {
				return 0, p.failed(m, apierr.IllegalArgument("Numeric value (%s) out of range of int", v.Str))
			}
			return int(n), nil
		}
		f, _ := v.Float64()
		return int(f), nil
	case xcontent.String:
		n, err := strconv.ParseInt(v.Str, 10, 32)
		if err != nil {
			f, ferr := strconv.ParseFloat(v.Str, 64)
			if ferr != nil {
				return 0, p.failed(m, numberFormat(v.Str))
			}
			return int(f), nil
		}
		return int(n), nil
	}
	return 0, p.wrongType(m)
}

// long reads a long field.
func (p *parser) long(m *xcontent.Member) (int64, *apierr.Error) {
	v := &m.Value
	switch v.Kind {
	case xcontent.Number:
		if n, ok := v.Int64(); ok {
			return n, nil
		}
		f, _ := v.Float64()
		return int64(f), nil
	case xcontent.String:
		n, err := strconv.ParseInt(v.Str, 10, 64)
		if err != nil {
			f, ferr := strconv.ParseFloat(v.Str, 64)
			if ferr != nil {
				return 0, p.failed(m, numberFormat(v.Str))
			}
			return int64(f), nil
		}
		return n, nil
	}
	return 0, p.wrongType(m)
}

// double reads a double field.
func (p *parser) double(m *xcontent.Member) (float64, *apierr.Error) {
	v := &m.Value
	switch v.Kind {
	case xcontent.Number:
		f, _ := v.Float64()
		return f, nil
	case xcontent.String:
		f, err := strconv.ParseFloat(v.Str, 64)
		if err != nil {
			return 0, p.failed(m, numberFormat(v.Str))
		}
		return f, nil
	}
	return 0, p.wrongType(m)
}
