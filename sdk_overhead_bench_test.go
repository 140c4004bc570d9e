package clustersearch_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// answerTransport answers every request with the same search response, in
// memory: what is left to measure is the SDK's own work per call.
type answerTransport struct{ body []byte }

func (t answerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	return &http.Response{
		StatusCode:    200,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": {"application/json; charset=UTF-8"}, "Content-Length": {strconv.Itoa(len(t.body))}},
		ContentLength: int64(len(t.body)),
		Body:          io.NopCloser(bytes.NewReader(t.body)),
		Request:       r,
	}, nil
}

// tenHits is a top-10 answer of about 6 KB, the shape of the fake's
// BenchmarkZipf5kHTTP answers.
func tenHits() []byte {
	var b strings.Builder
	b.WriteString(`{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":812,"relation":"eq"},"max_score":7.1234565,"hits":[`)
	for i := 0; i < 10; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"_index":"zipf","_id":"%d","_score":%d.123456,"_source":{"body":"%s","tag":"t%d","n":%d}}`, 1000+i, 7-i/2, strings.Repeat("word"+strconv.Itoa(i)+" ", 90), i%7, i*37)
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

// BenchmarkSearchSDKOverhead is the SDK's share of a search (request
// building, the retry loop, reading and decoding the answer) with the
// network taken out: the transport answers from memory.
//
//	go test . -run '^$' -bench SearchSDKOverhead
func BenchmarkSearchSDKOverhead(b *testing.B) {
	c, err := clustersearch.New(clustersearch.WithAddresses("http://127.0.0.1:9200"), clustersearch.WithTransport(answerTransport{tenHits()}))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	size := 10
	req := &search.Request{Query: query.Match("body", "word3 word7"), Size: &size}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		resp, err := c.Search.Search(ctx, []string{"zipf"}, req, nil)
		if err != nil || len(resp.Hits.Hits) != 10 {
			b.Fatal(err)
		}
	}
}
