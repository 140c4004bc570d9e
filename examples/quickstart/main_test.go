package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// TestQuickstartAgainstTheFake runs the program against the embedded fake and
// checks everything it prints but the fake's random port and how many times
// the reindex task was seen running.
func TestQuickstartAgainstTheFake(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\noutput so far:\n%s", err, out.String())
	}
	var lines, progress []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(l, "  progress: ") {
			progress = append(progress, l) // how many polls see the task running depends on timing
			continue
		}
		lines = append(lines, l)
	}
	if len(progress) == 0 || progress[len(progress)-1] != "  progress: 5 of 5 copied in 3 batches" {
		t.Fatalf("reindex progress lines %q: want at least one, the last with the final counts", progress)
	}
	if !strings.HasPrefix(lines[0], "cluster: embedded fake at http://127.0.0.1:") {
		t.Fatalf("first line %q", lines[0])
	}
	want := `opensearch 2.19.0, cluster "opensearch" is green
bulk-loaded 12 books into "quickstart-books"
documents in the index: 12
book 4: "The Lantern Keeper" by Mara Lindqvist (2014), version 1
book 99 exists: false
index settings: 2 shards, 0 replicas, created by version 136407827
match summary:"harbour smuggling": 3 hits
  3.3439  The Harbour Ledger
  1.2464  The Quiet Harbour
  0.9910  Deep Water Rules
mysteries since 2012 mentioning a harbour: Deep Water Rules (2022)
newest first, page 1: Deep Water Rules (2022); Orbit of Glass (2021); Winter Soups (2020); A Field Guide to Small Engines (2019)
newest first, page 2: The Harbour Ledger (2018); Signals in the Fog (2017); Salt and Iron (2016); The Cartographer's Apprentice (2015)
newest first, page 3: The Lantern Keeper (2014); Practical Rope Work (2012); The Quiet Harbour (2011); Bread at Dawn (2009)
why book 7 matches: 3.3439 = sum of:
  1.4119  weight(summary:harbour in 5) [PerFieldSimilarity], result of:
  1.9321  weight(summary:smuggling in 5) [PerFieldSimilarity], result of:
scripted update of book 3: updated, now version 2
partial update of book 9 that changes nothing: noop
book 3 now: 228 pages, editions [2nd, revised]
reindex started as a task
reindex done: 5 of 5 created, 3 batches, 0 version conflicts, 20 requests/s
archived books: 5
deleted book 6: deleted
reading book 6 again: HTTP 404 (types.IsNotFound: true)
dropped the index`
	if got := strings.Join(lines[1:], "\n"); got != want {
		t.Fatalf("output:\n%s\nwant:\n%s", got, want)
	}
}
