package indices

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestCreateWithTypedAliases(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, `{"acknowledged":true,"shards_acknowledged":true,"index":"books"}`)
	yes := true
	if _, err := svc.Create(ctx, "books", &CreateRequest{Aliases: map[string]any{
		"scifi": Alias{Filter: query.Term("genre", "scifi"), SearchRouting: "a,b", IndexRouting: "a"},
		"all":   Alias{Routing: "r", IsWriteIndex: &yes, IsHidden: &yes},
		"plain": Alias{},
	}}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books", "",
		`{"aliases":{"all":{"routing":"r","is_write_index":true,"is_hidden":true},"plain":{},"scifi":{"filter":{"term":{"genre":{"value":"scifi"}}},"index_routing":"a","search_routing":"a,b"}}}`)
}
