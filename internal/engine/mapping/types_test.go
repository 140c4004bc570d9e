package mapping

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestRoundHalfFloat(t *testing.T) {
	cases := []struct{ in, want float64 }{
		{1.1, 1126.0 / 1024},    // 1.1 * 2^10 = 1126.4
		{65504, 65504},          // the largest half
		{65519, 65504},          // still rounds down
		{65520, math.Inf(1)},    // halfway to 2^16 rounds up to infinity
		{math.Ldexp(1, -25), 0}, // tie between 0 and the smallest subnormal: even
		{3 * math.Ldexp(1, -25), math.Ldexp(1, -23)},
		{-2.0009765625, -2}, // below the spacing of 2^-9 at 2
	}
	for _, c := range cases {
		if got := RoundHalfFloat(c.in); got != c.want {
			t.Errorf("RoundHalfFloat(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestParseCIDR(t *testing.T) {
	cases := []struct{ in, lo, hi string }{
		{"192.168.0.0/16", "192.168.0.0", "192.168.255.255"},
		{"10.1.2.3/8", "10.0.0.0", "10.255.255.255"},
		{"2001:db8::/32", "2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"},
		{"1.2.3.4/32", "1.2.3.4", "1.2.3.4"},
	}
	for _, c := range cases {
		lo, hi, ok := ParseCIDR(c.in)
		if !ok || lo.String() != c.lo || hi.String() != c.hi {
			t.Errorf("ParseCIDR(%q) = %v %v %v, want %s %s", c.in, lo, hi, ok, c.lo, c.hi)
		}
	}
	for _, bad := range []string{"1.2.3.4", "1.2.3.4/33", "x/8", "1.2.3.4/"} {
		if _, _, ok := ParseCIDR(bad); ok {
			t.Errorf("ParseCIDR(%q) accepted", bad)
		}
	}
}

func TestIPEncodingOrder(t *testing.T) {
	order := []string{"0.0.0.0", "10.0.0.1", "192.168.1.10", "255.255.255.255", "2001:db8::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"}
	prev := ""
	for i, s := range order {
		a, ok := ParseIP(s)
		if !ok {
			t.Fatalf("ParseIP(%q) failed", s)
		}
		enc := EncodeIP(a)
		if FormatIP(enc) != s {
			t.Errorf("FormatIP(EncodeIP(%s)) = %s", s, FormatIP(enc))
		}
		if i > 0 && enc <= prev {
			t.Errorf("%s does not sort after %s", s, order[i-1])
		}
		prev = enc
	}
	if _, ok := ParseIP("01.2.3.4"); ok {
		t.Error("leading zero accepted")
	}
}

func TestUnsignedEncoding(t *testing.T) {
	vals := []uint64{0, 1, 1 << 63, math.MaxUint64}
	for i := 1; i < len(vals); i++ {
		if EncodeUnsigned(vals[i-1]) >= EncodeUnsigned(vals[i]) {
			t.Errorf("order of %d and %d lost", vals[i-1], vals[i])
		}
		if DecodeUnsigned(EncodeUnsigned(vals[i])) != vals[i] {
			t.Errorf("round trip of %d", vals[i])
		}
	}
	if u, err := ParseUnsigned("18446744073709551615.9"); err != nil || u != math.MaxUint64 {
		t.Errorf("decimal max: %d %v", u, err)
	}
	if _, err := ParseUnsigned("18446744073709551616"); err == nil || err.Reason != "Value [18446744073709551616] is out of range for an unsigned long" {
		t.Errorf("above max: %v", err)
	}
}

func TestGeoPointForms(t *testing.T) {
	want := GeoPoint{Lat: 41.12, Lon: -71.34}
	forms := []any{
		jsonout.Object{{Key: "lat", Value: num("41.12")}, {Key: "lon", Value: num("-71.34")}},
		jsonout.Object{{Key: "type", Value: "Point"}, {Key: "coordinates", Value: []any{num("-71.34"), num("41.12")}}},
		"41.12,-71.34",
		"POINT (-71.34 41.12)",
		[]any{num("-71.34"), num("41.12")},
	}
	for _, f := range forms {
		got, err := ParseGeoPoint(f, true)
		if err != nil || got != want {
			t.Errorf("ParseGeoPoint(%v) = %v, %v", f, got, err)
		}
	}
	// The Wikipedia example geohash decodes to the centre of its cell.
	p, err := ParseGeoPoint("u4pruydqqvj", true)
	if err != nil || math.Abs(p.Lat-57.64911) > 1e-5 || math.Abs(p.Lon-10.40744) > 1e-5 {
		t.Errorf("geohash: %v %v", p, err)
	}
	if g := Geohash(57.64911, 10.40744, 11); g != "u4pruydqqvj" {
		t.Errorf("Geohash = %s", g)
	}
	if _, err := ParseGeoPoint([]any{num("1"), num("2"), num("3")}, false); err == nil {
		t.Error("z accepted with ignore_z_value false")
	}
	if _, err := ParseGeoPoint(jsonout.Object{{Key: "lat", Value: num("1")}}, true); err == nil || err.Error() != "field [lon] missing" {
		t.Errorf("missing lon: %v", err)
	}
}

func TestGeoPointEncoding(t *testing.T) {
	for _, c := range [][2]float64{{41.12, -71.34}, {-90, -180}, {90, 180}, {0, 0}} {
		lat, lon := DecodeGeoPoint(EncodeGeoPoint(c[0], c[1]))
		// Quantisation floors to a 2^-32 step of the range.
		if lat > c[0] || c[0]-lat > 180.0/(1<<32)*1.0001 || lon > c[1] || c[1]-lon > 360.0/(1<<32)*1.0001 {
			t.Errorf("%v decodes to %v, %v", c, lat, lon)
		}
	}
}

func num(s string) any { return json.Number(s) }
