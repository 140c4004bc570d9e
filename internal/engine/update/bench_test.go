package update

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// BenchmarkPrepareScript is the cost of one scripted update: parse the
// stored source, run a cached Painless script, encode the new source.
func BenchmarkPrepareScript(b *testing.B) {
	cache := painless.NewCache(0)
	req := &Request{Script: &Script{Source: "ctx._source.count += params.n; ctx._source.tags.add(params.t)", Lang: "painless", Params: []byte(`{"n":1,"t":"x"}`)}}
	cur := Current{Found: true, Source: []byte(`{"title":"a document","count":41,"tags":["a","b"],"meta":{"x":1}}`), Index: "i", ID: "1", Version: 1}
	now := time.UnixMilli(0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Prepare(req, cur, now, cache); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepareDoc is a partial-document merge for comparison.
func BenchmarkPrepareDoc(b *testing.B) {
	req := &Request{Doc: []byte(`{"count":42,"meta":{"y":2}}`), DetectNoop: true}
	cur := Current{Found: true, Source: []byte(`{"title":"a document","count":41,"tags":["a","b"],"meta":{"x":1}}`)}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Prepare(req, cur, time.Time{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
