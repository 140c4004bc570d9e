package main

import (
	"bytes"
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

func TestReindexTasksExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := `reindex started as a task
running: indices:data/write/reindex (reindex from [example-events] to [example-events-copy])
throttle lifted
done: 20 of 20 created in 4 batches, 0 failures
`
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}
