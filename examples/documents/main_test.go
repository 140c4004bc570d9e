package main

import (
	"bytes"
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

func TestDocumentsExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := `note 1: created, version 1
bulk index 2: 201 created
bulk create 1: 409 version_conflict_engine_exception
bulk update 1: 200 updated
bulk delete 3: 404 not_found
note 1: "buy milk", 3 stars
note 2: "call Ann", 3 stars
note 3: not found
note without id: created
`
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}
