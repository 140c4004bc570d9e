package aggs

import (
	"os"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// FuzzAggregationsUnmarshal feeds arbitrary bodies to the decoder: it must
// never panic, and whatever it accepts must encode to valid JSON that it
// accepts again, with every accessor answering without panicking.
func FuzzAggregationsUnmarshal(f *testing.F) {
	if b, err := os.ReadFile("testdata/typed_keys.json"); err == nil {
		f.Add(b)
		f.Add(untyped(b))
	}
	for _, s := range []string{
		`{}`, `null`, `{"a":{}}`, `{"sterms#a":{"buckets":[{"key":"x","doc_count":1,"avg#b":{"value":1.5}}]}}`,
		`{"tdigest_percentiles#p":{"values":{"1.0":null,"1.0_as_string":"x"}}}`, `{"a":{"buckets":{"k":{"doc_count":1}}}}`,
		`{"composite#c":{"after_key":{"a":null},"buckets":[{"key":{"a":true},"doc_count":1}]}}`,
		`{"avg#a":{"value":"NaN"}}`, `{"a":{"value":[1]}}`, `{"a#b#c":{"doc_count":1}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var a Aggregations
		if err := a.UnmarshalJSON(body); err != nil {
			return
		}
		for _, n := range a {
			readAll(a, n.Name)
		}
		out, err := jsonx.Marshal(a)
		if err != nil {
			t.Fatalf("marshal of a decoded body failed: %v", err)
		}
		if !jsonx.Valid(out) {
			t.Fatalf("marshal wrote invalid JSON: %s", out)
		}
		var again Aggregations
		if err := again.UnmarshalJSON(out); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
		if len(again) != len(a) {
			t.Fatalf("%d aggregations became %d", len(a), len(again))
		}
	})
}

// readAll calls every accessor on name.
func readAll(a Aggregations, name string) {
	_, _ = a.Terms(name)
	_, _ = a.RareTerms(name)
	_, _ = a.MultiTerms(name)
	_, _ = a.SignificantTerms(name)
	_, _ = a.Histogram(name)
	_, _ = a.DateHistogram(name)
	_, _ = a.Range(name)
	_, _ = a.Filters(name)
	_, _ = a.AdjacencyMatrix(name)
	_, _ = a.SingleBucket(name)
	_, _ = a.Composite(name)
	_, _ = a.Value(name)
	_, _ = a.Stats(name)
	_, _ = a.ExtendedStats(name)
	_, _ = a.Percentiles(name)
	_, _ = a.PercentileRanks(name)
	_, _ = a.TopHits(name)
	_, _ = a.ScriptedMetric(name)
	_, _ = a.Path(name + ">x")
}
