// Command reindex-tasks copies an index as a background task, throttled, then
// finds the task, speeds it up and waits for its result. It runs against an
// embedded fake unless CLUSTERSEARCH_URL names a cluster.
//
//	go run ./examples/reindex-tasks
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/tasks"
	"github.com/clustersearch/clustersearch-go/types"
)

const (
	source = "example-events"
	dest   = "example-events-copy"
)

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
	for _, name := range []string{source, dest} {
		if _, err := c.Indices.Delete(ctx, []string{name}, nil); err != nil && !types.IsNotFound(err) {
			return err
		}
	}
	defer c.Indices.Delete(context.WithoutCancel(ctx), []string{source, dest}, nil) //nolint:errcheck // best-effort clean-up

	ops := make([]documents.BulkOperation, 20)
	for i := range ops {
		ops[i] = &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i)}, Document: map[string]int{"n": i}}
	}
	if _, err := c.Documents.Bulk(ctx, source, ops, &documents.BulkParams{Refresh: types.RefreshTrue}); err != nil {
		return err
	}

	// Five documents per batch, one document a second: about 15 s of waiting.
	batch, rate := 5, 1.0
	started, err := c.Documents.ReindexAsync(ctx, &documents.ReindexRequest{
		Source: documents.ReindexSource{Index: []string{source}, Size: &batch},
		Dest:   documents.ReindexDest{Index: dest},
	}, &documents.ReindexParams{RequestsPerSecond: &rate})
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "reindex started as a task")

	running, err := c.Tasks.List(ctx, &tasks.ListParams{Actions: []string{"*reindex"}, Detailed: ptr(true)})
	if err != nil {
		return err
	}
	for _, t := range running.All() {
		if t.Description != nil {
			fmt.Fprintf(out, "running: %s (%s)\n", t.Action, *t.Description)
		}
	}

	// Too slow: lift the throttle. The waiting batch starts at once.
	if _, err := c.Tasks.Rethrottle(ctx, started.Task, tasks.Unthrottled); err != nil {
		return err
	}
	fmt.Fprintln(out, "throttle lifted")

	done, err := c.Tasks.Wait(ctx, started.Task, &tasks.WaitOptions{Interval: 50 * time.Millisecond})
	if err != nil {
		return err
	}
	r := done.Result
	fmt.Fprintf(out, "done: %d of %d created in %d batches, %d failures\n", r.Created, r.Total, r.Batches, len(r.Failures))
	return nil
}

func ptr[T any](v T) *T { return &v }
