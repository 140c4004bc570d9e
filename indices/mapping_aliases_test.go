package indices

import (
	"context"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestMappingWire(t *testing.T) {
	t.Parallel()
	answer := `{"books":{"mappings":{"dynamic":"strict","properties":{"title":{"type":"text"},"year":{"type":"integer"}}}}}`
	svc, rec := newService(t, 200, answer, `{"acknowledged":true}`)
	got, err := svc.GetMapping(context.Background(), []string{"books", "logs-*"}, &GetMappingParams{IgnoreUnavailable: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books,logs-%2A/_mapping", "ignore_unavailable=true", "")
	props, err := got.Indices["books"].Properties()
	if err != nil || string(props["year"]) != `{"type":"integer"}` || len(props) != 2 {
		t.Fatalf("properties = %s, %v", props, err)
	}
	sdktest.RoundTrip(t, []byte(answer), new(GetMappingResponse))

	ack, err := svc.PutMapping(context.Background(), []string{"books"}, map[string]any{"properties": map[string]any{"tags": map[string]string{"type": "keyword"}}},
		&PutMappingParams{WriteIndexOnly: query.Ptr(true), Timeout: types.Duration(time.Minute)})
	if err != nil || !ack.Acknowledged {
		t.Fatalf("PutMapping = %+v, %v", ack, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books/_mapping", "timeout=1m&write_index_only=true", `{"properties":{"tags":{"type":"keyword"}}}`)
	if _, err := svc.GetMapping(context.Background(), nil, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_mapping", "", "")
	sent := len(rec.Calls)
	if _, err := svc.PutMapping(context.Background(), nil, map[string]any{}, nil); err == nil {
		t.Error("PutMapping with no index accepted")
	}
	if _, err := svc.PutMapping(context.Background(), []string{"books"}, nil, nil); err == nil {
		t.Error("PutMapping with no mapping accepted")
	}
	if len(rec.Calls) != sent {
		t.Error("a refused PutMapping sent a request")
	}
}

func TestAliasesWire(t *testing.T) {
	t.Parallel()
	answer := `{"books":{"aliases":{"c":{"filter":{"term":{"year":2015}},"index_routing":"1","search_routing":"1","is_write_index":true},"b":{}}}}`
	svc, rec := newService(t, 200, answer, `{"acknowledged":true}`, `{"acknowledged":true}`, answer)
	got, err := svc.GetAliases(context.Background(), []string{"books"}, []string{"c", "b*"}, &GetAliasesParams{Local: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_alias/c,b%2A", "local=true", "")
	c := got.Indices["books"].Aliases["c"]
	if string(c.Filter) != `{"term":{"year":2015}}` || c.IndexRouting != "1" || c.SearchRouting != "1" || !*c.IsWriteIndex {
		t.Errorf("alias c = %+v", c)
	}
	if _, ok := got.Indices["books"].Aliases["b"]; !ok {
		t.Errorf("aliases = %+v", got.Indices)
	}
	sdktest.RoundTrip(t, []byte(answer), new(GetAliasesResponse))

	if _, err := svc.PutAlias(context.Background(), []string{"books"}, "c", &Alias{Filter: query.Term("year", 2015), Routing: "1", IsWriteIndex: query.Ptr(true)}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books/_alias/c", "", `{"filter":{"term":{"year":{"value":2015}}},"routing":"1","is_write_index":true}`)
	if _, err := svc.DeleteAlias(context.Background(), []string{"books"}, []string{"c", "d"}, &AliasParams{Timeout: types.Duration(time.Second)}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/books/_alias/c,d", "timeout=1s", "")
	if _, err := svc.GetAliases(context.Background(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_alias", "", "")
	sent := len(rec.Calls)
	if _, err := svc.PutAlias(context.Background(), nil, "c", nil, nil); err == nil {
		t.Error("PutAlias with no index accepted")
	}
	if _, err := svc.DeleteAlias(context.Background(), []string{"books"}, nil, nil); err == nil {
		t.Error("DeleteAlias with no name accepted")
	}
	if _, err := svc.DeleteAlias(context.Background(), nil, []string{"c"}, nil); err == nil {
		t.Error("DeleteAlias with no index accepted")
	}
	if len(rec.Calls) != sent {
		t.Error("a refused alias call sent a request")
	}
}
