package main

import (
	"bytes"
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

func TestIndexSettingsExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := `example-logs: 2 shards, 0 replicas, refresh interval (default)
example-logs: 2 shards, 1 replicas, refresh interval "30s"
fields: level, message
changing the type of level: 400 illegal_argument_exception
alias errors: filter {"term":{"level":{"value":"error"}}}
alias logs: filter none
`
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}
