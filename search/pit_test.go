package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestPointInTimeWire(t *testing.T) {
	t.Parallel()
	created := `{"pit_id":"o463QQEKbG9ncy0yMDI0FnY4dVZ6aGZuUmJpYVBKd2RQRXlrZ1EAFmZ0X0d1ZU5qUjh5c1BtRGlOS3JfZ1EAAAAAAAAAAAcWZ3JfX1FQZW5Rd2FkUUZ4V3FodmhPUQEWdjh1VnpoZm5SYmlhUEp3ZFBFeWtnUQAA","_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"creation_time":1704067200000}`
	deleted := `{"pits":[{"pit_id":"p1","successful":true},{"pit_id":"p2","successful":false}]}`
	listed := `{"pits":[{"pit_id":"p1","creation_time":1704067200000,"keep_alive":60000}]}`
	svc, rec := newService(t, 200, created, deleted, deleted, listed)
	params := &CreatePITParams{KeepAlive: types.Duration(time.Minute), AllowNoIndices: query.Ptr(false), AllowPartialPitCreation: query.Ptr(true),
		ExpandWildcards: types.ExpandWildcards{"open"}, IgnoreThrottled: query.Ptr(false), IgnoreUnavailable: query.Ptr(true),
		Preference: "_local", Routing: []string{"r"}}
	pit, err := svc.CreatePIT(context.Background(), []string{"logs-*", "books"}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/logs-%2A,books/_search/point_in_time",
		"allow_no_indices=false&allow_partial_pit_creation=true&expand_wildcards=open&ignore_throttled=false&ignore_unavailable=true&keep_alive=1m&preference=_local&routing=r", "")
	if !strings.HasPrefix(pit.PitID, "o463") || pit.CreationTime != 1704067200000 || pit.Shards.Total != 1 {
		t.Errorf("pit = %+v", pit)
	}
	del, err := svc.DeletePIT(context.Background(), "p1", "p2")
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_search/point_in_time", "", `{"pit_id":["p1","p2"]}`)
	if len(del.Pits) != 2 || !del.Pits[0].Successful || del.Pits[1].Successful {
		t.Errorf("deleted = %+v", del)
	}
	if _, err := svc.DeleteAllPITs(context.Background()); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/_search/point_in_time/_all", "", "")
	sent := len(rec.Calls)
	for _, ids := range [][]string{nil, {}, {""}, {"p1", "_all"}} {
		if _, err := svc.DeletePIT(context.Background(), ids...); err == nil || !strings.Contains(err.Error(), "DeleteAllPITs") && !strings.Contains(err.Error(), "empty") {
			t.Errorf("DeletePIT(%q): err = %v", ids, err)
		}
	}
	if len(rec.Calls) != sent {
		t.Errorf("a refused DeletePIT sent a request")
	}
	list, err := svc.ListPITs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_search/point_in_time/_all", "", "")
	if len(list.Pits) != 1 || list.Pits[0].KeepAlive != 60000 {
		t.Errorf("list = %+v", list)
	}
	sdktest.RoundTrip(t, []byte(created), new(CreatePITResponse))
	sdktest.RoundTrip(t, []byte(deleted), new(DeletePITResponse))
	sdktest.RoundTrip(t, []byte(listed), new(ListPITsResponse))

	if _, err := svc.CreatePIT(context.Background(), nil, params); err == nil {
		t.Error("CreatePIT without an index must fail")
	}
	if _, err := svc.CreatePIT(context.Background(), []string{"a"}, nil); err == nil || !strings.Contains(err.Error(), "KeepAlive") {
		t.Errorf("err = %v", err)
	}
}

func TestAllFollowsThePointInTimeID(t *testing.T) {
	t.Parallel()
	p1 := `{"pit_id":"pit-2","took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"max_score":null,"hits":[
		{"_index":"books","_id":"a","_score":null,"_source":{"title":"A"},"sort":["a",0]}]}}`
	p2 := `{"pit_id":"pit-2","took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"max_score":null,"hits":[]}}`
	svc, rec := newService(t, 200, p1, p2)
	body := &Request{Size: query.Ptr(1), Sort: []Sort{SortBy("id", "asc"), SortBy("_shard_doc", "asc")},
		PIT: &PointInTime{ID: "pit-1", KeepAlive: types.Duration(time.Minute)}}
	n := 0
	for _, err := range All[book](context.Background(), svc, nil, body, nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 1 || len(rec.Calls) != 2 {
		t.Fatalf("%d hits, %d requests", n, len(rec.Calls))
	}
	sdktest.CheckCall(t, rec.Calls[0], "POST", "/_search", "", `{"size":1,"sort":[{"id":"asc"},{"_shard_doc":"asc"}],"pit":{"id":"pit-1","keep_alive":"1m"}}`)
	sdktest.CheckCall(t, rec.Calls[1], "POST", "/_search", "", `{"size":1,"sort":[{"id":"asc"},{"_shard_doc":"asc"}],"search_after":["a",0],"pit":{"id":"pit-2","keep_alive":"1m"}}`)
	if body.PIT.ID != "pit-1" {
		t.Error("All must not change the caller's request")
	}
}
