package mapping

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestParseDate(t *testing.T) {
	tests := []struct {
		in, format string
		want       time.Time
		ok         bool
	}{
		{"2015-01-01", DefaultDateFormat, time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"2015-01-01T12:10:30Z", DefaultDateFormat, time.Date(2015, 1, 1, 12, 10, 30, 0, time.UTC), true},
		{"2015-01-01T12:10:30.5+01:00", DefaultDateFormat, time.Date(2015, 1, 1, 11, 10, 30, 5e8, time.UTC), true},
		{"1420070400000", DefaultDateFormat, time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"2015/09/02", "yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis", time.Date(2015, 9, 2, 0, 0, 0, 0, time.UTC), true},
		{"2015-02-30", DefaultDateFormat, time.Time{}, false},
		{"hello", DefaultDateFormat, time.Time{}, false},
		{"2015-1-1", DefaultDateFormat, time.Time{}, false},
	}
	for _, tt := range tests {
		ms, err := ParseDate(tt.in, tt.format)
		if (err == nil) != tt.ok || (tt.ok && ms != tt.want.UnixMilli()) {
			t.Errorf("ParseDate(%q) = %d, %v; want %d ok=%v", tt.in, ms, err, tt.want.UnixMilli(), tt.ok)
		}
	}
	if _, ok := DetectDate("2015"); ok {
		t.Error("pure numbers are never dates")
	}
}

func TestExplicitMappingRender(t *testing.T) {
	src := `{"properties":{"b":{"type":"keyword","ignore_above":10,"doc_values":false},"a":{"type":"nested","properties":{"x":{"type":"date","format":"yyyy"}}}}}`
	v, _ := jsonout.Decode([]byte(src))
	m, err := ParseMappings(v)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := jsonout.Marshal(m.Render())
	want := `{"properties":{"a":{"type":"nested","properties":{"x":{"type":"date","format":"yyyy"}}},"b":{"type":"keyword","doc_values":false,"ignore_above":10}}}`
	if string(out) != want {
		t.Errorf("render %s\nwant %s", out, want)
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2015-01-01", "2015-01-01T00:00:00.123456789Z", "2015/01/01 10:00:00", "-1", "2015-01-01T10:00+0530"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fm := range []string{DefaultDateFormat, dynamicDateFormats[1], "yyyy-MM-dd'T'HH", "epoch_second"} {
			_, _ = ParseDate(s, fm)
		}
		DetectDate(s)
	})
}

func FuzzMappingAndDocument(f *testing.F) {
	f.Add(`{"properties":{"a":{"type":"integer"},"t":{"type":"text","fields":{"k":{"type":"keyword"}}}}}`, `{"a":1,"t":"x","n":{"m":[1,2]}}`)
	f.Add(`{"dynamic":"strict"}`, `{"a":1}`)
	f.Add(`{}`, `{"a.b":"2015-01-01","c":null,"d":[true,false]}`)
	f.Fuzz(func(t *testing.T, mapping, doc string) {
		mv, err := jsonout.Decode([]byte(mapping))
		if err != nil {
			return
		}
		m, perr := ParseMappings(mv)
		if perr != nil {
			return
		}
		dv, err := jsonout.Decode([]byte(doc))
		if err != nil {
			return
		}
		_, updated, _ := m.Parse("1", dv)
		if updated != nil {
			if _, err := jsonout.Marshal(updated.Render()); err != nil {
				t.Fatal(err)
			}
		}
	})
}
