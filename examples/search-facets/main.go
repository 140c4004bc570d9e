// Command search-facets runs the search a shop page makes: a full-text query,
// a facet of brands (terms) with the average price in each, a monthly sales
// chart (date_histogram), and a brand chosen by the user applied as a
// post_filter, so the facet still counts every brand. It runs against an
// embedded fake unless CLUSTERSEARCH_URL names a cluster.
//
//	go run ./examples/search-facets
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// Product is the document type of the example.
type Product struct {
	Name  string  `json:"name"`
	Brand string  `json:"brand"`
	Price float64 `json:"price"`
	Sold  string  `json:"sold"`
}

const index = "example-products"

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	env, err := exampleenv.Connect()
	if err != nil {
		return err
	}
	defer env.Close()
	c := env.Client
	if _, err := c.Indices.Delete(ctx, []string{index}, nil); err != nil && !types.IsNotFound(err) {
		return err
	}
	defer c.Indices.Delete(context.WithoutCancel(ctx), []string{index}, nil) //nolint:errcheck // best-effort clean-up
	if _, err := c.Indices.Create(ctx, index, &indices.CreateRequest{Mappings: mapping.Mappings{Properties: map[string]mapping.Property{
		"name": &mapping.Text{}, "brand": &mapping.Keyword{}, "price": &mapping.Number{Type: "double"}, "sold": &mapping.Date{},
	}}}, nil); err != nil {
		return err
	}
	var ops []documents.BulkOperation
	for _, p := range []Product{
		{"trail running shoe", "Acme", 90, "2024-01-12"}, {"road running shoe", "Acme", 110, "2024-02-03"},
		{"running socks", "Bolt", 12, "2024-02-20"}, {"running jacket", "Bolt", 80, "2024-03-05"},
		{"hiking boot", "Acme", 150, "2024-03-09"}, {"running cap", "Cirrus", 20, "2024-03-30"},
	} {
		ops = append(ops, &documents.BulkIndex{Document: p})
	}
	if _, err := c.Documents.Bulk(ctx, index, ops, &documents.BulkParams{Refresh: types.RefreshTrue}); err != nil {
		return err
	}

	resp, err := search.SearchAs[Product](ctx, c.Search, []string{index}, &search.Request{
		Query:      query.Match("name", "running"),
		PostFilter: query.Term("brand", "Bolt"), // the user picked Bolt: hits only, not facets
		Aggs: aggs.Aggs{
			"brands": aggs.Terms("brand").Sub("avg_price", aggs.Avg("price")),
			"monthly": aggs.DateHistogram("sold").WithCalendarInterval(aggs.Month).
				Sub("revenue", aggs.Sum("price")),
		},
	}, nil)
	if err != nil {
		return err
	}
	for _, h := range resp.Hits.Hits {
		fmt.Fprintf(out, "hit: %s (%s, %.2f)\n", h.Source.Name, h.Source.Brand, h.Source.Price)
	}
	brands, err := resp.Aggregations.Terms("brands")
	if err != nil {
		return err
	}
	for _, b := range brands.Buckets {
		avg, err := b.Aggregations.Avg("avg_price")
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "brand %s: %d products, average price %.2f\n", b.Key, b.DocCount, *avg.Value)
	}
	monthly, err := resp.Aggregations.DateHistogram("monthly")
	if err != nil {
		return err
	}
	for _, m := range monthly.Buckets {
		rev, err := m.Aggregations.Sum("revenue")
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: %d sold, revenue %.2f\n", m.Time().Format("2006-01"), m.DocCount, *rev.Value)
	}
	return nil
}
