package settings

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func flatten(t *testing.T, src string) Settings {
	t.Helper()
	v, err := jsonout.Decode([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Flatten(v.(jsonout.Object))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestFlattenForms(t *testing.T) {
	for _, src := range []string{
		`{"index":{"number_of_shards":2,"analysis":{"filter":{"f":{"stopwords":["a","b"]}}}}}`,
		`{"number_of_shards":"2","analysis.filter.f.stopwords":["a","b"]}`,
		`{"index.number_of_shards":2,"index":{"analysis":{"filter":{"f":{"stopwords":["a","b"]}}}}}`,
	} {
		s := flatten(t, src)
		out, _ := jsonout.Marshal(s.Flat())
		if string(out) != `{"index.analysis.filter.f.stopwords":["a","b"],"index.number_of_shards":"2"}` {
			t.Errorf("%s -> %s", src, out)
		}
	}
}

func TestMatchAndFilter(t *testing.T) {
	s := flatten(t, `{"number_of_shards":1,"number_of_replicas":0,"refresh_interval":"1s"}`)
	tests := []struct {
		names []string
		want  string
	}{
		{nil, `{"index.number_of_replicas":"0","index.number_of_shards":"1","index.refresh_interval":"1s"}`},
		{[]string{"_all"}, `{"index.number_of_replicas":"0","index.number_of_shards":"1","index.refresh_interval":"1s"}`},
		{[]string{"index.number_of_*"}, `{"index.number_of_replicas":"0","index.number_of_shards":"1"}`},
		{[]string{"*interval"}, `{"index.refresh_interval":"1s"}`},
		{[]string{"index.number_of_shards", "nope"}, `{"index.number_of_shards":"1"}`},
	}
	for _, tt := range tests {
		out, _ := jsonout.Marshal(s.Filter(tt.names).Flat())
		if string(out) != tt.want {
			t.Errorf("%v: %s, want %s", tt.names, out, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{`{"number_of_shards":0}`, "Failed to parse value [0] for setting [index.number_of_shards] must be >= 1"},
		{`{"number_of_shards":1025}`, "Failed to parse value [1025] for setting [index.number_of_shards] must be <= 1024"},
		{`{"number_of_shards":"x"}`, "Failed to parse value [x] for setting [index.number_of_shards]"},
		{`{"refresh_interval":"5 parsecs"}`, "failed to parse [5 parsecs]"},
		{`{"refresh_interval":"1.5s"}`, "failed to parse [1.5s], fractional time values are not supported"},
		{`{"refresh_interval":"soon"}`, "failed to parse setting [index.refresh_interval] with value [soon] as a time value: unit is missing or unrecognized"},
		{`{"hidden":"yes"}`, "Failed to parse value [yes] as only [true] or [false] are allowed."},
		{`{"uuid":"x"}`, "private index setting [index.uuid] can not be set explicitly"},
		{`{"number_of_shards":3,"number_of_routing_shards":7}`, "the number of source shards [3] must be a factor of [7]"},
		{`{"number_of_shards":3,"number_of_routing_shards":6,"analysis":{"analyzer":{"a":{"tokenizer":"standard"}}}}`, ""},
	}
	for _, tt := range tests {
		err := ValidateCreate(flatten(t, tt.src))
		got := ""
		if err != nil {
			got = err.Reason
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestParseTimeValue(t *testing.T) {
	for in, want := range map[string]string{"-1": "-1ns", "0": "0s", "000": "0s", "1s": "1s", "500ms": "500ms", "2m": "2m0s", "1H": "1h0m0s", "1d": "24h0m0s",
		// Values past Long.MAX_VALUE nanoseconds saturate, as TimeUnit does.
		"9999999999999d": "2562047h47m16.854775807s", "106752d": "2562047h47m16.854775807s"} {
		d, err := ParseTimeValue(in, "k")
		if err != nil || d.String() != want {
			t.Errorf("ParseTimeValue(%q) = %v, %v; want %s", in, d, err, want)
		}
	}
	// TimeValue's refusals, each an IllegalArgumentException.
	for in, want := range map[string]string{
		"1.5h":      "failed to parse [1.5h], fractional time values are not supported",
		"5 parsecs": "failed to parse [5 parsecs]",
		"1M":        "failed to parse setting [k] with value [1M] as a time value: unit is missing or unrecognized",
		"-2s":       "failed to parse setting [k] with value [-2s] as a time value: negative durations are not supported",
	} {
		_, err := ParseTimeValue(in, "k")
		if err == nil || err.Type != "illegal_argument_exception" || err.Reason != want {
			t.Errorf("ParseTimeValue(%q) = %v; want illegal_argument_exception %q", in, err, want)
		}
	}
}

func FuzzFlattenValidate(f *testing.F) {
	f.Add(`{"index":{"number_of_shards":"3","analysis":{"a":[1,true,null]}}}`)
	f.Add(`{"refresh_interval":"1.5m","x":{"y":{}}}`)
	f.Add(`{"index.blocks.*":null,"index.max_*":"5"}`)
	f.Fuzz(func(t *testing.T, src string) {
		v, err := jsonout.Decode([]byte(src))
		if err != nil {
			return
		}
		o, ok := v.(jsonout.Object)
		if !ok {
			return
		}
		s, err := Flatten(o)
		if err != nil {
			return
		}
		_ = ValidateCreate(s)
		_, _ = ValidateUpdate(s)
		_, _ = WildcardResets(s)
		if _, err := jsonout.Marshal(s.Nested()); err != nil {
			t.Fatal(err)
		}
	})
}
