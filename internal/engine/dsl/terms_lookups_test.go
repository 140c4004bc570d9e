package dsl

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Lookups are found inside compound queries, in query order.
func TestTermsLookups(t *testing.T) {
	v, err := xcontent.Parse([]byte(`{"bool":{"must":[{"terms":{"a":{"index":"u","id":"1","path":"p"}}}],` +
		`"filter":[{"constant_score":{"filter":{"terms":{"b":{"index":"v","id":"2","path":"q"}}}}},{"terms":{"c":["x"]}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	q, perr := Parse(v)
	if perr != nil {
		t.Fatal(perr)
	}
	got := TermsLookups(q, nil)
	if len(got) != 2 || got[0].Index != "u" || got[0].ID != "1" || got[1].Index != "v" || got[1].ID != "2" {
		t.Fatalf("lookups %+v", got)
	}
	if TermsLookups(nil, nil) != nil {
		t.Error("no query, no lookups")
	}
}
