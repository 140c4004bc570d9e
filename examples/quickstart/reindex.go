package main

import (
	"context"
	"fmt"
	"io"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

const archive = index + "-archive"

// reindexAsync copies the books published before 2016 into an archive index
// as a background task, throttled so that it takes a moment, and follows the
// task with Tasks.Wait until it reports its final counts.
func reindexAsync(ctx context.Context, c *clustersearch.Client, out io.Writer) error {
	batch := 2
	started, err := c.Documents.ReindexAsync(ctx, &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{index}, Query: query.Range("year").Lt(2016), Size: &batch},
		Dest:   documents.ReindexDest{Index: archive},
		Script: types.NewScript("ctx._source.archived = true", nil),
	}, &documents.ReindexParams{RequestsPerSecond: ptr(20.0), Refresh: types.RefreshTrue})
	if err != nil {
		return fmt.Errorf("start reindex: %w", err)
	}
	fmt.Fprintln(out, "reindex started as a task")

	done, err := c.Tasks.Wait(ctx, started.Task, &tasks.WaitOptions{
		Interval: 50 * time.Millisecond,
		Progress: func(s tasks.BulkByScrollStatus) {
			fmt.Fprintf(out, "  progress: %d of %d copied in %d batches\n", s.Created+s.Updated, s.Total, s.Batches)
		},
	})
	if err != nil {
		return fmt.Errorf("wait for reindex: %w", err)
	}
	r := done.Result
	fmt.Fprintf(out, "reindex done: %d of %d created, %d batches, %d version conflicts, %.0f requests/s\n",
		r.Created, r.Total, r.Batches, r.VersionConflicts, r.RequestsPerSecond)

	count, err := c.Search.Count(ctx, []string{archive}, &search.CountRequest{Query: query.Term("archived", true)}, nil)
	if err != nil {
		return fmt.Errorf("count archive: %w", err)
	}
	fmt.Fprintf(out, "archived books: %d\n", count.Count)
	_, err = c.Indices.Delete(ctx, []string{archive}, nil)
	return err
}

func ptr[T any](v T) *T { return &v }
