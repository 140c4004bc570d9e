package mapping

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// FuzzFieldTypeValues feeds arbitrary JSON to every newer field type: a
// document either parses or fails with an OpenSearch-shaped error, never a
// panic, and a parsed value round-trips through its encoding.
func FuzzFieldTypeValues(f *testing.F) {
	for _, s := range []string{`"192.168.0.1"`, `"::1"`, `"10.0.0.0/8"`, `{"lat":1,"lon":2}`, `[1,2,3]`, `"u4pruydqqvj"`, `"POINT (1 2)"`,
		`18446744073709551615`, `"-1"`, `1.5e300`, `{"gte":1,"lt":"x"}`, `{"gt":"1.2.3.4"}`, `"2262-04-11T23:47:16.854775807Z"`, `"YWJj"`, `{"a":{"b":[1,{"c":null}]}}`} {
		f.Add(s)
	}
	m, err := ParseMappings(mustDecode(`{"properties":{"ip":{"type":"ip"},"geo":{"type":"geo_point"},"u":{"type":"unsigned_long"},"h":{"type":"half_float"},` +
		`"s":{"type":"scaled_float","scaling_factor":10},"n":{"type":"date_nanos"},"b":{"type":"binary"},"r":{"type":"integer_range"},"ir":{"type":"ip_range"},` +
		`"dr":{"type":"date_range"},"fo":{"type":"flat_object"},"c":{"type":"constant_keyword","value":"x"},"t":{"type":"token_count","analyzer":"standard"}}}`))
	if err != nil {
		f.Fatal(err)
	}
	fields := []string{"ip", "geo", "u", "h", "s", "n", "b", "r", "ir", "dr", "fo", "c", "t"}
	f.Fuzz(func(t *testing.T, value string) {
		v, derr := jsonout.Decode([]byte(value))
		if derr != nil {
			return
		}
		for _, name := range fields {
			doc := jsonout.Object{{Key: name, Value: v}}
			parsed, _, perr := m.Parse("1", doc)
			if perr != nil {
				if perr.Type == "" || perr.Reason == "" {
					t.Fatalf("%s=%s: shapeless error %+v", name, value, perr)
				}
				continue
			}
			for _, pv := range parsed.Values {
				if pv.Field.Type == TypeIP && FormatIP(pv.Str) == "" {
					t.Fatalf("ip %s did not round trip", value)
				}
				if pv.Field.Type == TypeGeoPoint {
					lat, lon := DecodeGeoPoint(pv.Int)
					if lat < -90 || lat > 90 || lon < -180 || lon > 180 {
						t.Fatalf("geo %s decodes to %v,%v", value, lat, lon)
					}
				}
			}
		}
		_, _ = ParseGeoPoint(v, false)
		_, _, _ = ParseCIDR(value)
		_, _ = ParseUnsigned(value)
		_, _ = ParseDateNanos(value, DefaultDateNanosFormat)
		_ = RoundHalfFloat(float64(len(value)))
	})
}

func mustDecode(s string) any {
	v, err := jsonout.Decode([]byte(s))
	if err != nil {
		panic(err)
	}
	return v
}

// FuzzDynamicTemplates parses arbitrary dynamic_templates and maps a field
// through them: errors, never panics.
func FuzzDynamicTemplates(f *testing.F) {
	f.Add(`[{"t":{"match":"*_id","mapping":{"type":"keyword"}}}]`, "user_id")
	f.Add(`[{"t":{"match_pattern":"regex","path_match":"a\\..*","mapping":{"type":"{dynamic_type}"}}}]`, "a")
	f.Fuzz(func(t *testing.T, templates, name string) {
		v, err := jsonout.Decode([]byte(templates))
		if err != nil || name == "" {
			return
		}
		m, perr := ParseMappings(jsonout.Object{{Key: "dynamic_templates", Value: v}})
		if perr != nil {
			return
		}
		_, _, _ = m.Parse("1", jsonout.Object{{Key: name, Value: "2020-01-01"}, {Key: name + "x", Value: jsonout.Object{{Key: "k", Value: true}}}})
	})
}
