// Command quickstart shows the SDK end to end. It starts the embedded fake
// server unless CLUSTERSEARCH_URL names a real cluster, creates an index,
// bulk-loads a small shipped data set of books, and reads it back: counts,
// gets, settings, searches (match, bool with filters, sorted pages), an
// explanation of a score, a scripted and a partial update, an asynchronous
// reindex followed as a task, a delete, and the typed error of a missing document.
//
//	go run ./examples/quickstart
//	CLUSTERSEARCH_URL=https://admin:pw@localhost:9200 go run ./examples/quickstart
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/types"
)

//go:embed books.json
var booksJSON []byte

// Book is one document of the shipped data set.
type Book struct {
	ID      string `json:"id,omitempty"`
	Title   string `json:"title"`
	Author  string `json:"author"`
	Year    int    `json:"year"`
	Genre   string `json:"genre"`
	Pages   int    `json:"pages"`
	Summary string `json:"summary"`
	// Editions is added by the scripted update.
	Editions []string `json:"editions,omitempty"`
}

const index = "quickstart-books"

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	c, where, stop, err := connect()
	if err != nil {
		return err
	}
	defer stop()
	fmt.Fprintf(out, "cluster: %s\n", where)
	info, err := c.Cluster.Info(ctx)
	if err != nil {
		return fmt.Errorf("info: %w", err)
	}
	health, err := c.Cluster.Health(ctx, nil, nil)
	if err != nil {
		return fmt.Errorf("health: %w", err)
	}
	fmt.Fprintf(out, "%s %s, cluster %q is %s\n", info.Version.Distribution, info.Version.Number, info.ClusterName, health.Status)

	if err := load(ctx, c, out); err != nil {
		return err
	}
	if err := read(ctx, c, out); err != nil {
		return err
	}
	if err := searches(ctx, c, out); err != nil {
		return err
	}
	if err := updates(ctx, c, out); err != nil {
		return err
	}
	if err := reindexAsync(ctx, c, out); err != nil {
		return err
	}
	return cleanUp(ctx, c, out)
}

// connect returns a client for CLUSTERSEARCH_URL when it is set, otherwise for
// a fake server started in this process.
func connect() (c *clustersearch.Client, where string, stop func(), err error) {
	if os.Getenv(clustersearch.EnvURL) != "" {
		c, err = clustersearch.New()
		return c, "CLUSTERSEARCH_URL", func() {}, err
	}
	srv, err := fake.NewServer()
	if err != nil {
		return nil, "", nil, err
	}
	return srv.Client(), "embedded fake at " + srv.URL(), srv.Close, nil
}

// load creates the index and bulk-loads the books, refreshing so that they are
// visible at once.
func load(ctx context.Context, c *clustersearch.Client, out io.Writer) error {
	if _, err := c.Indices.Delete(ctx, []string{index}, nil); err != nil && !types.IsNotFound(err) {
		return fmt.Errorf("delete leftover index: %w", err)
	}
	_, err := c.Indices.Create(ctx, index, &indices.CreateRequest{
		Settings: map[string]any{"number_of_shards": 2, "number_of_replicas": 0},
		Mappings: map[string]any{"properties": map[string]any{
			"title":   map[string]any{"type": "text"},
			"author":  map[string]any{"type": "keyword"},
			"year":    map[string]any{"type": "integer"},
			"genre":   map[string]any{"type": "keyword"},
			"pages":   map[string]any{"type": "integer"},
			"summary": map[string]any{"type": "text"},
		}},
	}, nil)
	if err != nil {
		return fmt.Errorf("create index: %w", err)
	}
	var books []Book
	if err := json.Unmarshal(booksJSON, &books); err != nil {
		return err
	}
	ops := make([]documents.BulkOperation, 0, len(books))
	for _, b := range books {
		id := b.ID
		b.ID = ""
		ops = append(ops, &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: id}, Document: b})
	}
	res, err := c.Documents.Bulk(ctx, index, ops, &documents.BulkParams{Refresh: types.RefreshTrue})
	if err != nil {
		return fmt.Errorf("bulk: %w", err)
	}
	if failed := res.Failed(); len(failed) > 0 {
		return fmt.Errorf("bulk: %d of %d items failed, first: %+v", len(failed), len(res.Items), failed[0].Result.Error)
	}
	fmt.Fprintf(out, "bulk-loaded %d books into %q\n", len(res.Items), index)
	return nil
}

// read shows counts, a typed get, an exists check and the index settings.
func read(ctx context.Context, c *clustersearch.Client, out io.Writer) error {
	count, err := c.Search.Count(ctx, []string{index}, nil, nil)
	if err != nil {
		return fmt.Errorf("count: %w", err)
	}
	fmt.Fprintf(out, "documents in the index: %d\n", count.Count)

	got, err := documents.GetAs[Book](ctx, c.Documents, index, "4", nil)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	fmt.Fprintf(out, "book 4: %q by %s (%d), version %d\n", got.Source.Title, got.Source.Author, got.Source.Year, *got.Version)

	exists, err := c.Documents.Exists(ctx, index, "99", nil)
	if err != nil {
		return fmt.Errorf("exists: %w", err)
	}
	fmt.Fprintf(out, "book 99 exists: %v\n", exists)

	settings, err := c.Indices.GetSettings(ctx, []string{index}, nil, nil)
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	s := settings.Indices[index].Settings.Index
	fmt.Fprintf(out, "index settings: %s shards, %s replicas, created by version %s\n", s.NumberOfShards, s.NumberOfReplicas, s.Version.Created)
	return nil
}

// cleanUp deletes a book, shows the typed 404 of reading it again, and drops the index.
func cleanUp(ctx context.Context, c *clustersearch.Client, out io.Writer) error {
	del, err := c.Documents.Delete(ctx, index, "6", &documents.DeleteParams{Refresh: types.RefreshTrue})
	if err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	fmt.Fprintf(out, "deleted book 6: %s\n", del.Result)

	_, err = c.Documents.Get(ctx, index, "6", nil)
	var apiErr *types.Error
	switch {
	case errors.As(err, &apiErr):
		fmt.Fprintf(out, "reading book 6 again: HTTP %d (types.IsNotFound: %v)\n", apiErr.StatusCode, types.IsNotFound(err))
	case err != nil:
		return err
	default:
		return errors.New("book 6 is still there after its delete")
	}
	if _, err := c.Indices.Delete(ctx, []string{index}, nil); err != nil {
		return fmt.Errorf("drop index: %w", err)
	}
	fmt.Fprintln(out, "dropped the index")
	return nil
}
