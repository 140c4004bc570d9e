package main

import (
	"bytes"
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

func TestKNNExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// l2 scores are 1 / (1 + squared distance)
	want := `nearest 3:
  trail running shoes  shoes    score 0.9877
  road running shoes   shoes    score 0.9780
  running socks        apparel  score 0.9238
nearest apparel:
  running socks        apparel  score 0.9238
  rain jacket          apparel  score 0.4440
`
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}
