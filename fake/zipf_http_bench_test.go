package fake

import (
	"context"
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
