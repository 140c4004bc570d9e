// Command documents writes and reads documents: one at a time, in bulk (where
// one item can fail without failing the others), several at once with MGetAs,
// and shows what a write whose answer is lost looks like. It runs against an
// embedded fake unless CLUSTERSEARCH_URL names a cluster.
//
//	go run ./examples/documents
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/types"
)

// Note is the document type of the example.
type Note struct {
	Text  string `json:"text"`
	Stars int    `json:"stars"`
}

const index = "example-notes"

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

	// One document, under an id: PUT, which the client may retry safely.
	w, err := c.Documents.Index(ctx, index, "1", Note{"buy milk", 1}, &documents.IndexParams{Refresh: types.RefreshTrue})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "note 1: %s, version %d\n", w.Result, w.Version)

	// Several actions in one request; each item answers for itself.
	res, err := c.Documents.Bulk(ctx, index, []documents.BulkOperation{
		&documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: "2"}, Document: Note{"call Ann", 3}},
		&documents.BulkCreate{BulkMeta: documents.BulkMeta{ID: "1"}, Document: Note{"buy milk", 1}},
		&documents.BulkUpdate{BulkMeta: documents.BulkMeta{ID: "1"}, Body: documents.UpdateRequest{
			Script: types.NewScript("ctx._source.stars += params.n", map[string]any{"n": 2})}},
		&documents.BulkDelete{BulkMeta: documents.BulkMeta{ID: "3"}},
	}, &documents.BulkParams{Refresh: types.RefreshTrue})
	if err != nil {
		return err
	}
	for _, it := range res.Items {
		outcome := it.Result.Result
		if it.Result.Error != nil {
			outcome = it.Result.Error.Type
		}
		fmt.Fprintf(out, "bulk %s %s: %d %s\n", it.Action, it.Result.ID, it.Result.Status, outcome)
	}

	// Several documents in one read.
	got, err := documents.MGetAs[Note](ctx, c.Documents, index, []documents.MGetDoc{{ID: "1"}, {ID: "2"}, {ID: "3"}}, nil)
	if err != nil {
		return err
	}
	for _, d := range got.Docs {
		if d.Found {
			fmt.Fprintf(out, "note %s: %q, %d stars\n", d.ID, d.Source.Text, d.Source.Stars)
		} else {
			fmt.Fprintf(out, "note %s: not found\n", d.ID)
		}
	}

	// A write without an id is never sent twice: if its answer is lost, the
	// error says it may have been applied, and the choice is yours.
	_, err = c.Documents.Index(ctx, index, "", Note{"water plants", 2}, nil)
	switch {
	case errors.Is(err, clustersearch.ErrMaybeApplied):
		fmt.Fprintln(out, "the answer was lost: check before writing again")
	case err != nil:
		return err
	default:
		fmt.Fprintln(out, "note without id: created")
	}
	return nil
}
