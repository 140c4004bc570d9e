package main

import (
	"context"
	"fmt"
	"io"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/types"
)

// updates changes one book with a Painless script and another with a partial
// document, then reads the first back.
func updates(ctx context.Context, c *clustersearch.Client, out io.Writer) error {
	script := types.NewScript(`
		ctx._source.pages += params.extra;
		if (!ctx._source.containsKey('editions')) { ctx._source.editions = []; }
		ctx._source.editions.add(params.edition);`,
		map[string]any{"extra": 24, "edition": "2nd, revised"})
	res, err := c.Documents.Update(ctx, index, "3", &documents.UpdateRequest{Script: script}, &documents.UpdateParams{Refresh: types.RefreshTrue})
	if err != nil {
		return fmt.Errorf("scripted update: %w", err)
	}
	fmt.Fprintf(out, "scripted update of book 3: %s, now version %d\n", res.Result, res.Version)

	res, err = c.Documents.Update(ctx, index, "9", &documents.UpdateRequest{Doc: map[string]any{"genre": "technical"}}, nil)
	if err != nil {
		return fmt.Errorf("partial update: %w", err)
	}
	fmt.Fprintf(out, "partial update of book 9 that changes nothing: %s\n", res.Result)

	got, err := documents.GetAs[Book](ctx, c.Documents, index, "3", nil)
	if err != nil {
		return fmt.Errorf("get after update: %w", err)
	}
	fmt.Fprintf(out, "book 3 now: %d pages, editions %v\n", got.Source.Pages, got.Source.Editions)
	return nil
}
