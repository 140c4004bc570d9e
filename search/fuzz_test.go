package search

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

// FuzzSearchResponseDecode feeds arbitrary bytes to the response decoders (hits total in
// both forms, matched_queries in both forms, multi-search entries): they must never panic,
// and whatever they accept must encode and decode again to the same value (an empty list
// and an absent one count as equal: omitempty drops the former).
func FuzzSearchResponseDecode(f *testing.F) {
	for _, name := range []string{"search_full.json", "search_sorted_int_total.json", "search_no_total.json", "msearch.json"} {
		f.Add(sdktest.Fixture(f, name))
	}
	f.Add([]byte(`{"hits":{"total":5,"hits":[{"_id":"1","matched_queries":{"a":1.5}}]}}`))
	f.Add([]byte(`{"hits":{"total":{"value":1},"hits":[{"matched_queries":["a","b"],"_score":null}]}}`))
	f.Add([]byte(`{"responses":[{"status":500,"error":{"type":"x","caused_by":{"type":"y"}}},{"status":200,"took":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Response
		if err := jsonx.Unmarshal(data, &r); err == nil {
			out, err := jsonx.Marshal(&r)
			if err != nil {
				t.Fatalf("decoded %q but cannot encode: %v", data, err)
			}
			var again Response
			if err := jsonx.Unmarshal(out, &again); err != nil {
				t.Fatalf("re-decoding %s: %v", out, err)
			}
			opts := cmp.Options{cmp.Comparer(rawEqual), cmpopts.EquateComparable(types.TotalHits{}),
				cmp.FilterPath(notRaw, cmpopts.EquateEmpty())}
			if !cmp.Equal(r.Hits, again.Hits, opts) {
				t.Fatalf("hits changed for %q", data)
			}
		}
		var m MultiSearchResponse
		if err := jsonx.Unmarshal(data, &m); err == nil {
			if _, err := jsonx.Marshal(&m); err != nil {
				t.Fatalf("decoded multi-search %q but cannot encode: %v", data, err)
			}
		}
	})
}

// FuzzTrackTotalHits checks that only true, false and integers are accepted, in both directions.
func FuzzTrackTotalHits(f *testing.F) {
	for _, s := range []string{"true", "false", "10000", "-1", "1.5", `"true"`, "", "9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v TrackTotalHits
		decErr := v.UnmarshalJSON([]byte(s))
		_, encErr := TrackTotalHits(s).MarshalJSON()
		if (decErr == nil) != (encErr == nil) {
			t.Fatalf("%q: decode err %v, encode err %v", s, decErr, encErr)
		}
		if decErr == nil && string(v) != s {
			t.Fatalf("%q decoded to %q", s, v)
		}
	})
}

// notRaw keeps EquateEmpty off raw JSON values, which rawEqual compares.
func notRaw(p cmp.Path) bool { return p.Last().Type() != reflect.TypeOf(jsonx.RawMessage(nil)) }

// rawEqual compares raw JSON values as values, numbers by their text (so 1E1000, which no
// float holds, still compares), strings after unescaping (the encoder writes & as \u0026).
func rawEqual(a, b jsonx.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	x, errX := decodeNumbers(a)
	y, errY := decodeNumbers(b)
	if errX != nil || errY != nil {
		return bytes.Equal(a, b)
	}
	return cmp.Equal(x, y)
}

func decodeNumbers(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}
