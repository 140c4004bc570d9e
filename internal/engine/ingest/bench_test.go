package ingest

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
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

// BenchmarkGrokApacheLog is one COMBINEDAPACHELOG grok match and its
// captures on a typical access-log line.
func BenchmarkGrokApacheLog(b *testing.B) {
	s := newTestService()
	v, _ := painless.ParseJSONHashMap([]byte(`{"processors":[{"grok":{"field":"m","patterns":["%{COMBINEDAPACHELOG}"]}}]}`))
	p, err := s.Parse("p", v.(*painless.Map))
	if err != nil {
		b.Fatal(err)
	}
	src := []byte(`{"m":"83.149.9.216 - - [17/May/2015:10:05:03 +0000] \"GET /presentations/logstash-monitorama-2013/images/kibana-search.png HTTP/1.1\" 200 203023 \"http://semicomplete.com/presentations/logstash-monitorama-2013/\" \"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/32.0.1700.77 Safari/537.36\""}`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, _ := NewDocument(src, Meta{Index: "i", ID: "1", HasID: true}, "ts")
		if err := s.RunOne(p, d); err != nil {
			b.Fatal(err)
		}
	}
}
