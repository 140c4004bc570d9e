package indices

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestPutSettingsWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, `{"acknowledged":true}`, `{"acknowledged":true}`, `{"acknowledged":true}`)
	params := &PutSettingsParams{AllowNoIndices: ptr(true), ClusterManagerTimeout: types.Duration(20 * time.Second),
		ExpandWildcards: types.ExpandWildcards{types.WildcardsOpen, types.WildcardsHidden}, FlatSettings: ptr(true),
		IgnoreUnavailable: ptr(false), MasterTimeout: types.Duration(time.Minute), PreserveExisting: ptr(true),
		Timeout: types.Duration(1500 * time.Millisecond)}
	resp, err := svc.PutSettings(ctx, []string{"books", "logs-*"}, map[string]any{"index": map[string]any{"number_of_replicas": 0, "refresh_interval": nil}}, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books,logs-%2A/_settings",
		"allow_no_indices=true&cluster_manager_timeout=20s&expand_wildcards=open%2Chidden&flat_settings=true&ignore_unavailable=false"+
			"&master_timeout=1m&preserve_existing=true&timeout=1500ms", `{"index":{"number_of_replicas":0,"refresh_interval":null}}`)
	if !resp.Acknowledged || resp.StatusCode != 200 {
		t.Fatalf("resp = %+v", resp)
	}
	if _, err := svc.PutSettings(ctx, nil, map[string]any{"index.blocks.write": true}, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/_settings", "", `{"index.blocks.write":true}`)
	if _, err := svc.PutSettings(ctx, []string{"books"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books/_settings", "", `{}`)
	if _, err := svc.PutSettings(ctx, []string{"books", ""}, nil, nil); err == nil {
		t.Fatal("an empty index name must be refused before sending")
	}
}

func TestGetSettingsHumanParam(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, `{"books":{"settings":{"index":{"creation_date":"1700000000000","creation_date_string":"2023-11-14T22:13:20.000Z","version":{"created":"136407827","created_string":"2.19.0"}}}}}`)
	resp, err := svc.GetSettings(ctx, []string{"books"}, nil, &GetSettingsParams{Human: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_settings", "human=true", "")
	idx := resp.Indices["books"].Settings.Index
	if idx.CreationDate != "1700000000000" || string(idx.Rest["creation_date_string"]) != `"2023-11-14T22:13:20.000Z"` ||
		string(idx.Rest["version"]) != `{"created":"136407827","created_string":"2.19.0"}` {
		t.Fatalf("settings = %+v", idx)
	}
}
