package search

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// benchScripts compiles through one cache, as a node does: after the first search every
// compilation is a cache hit.
type benchScripts struct{ c *painless.Cache }

func (s benchScripts) Compile(lang, context, source string, opts painless.CompileOptions) (*painless.Script, error) {
	return s.c.Compile(lang, context, source, opts)
}

// BenchmarkScriptScore10k runs a script_score query whose script reads two doc values and
// _score on every one of 10,000 documents (top 10 collected).
func BenchmarkScriptScore10k(b *testing.B) {
	f := newFixture(b, 1, `{"properties":{"likes":{"type":"long"},"rating":{"type":"double"},"tag":{"type":"keyword"}}}`)
	for i := 0; i < 10000; i++ {
		id := strconv.Itoa(i)
		src := fmt.Appendf(nil, `{"likes":%d,"rating":%d.5,"tag":"t%d"}`, i%997, i%5, i%10)
		p, err := f.x.ParseSource(id, src)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := f.x.Write(&shard.Write{ID: id, Source: src, Fields: &p.Fields, IfSeqNo: shard.NoSeqNo, Now: testNow}, false); err != nil {
			b.Fatal(err)
		}
	}
	f.x.Refresh(f.svc)
	req := f.request(`{"script_score":{"query":{"match_all":{}},"script":{"source":"_score + doc['likes'].value * params.w + doc['rating'].value","params":{"w":0.5}}}}`)
	req.Scripts = benchScripts{painless.NewCache(0)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := Run(req)
		if len(res.Failures) > 0 {
			b.Fatal(res.Failures[0].Err)
		}
		if res.Total != 10000 || len(res.Hits) != 10 {
			b.Fatalf("total %d, hits %d", res.Total, len(res.Hits))
		}
	}
}
