package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// TestQuickstartAgainstTheFake runs the program against the embedded fake and
// checks everything it prints but the fake's random port.
func TestQuickstartAgainstTheFake(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\noutput so far:\n%s", err, out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.HasPrefix(lines[0], "cluster: embedded fake at http://127.0.0.1:") {
		t.Fatalf("first line %q", lines[0])
	}
	want := `bulk-loaded 12 books into "quickstart-books"
documents in the index: 12
book 4: "The Lantern Keeper" by Mara Lindqvist (2014), version 1
book 99 exists: false
index settings: 2 shards, 0 replicas, created by version 136407827
deleted book 6: deleted
reading book 6 again: HTTP 404 (types.IsNotFound: true)
dropped the index`
	if got := strings.Join(lines[1:], "\n"); got != want {
		t.Fatalf("output:\n%s\nwant:\n%s", got, want)
	}
}
