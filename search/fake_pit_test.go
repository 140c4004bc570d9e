package search_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

type numbered struct {
	N int `json:"n"`
}

// TestPITAllAgainstFake pages through 250 documents of a point in time with
// search.All while writes go on: the iterator sees exactly the documents
// of the point in time, each once, in order.
func TestPITAllAgainstFake(t *testing.T) {
	t.Parallel()
	clk := fake.NewManualClock(time.UnixMilli(1_700_000_000_000))
	srv := fake.New(t, fake.WithClock(clk))
	if err := srv.CreateIndex("nums", map[string]any{"settings": map[string]any{"number_of_shards": 3},
		"mappings": map[string]any{"properties": map[string]any{"n": map[string]any{"type": "integer"}}}}); err != nil {
		t.Fatal(err)
	}
	var docs []fake.Doc
	for i := range 250 {
		docs = append(docs, fake.Doc{ID: fmt.Sprint(i), Source: numbered{N: i}})
	}
	if err := srv.IndexDocuments("nums", docs...); err != nil {
		t.Fatal(err)
	}
	client := srv.Client()
	ctx := context.Background()
	pit, err := client.Search.CreatePIT(ctx, []string{"nums"}, &search.CreatePITParams{KeepAlive: types.Duration(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if pit.Shards.Total != 3 || pit.Shards.Successful != 3 || pit.CreationTime != 1_700_000_000_000 || pit.StatusCode != 200 {
		t.Fatalf("CreatePIT = %+v", pit)
	}
	body := &search.Request{PIT: &search.PointInTime{ID: pit.PitID, KeepAlive: types.Duration(time.Minute)},
		Sort: []search.Sort{search.SortBy("n", "asc")}, Size: query.Ptr(40)}
	next := 0
	for hit, err := range search.All[numbered](ctx, client.Search, nil, body, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if hit.Source.N != next {
			t.Fatalf("hit %d has n=%d", next, hit.Source.N)
		}
		next++
		if next%50 == 0 && next < 250 {
			// Writes, deletes and the clock moving on between pages change
			// nothing the point in time sees (each page renews it).
			if err := srv.IndexDocuments("nums", fake.Doc{ID: fmt.Sprint(1000 + next), Source: numbered{N: -next}}); err != nil {
				t.Fatal(err)
			}
			if _, err := client.Documents.Delete(ctx, "nums", fmt.Sprint(next), nil); err != nil {
				t.Fatal(err)
			}
			clk.Advance(50 * time.Second)
		}
	}
	if next != 250 {
		t.Errorf("All yielded %d hits, want 250", next)
	}

	list, err := client.Search.ListPITs(ctx)
	if err != nil || len(list.Pits) != 1 || list.Pits[0].PitID != pit.PitID || list.Pits[0].KeepAlive != 60000 || list.Pits[0].CreationTime != 1_700_000_000_000 {
		t.Fatalf("ListPITs = %+v %v", list, err)
	}
	del, err := client.Search.DeletePIT(ctx, pit.PitID)
	if err != nil || len(del.Pits) != 1 || !del.Pits[0].Successful || del.Pits[0].PitID != pit.PitID {
		t.Fatalf("DeletePIT = %+v %v", del, err)
	}
	_, err = search.SearchAs[numbered](ctx, client.Search, nil, body, nil)
	if !types.IsType(err, "search_phase_execution_exception") || !types.IsNotFound(err) {
		t.Errorf("search over a deleted point in time: %v", err)
	}
	all, err := client.Search.DeleteAllPITs(ctx)
	if err != nil || len(all.Pits) != 0 {
		t.Errorf("DeleteAllPITs() = %+v %v", all, err)
	}
}
