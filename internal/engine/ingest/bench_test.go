package ingest

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// BenchmarkPipeline runs a typical pipeline (set, rename, convert, lowercase,
// a script) on one small document per iteration, source parse and encode
// included, as the index path does.
func BenchmarkPipeline(b *testing.B) {
	s := newTestService()
	if err := s.Put("p", []byte(`{"processors":[{"set":{"field":"ingested","value":"{{_ingest.timestamp}}"}},
		{"rename":{"field":"msg","target_field":"message"}},{"convert":{"field":"n","type":"integer"}},
		{"lowercase":{"field":"level"}},{"script":{"source":"ctx.size = ctx.message.length()"}}]}`)); err != nil {
		b.Fatal(err)
	}
	src := []byte(`{"msg":"hello world","n":"42","level":"INFO","tags":["a","b"]}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d, err := NewDocument(src, Meta{Index: "i", ID: "1", HasID: true, Version: -3, VersionType: "internal"}, "ts")
		if err != nil {
			b.Fatal(err)
		}
		var rerr *apierr.Error
		if rerr = s.Run([]string{"p"}, d); rerr != nil {
			b.Fatal(rerr)
		}
		if _, rerr = d.SourceJSON(); rerr != nil {
			b.Fatal(rerr)
		}
	}
}
