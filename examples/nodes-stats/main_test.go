package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// Heap use varies from run to run; the documents do not.
func TestNodesStatsExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || lines[3] != `cluster "opensearch": 30 documents on 3 nodes` {
		t.Fatalf("output:\n%s", out.String())
	}
	node := regexp.MustCompile(`^node-\d \[[a-z_,]+\]: heap \d+%, (\d+) documents, (\d+) indexed$`)
	for _, l := range lines[:3] {
		m := node.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q", l)
		}
		if docs, _ := strconv.Atoi(m[1]); docs == 0 || m[1] != m[2] {
			t.Errorf("line %q: every node holds and indexed the same documents, some of them", l)
		}
	}
}
