package fake

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"
)

// BenchmarkHasChild measures a scored has_child search (score_mode avg) and
// a children aggregation over 20,000 questions with 5 answers each on one
// shard, through the HTTP handler.
func BenchmarkHasChild(b *testing.B) {
	s, err := NewServer()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	do := func(method, path, body string) {
		req, _ := http.NewRequest(method, s.URL()+path, bytes.NewBufferString(body))
		req.Header.Set("Content-Type", "application/x-ndjson")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode >= 300 {
			b.Fatalf("%s %s: %d", method, path, resp.StatusCode)
		}
	}
	do("PUT", "/qa", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"rel":{"type":"join","relations":{"q":"a"}},"votes":{"type":"integer"}}}}`)
	var bulk bytes.Buffer
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"qa\",\"_id\":\"q%d\"}}\n{\"rel\":\"q\"}\n", i)
		for j := 0; j < 5; j++ {
			fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"qa\",\"_id\":\"a%d-%d\",\"routing\":\"q%d\"}}\n{\"rel\":{\"name\":\"a\",\"parent\":\"q%d\"},\"votes\":%d}\n", i, j, i, i, (i+j)%100)
		}
		if bulk.Len() > 4<<20 {
			do("POST", "/_bulk", bulk.String())
			bulk.Reset()
		}
	}
	do("POST", "/_bulk?refresh=true", bulk.String())
	b.Run("has_child_avg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			do("POST", "/qa/_search", `{"query":{"has_child":{"type":"a","score_mode":"avg","query":{"range":{"votes":{"gte":50}}}}}}`)
		}
	})
	b.Run("children_agg", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			do("POST", "/qa/_search", `{"size":0,"query":{"term":{"rel":"q"}},"aggs":{"c":{"children":{"type":"a"},"aggs":{"v":{"avg":{"field":"votes"}}}}}}`)
		}
	})
}
