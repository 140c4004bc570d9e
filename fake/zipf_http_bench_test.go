package fake

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	sdksearch "github.com/clustersearch/clustersearch-go/search"
)

// BenchmarkZipf5kHTTP is the http leg of BenchmarkZipf100k on a corpus
// small enough to load in a second: the same top-10 match searches (about
// 6 KB answers) through the SDK over loopback, so changes to the HTTP path
// on either end can be compared run after run without waiting for the
// 100,000 documents. It runs the SDK client twice: as fake.Server.Client
// builds it (direct: clustersearch.WithDirectTransport) and on net/http's
// Transport.
//
// The handler row calls the server's http.Handler in process with the
// request the SDK sends (no network, no client): the server's own cost.
//
//	go test ./fake -run '^$' -bench Zipf5kHTTP -benchtime 5000x -count 3
func BenchmarkZipf5kHTTP(b *testing.B) {
	f, err := loadZipf(5000, 200)
	if err != nil {
		b.Fatal(err)
	}
	defer f.server.Close()
	std, err := clustersearch.New(clustersearch.WithAddresses(f.server.URL()))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("handler", func(b *testing.B) {
		h := f.server.Handler()
		bodies := make([][]byte, len(f.match))
		for i, q := range f.match {
			bodies[i] = append(append([]byte(`{"query":`), q.json...), `,"size":10}`...)
		}
		measure(b, len(f.match), func(i int) error {
			w := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "/zipf/_search", bytes.NewReader(bodies[i]))
			req.Header.Set("Content-Type", "application/json")
			h.ServeHTTP(w, req)
			if w.Code != 200 {
				return fmt.Errorf("status %d: %s", w.Code, w.Body)
			}
			return nil
		})
	})
	for _, c := range []struct {
		name   string
		client *clustersearch.Client
	}{
		{"direct", f.server.Client()}, // clustersearch.WithDirectTransport
		{"net-http", std},
	} {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			size := 10
			measure(b, len(f.match), func(i int) error {
				_, err := c.client.Search.Search(ctx, []string{"zipf"}, &sdksearch.Request{Query: f.match[i].sdk, Size: &size}, nil)
				return err
			})
		})
	}
}
