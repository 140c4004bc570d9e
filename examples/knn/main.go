// Command knn indexes a few product embeddings in a knn_vector field,
// searches for the nearest neighbours of a query vector, with and without
// a filter, and prints the neighbours with their scores. It runs against an
// embedded fake unless CLUSTERSEARCH_URL names a cluster with the k-NN
// plugin.
//
//	go run ./examples/knn
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

const index = "example-products"

// Product is a document with its embedding, a typed []float32.
type Product struct {
	Name      string    `json:"name"`
	Category  string    `json:"category"`
	Embedding []float32 `json:"embedding"`
}

var products = []Product{
	{"trail running shoes", "shoes", []float32{0.9, 0.1, 0.0, 0.2}},
	{"road running shoes", "shoes", []float32{0.8, 0.2, 0.1, 0.1}},
	{"running socks", "apparel", []float32{0.7, 0.0, 0.3, 0.3}},
	{"rain jacket", "apparel", []float32{0.1, 0.9, 0.2, 0.0}},
	{"camping stove", "outdoor", []float32{0.0, 0.3, 0.9, 0.1}},
}

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

	if _, err := c.Indices.Create(ctx, index, &indices.CreateRequest{
		Settings: map[string]any{"index.knn": true, "number_of_shards": 1, "number_of_replicas": 0},
		Mappings: &mapping.Mappings{Properties: map[string]mapping.Property{
			"name":     &mapping.Text{},
			"category": &mapping.Keyword{},
			"embedding": &mapping.KNNVector{Dimension: 4, Method: &mapping.KNNMethod{
				Name: "hnsw", Engine: "faiss", SpaceType: "l2", Params: map[string]any{"m": 16, "ef_construction": 128}}},
		}},
	}, nil); err != nil {
		return fmt.Errorf("create index: %w", err)
	}
	ops := make([]documents.BulkOperation, len(products))
	for i, p := range products {
		ops[i] = &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: fmt.Sprint(i + 1)}, Document: p}
	}
	res, err := c.Documents.Bulk(ctx, index, ops, &documents.BulkParams{Refresh: types.RefreshTrue})
	if err != nil {
		return fmt.Errorf("bulk: %w", err)
	}
	if failed := res.Failed(); len(failed) > 0 {
		return fmt.Errorf("bulk: %d items failed", len(failed))
	}

	// "something for running": the query embedding
	vec := []float32{0.85, 0.1, 0.1, 0.2}
	if err := neighbours(ctx, c.Search, out, "nearest 3", query.KNN("embedding", vec, 3)); err != nil {
		return err
	}
	// efficient filtering: the nearest apparel, not the nearest overall
	return neighbours(ctx, c.Search, out, "nearest apparel", query.KNN("embedding", vec, 2).WithFilter(query.Term("category", "apparel")))
}

func neighbours(ctx context.Context, s *search.Service, out io.Writer, title string, q query.Query) error {
	r, err := search.SearchAs[Product](ctx, s, []string{index}, &search.Request{Query: q, Size: types.Ptr(3)}, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", title, err)
	}
	fmt.Fprintf(out, "%s:\n", title)
	for _, h := range r.Hits.Hits {
		fmt.Fprintf(out, "  %-20s %-8s score %.4f\n", h.Source.Name, h.Source.Category, *h.Score)
	}
	return nil
}
