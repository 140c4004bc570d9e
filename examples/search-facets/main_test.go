package main

import (
	"bytes"
	"context"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

func TestSearchFacetsExample(t *testing.T) {
	t.Setenv(clustersearch.EnvURL, "")
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := `hit: running socks (Bolt, 12.00)
hit: running jacket (Bolt, 80.00)
brand Acme: 2 products, average price 100.00
brand Bolt: 2 products, average price 46.00
brand Cirrus: 1 products, average price 20.00
2024-01: 1 sold, revenue 90.00
2024-02: 2 sold, revenue 122.00
2024-03: 2 sold, revenue 100.00
`
	if out.String() != want {
		t.Fatalf("output:\n%s\nwant:\n%s", out.String(), want)
	}
}
