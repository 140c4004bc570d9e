package mapping

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// emitExtra indexes a value of the field types beyond the core ones. How
// each stores its doc values (what shard.Reader returns for it):
//
//	ip               Keywords: the 16-byte address (EncodeIP), no postings
//	binary           Keywords: the base64 text (readable only with doc_values: true)
//	scaled_float     Doubles: round(v*factor) * (1/factor), the doc value OpenSearch reads
//	half_float       Doubles: the value rounded to half precision
//	unsigned_long    Longs: the value with the sign bit flipped (EncodeUnsigned)
//	date_nanos       Longs: epoch nanoseconds
//	token_count      Longs: the analysed token count
//	geo_point        Longs: Lucene's lat/lon encoding (EncodeGeoPoint)
//	wildcard         like keyword (postings and Keywords)
//	match_only_text  like text
//	constant_keyword nothing per document: queries and doc values use the mapped value
func (p *docParser) emitExtra(fld *Field, v any, text string) *apierr.Error {
	switch fld.Type {
	case TypeIP:
		a, ok := ParseIP(text)
		if _, isStr := v.(string); !isStr || !ok {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, apierr.IllegalArgument("%s", notIP(text)))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDocKeyword, Str: EncodeIP(a)})
	case TypeBinary:
		if _, isStr := v.(string); !isStr {
			return p.failField(fld, v, apierr.IllegalArgument("Failed to decode value: not a base64 string"))
		}
		if _, err := base64.StdEncoding.DecodeString(text); err != nil {
			return p.failField(fld, v, apierr.IllegalArgument("Illegal base64 character %s", strconv.QuoteRune(badBase64(text))))
		}
		// Kept even without doc_values: exists still finds the document
		// (through _field_names in OpenSearch); doc value reads check the
		// mapping.
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDocKeyword, Str: text})
	case TypeScaledFloat:
		f, err := p.parseDouble(fld, v, text)
		if err != nil || f == nil {
			return err
		}
		factor := fld.ScalingFactor()
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDouble, Float: ScaledDocValue(ScaleFloat(*f, factor), factor)})
	case TypeHalfFloat:
		f, err := p.parseDouble(fld, v, text)
		if err != nil || f == nil {
			return err
		}
		h := RoundHalfFloat(*f)
		if math.IsInf(h, 0) || math.IsNaN(h) {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, apierr.IllegalArgument("[half_float] supports only finite values, but got [%s]", javaFloat(float32(*f))))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDouble, Float: h})
	case TypeUnsignedLong:
		if _, isBool := v.(bool); isBool {
			return p.failField(fld, v, apierr.IllegalArgument("Current token (VALUE_TRUE) not numeric, can not use numeric value accessors"))
		}
		u, err := ParseUnsigned(text)
		if err != nil {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, err)
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: EncodeUnsigned(u)})
	case TypeDateNanos:
		ms, err := ParseDate(text, fld.DateFormat())
		if err == nil && ms < 0 {
			return p.failField(fld, v, apierr.IllegalArgument("date[%s] is before the epoch in 1970 and cannot be stored in nanosecond resolution", text))
		}
		if err == nil && ms > math.MaxInt64/1000000 {
			return p.failField(fld, v, apierr.IllegalArgument("date[%s] is after 2262-04-11T23:47:16.854775807 and cannot be stored in nanosecond resolution", text))
		}
		ns, err := ParseDateNanos(text, fld.DateFormat())
		if err != nil {
			if p.ignoreMalformed(fld) {
				return nil
			}
			return p.failField(fld, v, apierr.IllegalArgument("failed to parse date field [%s] with format [%s]", text, fld.DateFormat()))
		}
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: ns})
	case TypeTokenCount:
		p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindTokenCount, Str: text})
	case TypeRankFeature:
		return p.rankFeature(fld, fld, v, text)
	case TypeConstantKeyword:
		if text != fld.ConstantValue() {
			return p.failField(fld, v, apierr.IllegalArgument("constant keyword field [%s] must have a value of [%s]", fld.Path, fld.ConstantValue()))
		}
	}
	return nil
}

// parseDouble reads a floating-point value; nil with no error means a
// malformed value ignore_malformed drops.
func (p *docParser) parseDouble(fld *Field, v any, text string) (*float64, *apierr.Error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if _, isBool := v.(bool); err != nil || isBool {
		if p.ignoreMalformed(fld) {
			return nil, nil
		}
		return nil, p.failField(fld, v, apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\""))
	}
	return &f, nil
}

func badBase64(s string) rune {
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '/' || r == '=') {
			return r
		}
	}
	return '='
}

// geoPoint indexes one geo_point value (any accepted form).
func (p *docParser) geoPoint(fld *Field, v any) *apierr.Error {
	ignoreZ := true
	if b, ok := fld.Params["ignore_z_value"].(bool); ok {
		ignoreZ = b
	}
	pt, err := ParseGeoPoint(v, ignoreZ)
	if err != nil {
		if p.ignoreMalformed(fld) {
			return nil
		}
		return p.failField(fld, v, apierr.New(apierr.TypeParse, err.Error()))
	}
	if im, _ := fld.Params["ignore_malformed"].(bool); !im {
		if pt.Lat > 90 || pt.Lat < -90 {
			return p.failField(fld, v, apierr.IllegalArgument("illegal latitude value [%s] for %s", fmtJavaDouble(pt.Lat), fld.Path))
		}
		if pt.Lon > 180 || pt.Lon < -180 {
			return p.failField(fld, v, apierr.IllegalArgument("illegal longitude value [%s] for %s", fmtJavaDouble(pt.Lon), fld.Path))
		}
	} else if pt.Lat > 90 || pt.Lat < -90 || pt.Lon > 180 || pt.Lon < -180 {
		p.ignored(fld.Path)
		return nil
	}
	p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindLong, Int: EncodeGeoPoint(pt.Lat, pt.Lon)})
	return nil
}

// javaFloat prints a float as Float.toString does for ordinary magnitudes.
func javaFloat(f float32) string {
	if math.IsInf(float64(f), 1) {
		return "Infinity"
	}
	if math.IsInf(float64(f), -1) {
		return "-Infinity"
	}
	s := strconv.FormatFloat(float64(f), 'f', -1, 32)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
