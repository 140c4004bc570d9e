package rest

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/taskdesc"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

const benchSearchBody = `{"query":{"bool":{"must":[{"match":{"body":"quick fox"}}],"filter":[{"term":{"tag":"t7"}},{"range":{"num":{"gte":100,"lt":2600}}}]}},"size":10,"_source":["title"]}`

// What a search pays on its path to hand its parsed body over to the task
// description (a copy of the top-level value and a closure).
func BenchmarkDescribeHandOver(b *testing.B) {
	r := &Request{Op: "search", PathParams: map[string]string{"index": "i"}, Params: map[string]string{}}
	withTask(r)
	v, err := xcontent.Parse([]byte(benchSearchBody))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		describeParsedBody(r, v)
	}
}

// A detailed task listing describing a running search: from the raw body
// (parsed again) and from the handed-over parsed body.
func BenchmarkSearchDescription(b *testing.B) {
	b.Run("raw body", func(b *testing.B) {
		r := &Request{Op: "search", PathParams: map[string]string{"index": "i"}, Params: map[string]string{}, Body: []byte(benchSearchBody)}
		describe := taskDescriber(r)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = describe()
		}
	})
	b.Run("parsed body", func(b *testing.B) {
		v, err := xcontent.Parse([]byte(benchSearchBody))
		if err != nil {
			b.Fatal(err)
		}
		params := map[string]string{}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = taskdesc.Search("i", params, taskdesc.Body{Value: v})
		}
	})
}
