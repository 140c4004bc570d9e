package clustersearch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/types"
)

// benchDoc is the decoded form of the 2 KB answer both sides of the benchmark read.
type benchDoc struct {
	Took     int64                 `json:"took"`
	TimedOut bool                  `json:"timed_out"`
	Shards   types.ShardStatistics `json:"_shards"`
	Hits     struct {
		Total    types.TotalHits `json:"total"`
		MaxScore float64         `json:"max_score"`
		Hits     []struct {
			Index  string          `json:"_index"`
			ID     string          `json:"_id"`
			Score  float64         `json:"_score"`
			Source json.RawMessage `json:"_source"`
		} `json:"hits"`
	} `json:"hits"`
}

type benchParams struct {
	Size    int            `url:"size,omitempty"`
	Routing string         `url:"routing,omitempty"`
	Timeout types.Duration `url:"timeout,omitempty"`
}

// twoKB builds a search answer of about 2 KB.
func twoKB() []byte {
	var hits []string
	for i := 0; i < 8; i++ {
		hits = append(hits, fmt.Sprintf(`{"_index":"books","_id":"%d","_score":1.2%d,"_source":{"title":"The title of book number %d","author":"Somebody Else","year":%d,"tags":["a","b","c"],"summary":"A short summary that pads the document out a little."}}`, i, i, i, 1990+i))
	}
	body := `{"took":3,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":8,"relation":"eq"},"max_score":1.27,"hits":[` + strings.Join(hits, ",") + `]}}`
	return []byte(body)
}

// BenchmarkRequest compares the SDK's request path (URL and parameter
// building, transport, decoding) with plain net/http + encoding/json doing
// the same request against the same server, in one run.
func BenchmarkRequest(b *testing.B) {
	body := twoKB()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	ctx := context.Background()

	b.Run("baseline=net/http+encoding/json", func(b *testing.B) {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = 64
		hc := &http.Client{Transport: tr}
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for i := 0; i < b.N; i++ {
			q := url.Values{"size": {"8"}, "routing": {"r1"}, "timeout": {"30s"}}
			req, err := http.NewRequestWithContext(ctx, "GET", srv.URL+"/books/_search?"+q.Encode(), nil)
			if err != nil {
				b.Fatal(err)
			}
			req.Header.Set("Accept", "application/json")
			resp, err := hc.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				b.Fatal(err)
			}
			var out benchDoc
			if err := json.Unmarshal(data, &out); err != nil || len(out.Hits.Hits) != 8 {
				b.Fatal(err)
			}
		}
	})

	b.Run("clustersearch", func(b *testing.B) {
		c, err := clustersearch.New(clustersearch.WithAddresses(srv.URL))
		if err != nil {
			b.Fatal(err)
		}
		params := &benchParams{Size: 8, Routing: "r1", Timeout: types.Duration(30e9)}
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for i := 0; i < b.N; i++ {
			var out benchDoc
			_, err := c.Do(ctx, &clustersearch.Request{Method: "GET", Path: clustersearch.PathOf("books", "_search"), Params: params}, &out)
			if err != nil || len(out.Hits.Hits) != 8 {
				b.Fatal(err)
			}
		}
	})
}
