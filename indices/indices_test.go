package indices

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

var ctx = context.Background()

func ptr[T any](v T) *T { return &v }

func TestGetSettingsPathForms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		indices, names []string
		path           string
	}{
		{nil, nil, "/_settings"},
		{[]string{"books"}, nil, "/books/_settings"},
		{[]string{"books", "logs-*"}, []string{"index.number_of_*"}, "/books,logs-%2A/_settings/index.number_of_%2A"},
		{[]string{"_all"}, []string{"index.uuid", "index.version.*"}, "/_all/_settings/index.uuid,index.version.%2A"},
		{nil, []string{"index.uuid"}, "/_settings/index.uuid"},
	}
	for _, c := range cases {
		svc, rec := newService(t, 200, "settings_filtered.json")
		if _, err := svc.GetSettings(ctx, c.indices, c.names, nil); err != nil {
			t.Fatal(err)
		}
		sdktest.CheckCall(t, rec.Last(t), "GET", c.path, "", "")
	}
}

func TestGetSettingsParamsAndNestedDecoding(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "settings_nested.json")
	params := &GetSettingsParams{AllowNoIndices: ptr(false), ClusterManagerTimeout: types.Duration(10 * time.Second),
		ExpandWildcards: types.ExpandWildcards{types.WildcardsOpen, types.WildcardsNone}, FlatSettings: ptr(false),
		IgnoreUnavailable: ptr(true), IncludeDefaults: ptr(true), Local: ptr(true), MasterTimeout: types.Duration(30 * time.Second)}
	resp, err := svc.GetSettings(ctx, []string{"books", "logs-*"}, nil, params)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books,logs-%2A/_settings",
		"allow_no_indices=false&cluster_manager_timeout=10s&expand_wildcards=open%2Cnone&flat_settings=false&ignore_unavailable=true"+
			"&include_defaults=true&local=true&master_timeout=30s", "")
	if resp.StatusCode != 200 || len(resp.Indices) != 2 {
		t.Fatalf("resp = %+v", resp)
	}
	books := resp.Indices["books"].Settings
	want := IndexSettings{CreationDate: "1778255937147", NumberOfShards: "2", NumberOfReplicas: "1", UUID: "Onnd4TKBQMODrfvAvNXjAg",
		ProvidedName: "books", Version: &IndexVersion{Created: "136407827", Upgraded: "136407927"},
		Rest: map[string]jsonx.RawMessage{"replication": jsonx.RawMessage(`{"type":"DOCUMENT"}`)}}
	if d := cmp.Diff(want, books.Index); d != "" || books.Flat || books.Other != nil {
		t.Errorf("books (-want +got):\n%s", d)
	}
	created, err := books.Index.CreationTime()
	if err != nil || !created.Equal(time.UnixMilli(1778255937147)) {
		t.Errorf("creation time = %v %v", created, err)
	}
	if n, err := books.Index.Shards(); n != 2 || err != nil {
		t.Errorf("shards = %d %v", n, err)
	}
	if n, err := books.Index.Replicas(); n != 1 || err != nil {
		t.Errorf("replicas = %d %v", n, err)
	}
	logs := resp.Indices["logs-2024.01"]
	if logs.Settings.Index.ProvidedName != "<logs-{now/M{yyyy.MM}}>" || string(logs.Settings.Index.Rest["refresh_interval"]) != `"30s"` ||
		logs.Settings.Index.Version.Upgraded != "" || logs.Defaults == nil || string(logs.Defaults.Index.Rest["max_result_window"]) != `"10000"` {
		t.Errorf("logs = %+v", logs)
	}
}

func TestGetSettingsFlatDecoding(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "settings_flat.json")
	resp, err := svc.GetSettings(ctx, []string{"books"}, nil, &GetSettingsParams{FlatSettings: ptr(true), IncludeDefaults: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/books/_settings", "flat_settings=true&include_defaults=true", "")
	s := resp.Indices["books"].Settings
	if !s.Flat || s.Index.NumberOfShards != "2" || s.Index.UUID != "Onnd4TKBQMODrfvAvNXjAg" || s.Index.Version.Created != "136407827" ||
		string(s.Index.Rest["replication.type"]) != `"DOCUMENT"` {
		t.Errorf("settings = %+v", s)
	}
	if _, err := (&IndexSettings{CreationDate: "yesterday"}).CreationTime(); err == nil {
		t.Error("a bad creation_date must not parse")
	}
}

func TestSettingsResponsesSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"settings_nested.json", "settings_flat.json", "settings_filtered.json"} {
		t.Run(name, func(t *testing.T) { sdktest.RoundTrip(t, sdktest.Fixture(t, name), new(GetSettingsResponse)) })
	}
	// Values of unexpected types stay raw instead of failing.
	sdktest.RoundTrip(t, []byte(`{"x":{"settings":{"index":{"number_of_shards":2,"version":{"created":"1","other":"2"}},"archived":{"a":"b"}}}}`), new(GetSettingsResponse))
	sdktest.RoundTrip(t, []byte(`{"x":{"settings":{"index.number_of_shards":3,"cluster.x":"y"}}}`), new(GetSettingsResponse))
}

func FuzzSettingsDecode(f *testing.F) {
	for _, name := range []string{"settings_nested.json", "settings_flat.json", "settings_filtered.json"} {
		f.Add(sdktest.Fixture(f, name))
	}
	f.Add([]byte(`{"a":{"settings":{"index":"x"}}}`))
	f.Add([]byte(`{"a":{"settings":{"index":{"version":{"created":1}}}}}`))
	f.Add([]byte(`{"a":{"settings":{"index.":"x"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r GetSettingsResponse
		if err := jsonx.Unmarshal(data, &r); err != nil {
			return
		}
		out, err := jsonx.Marshal(&r)
		if err != nil {
			t.Fatalf("decoded %q but cannot encode: %v", data, err)
		}
		var again GetSettingsResponse
		if err := jsonx.Unmarshal(out, &again); err != nil {
			t.Fatalf("re-decoding %s: %v", out, err)
		}
		if !cmp.Equal(r.Indices, again.Indices, cmp.AllowUnexported(Settings{}), cmp.Comparer(rawEqual)) {
			t.Fatalf("round trip changed %q:\n%s", data, cmp.Diff(r.Indices, again.Indices, cmp.AllowUnexported(Settings{}), cmp.Comparer(rawEqual)))
		}
	})
}

// rawEqual compares raw JSON values by content.
func rawEqual(a, b jsonx.RawMessage) bool {
	var x, y any
	if jsonx.Unmarshal(a, &x) != nil || jsonx.Unmarshal(b, &y) != nil {
		return string(a) == string(b)
	}
	return cmp.Equal(x, y)
}

func TestCreateDeleteExistsRefresh(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, `{"acknowledged":true,"shards_acknowledged":true,"index":"books"}`, `{"acknowledged":true}`,
		`{"_shards":{"total":4,"successful":2,"failed":0}}`, `{"_shards":{"total":10,"successful":5,"failed":0}}`)
	created, err := svc.Create(ctx, "books", &CreateRequest{
		Settings: map[string]any{"number_of_shards": 2, "number_of_replicas": 0},
		Mappings: map[string]any{"properties": map[string]any{"title": map[string]any{"type": "text"}}},
		Aliases:  map[string]any{"books-read": map[string]any{}},
	}, &CreateParams{ClusterManagerTimeout: types.Duration(time.Minute), MasterTimeout: types.Duration(time.Minute), Timeout: types.Duration(30 * time.Second), WaitForActiveShards: "1"})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/books", "cluster_manager_timeout=1m&master_timeout=1m&timeout=30s&wait_for_active_shards=1",
		`{"settings":{"number_of_shards":2,"number_of_replicas":0},"mappings":{"properties":{"title":{"type":"text"}}},"aliases":{"books-read":{}}}`)
	if !created.Acknowledged || !created.ShardsAcknowledged || created.Index != "books" {
		t.Errorf("created = %+v", created)
	}
	del, err := svc.Delete(ctx, []string{"books", "old-*"}, &DeleteParams{AllowNoIndices: ptr(true), ExpandWildcards: types.ExpandWildcards{"open"},
		IgnoreUnavailable: ptr(false), ClusterManagerTimeout: types.Duration(time.Second), MasterTimeout: types.Duration(time.Second), Timeout: types.Duration(time.Second)})
	if err != nil || !del.Acknowledged {
		t.Fatalf("delete = %+v %v", del, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "DELETE", "/books,old-%2A",
		"allow_no_indices=true&cluster_manager_timeout=1s&expand_wildcards=open&ignore_unavailable=false&master_timeout=1s&timeout=1s", "")
	ref, err := svc.Refresh(ctx, []string{"books"}, &RefreshParams{AllowNoIndices: ptr(true), ExpandWildcards: types.ExpandWildcards{"all"}, IgnoreUnavailable: ptr(true)})
	if err != nil || ref.Shards.Total != 4 || ref.Shards.Successful != 2 {
		t.Fatalf("refresh = %+v %v", ref, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_refresh", "allow_no_indices=true&expand_wildcards=all&ignore_unavailable=true", "")
	if _, err := svc.Refresh(ctx, nil, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/_refresh", "", "")

	svc2, rec2 := newService(t, 200)
	rec2.Answers = []sdktest.Answer{{Status: 200}, {Status: 404}, {Status: 403, Body: []byte(`{"error":{"type":"security_exception","reason":"no permissions"},"status":403}`)}}
	if ok, err := svc2.Exists(ctx, []string{"books"}, &ExistsParams{Local: ptr(true), FlatSettings: ptr(true), IncludeDefaults: ptr(false),
		AllowNoIndices: ptr(true), ExpandWildcards: types.ExpandWildcards{"open"}, IgnoreUnavailable: ptr(true), ClusterManagerTimeout: types.Duration(time.Second)}); !ok || err != nil {
		t.Errorf("exists = %v %v", ok, err)
	}
	sdktest.CheckCall(t, rec2.Last(t), "HEAD", "/books",
		"allow_no_indices=true&cluster_manager_timeout=1s&expand_wildcards=open&flat_settings=true&ignore_unavailable=true&include_defaults=false&local=true", "")
	if ok, err := svc2.Exists(ctx, []string{"nope"}, nil); ok || err != nil {
		t.Errorf("missing = %v %v", ok, err)
	}
	if ok, err := svc2.Exists(ctx, []string{"secret"}, nil); ok || !types.IsForbidden(err) {
		t.Errorf("forbidden = %v %v", ok, err)
	}
}

func TestIndexOperationsRejectMissingNames(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	for _, err := range []error{
		second(svc.Create(ctx, "", nil, nil)),
		second(svc.Delete(ctx, nil, nil)),
		second(svc.Exists(ctx, nil, nil)),
	} {
		if err == nil || !strings.Contains(err.Error(), "index") {
			t.Errorf("err = %v", err)
		}
	}
	if len(rec.Calls) != 0 {
		t.Errorf("%d requests sent", len(rec.Calls))
	}
}

func TestCreateExistingIndexIsAnError(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 400, `{"error":{"root_cause":[{"type":"resource_already_exists_exception","reason":"index [books/Onnd4TKBQMODrfvAvNXjAg] already exists","index":"books","index_uuid":"Onnd4TKBQMODrfvAvNXjAg"}],"type":"resource_already_exists_exception","reason":"index [books/Onnd4TKBQMODrfvAvNXjAg] already exists","index":"books","index_uuid":"Onnd4TKBQMODrfvAvNXjAg"},"status":400}`)
	_, err := svc.Create(ctx, "books", nil, nil)
	if !types.IsType(err, "resource_already_exists_exception") || !types.IsBadRequest(err) {
		t.Fatalf("err = %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

func TestIndexResponsesSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	sdktest.RoundTrip(t, []byte(`{"acknowledged":true,"shards_acknowledged":true,"index":"books"}`), new(CreateResponse))
	sdktest.RoundTrip(t, []byte(`{"acknowledged":true}`), new(AcknowledgedResponse))
	sdktest.RoundTrip(t, []byte(`{"_shards":{"total":2,"successful":1,"failed":0}}`), new(RefreshResponse))
	sdktest.RoundTrip(t, []byte(`{"_shards":{"total":2,"successful":1,"failed":1,"failures":[{"shard":0,"index":"books","status":"INTERNAL_SERVER_ERROR","reason":{"type":"x","reason":"y"}}]}}`), new(RefreshResponse))
}

func TestEmptyIndexNamesAreRejected(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200)
	// Joined, [""] would drop out of the path: DELETE / or a refresh of every index.
	bad := []string{""}
	for name, err := range map[string]error{
		"delete":           second(svc.Delete(ctx, bad, nil)),
		"exists":           second(svc.Exists(ctx, []string{"a", ""}, nil)),
		"refresh":          second(svc.Refresh(ctx, bad, nil)),
		"get settings":     second(svc.GetSettings(ctx, bad, nil, nil)),
		"settings filters": second(svc.GetSettings(ctx, nil, []string{"index.uuid", ""}, nil)),
	} {
		if err == nil || !strings.Contains(err.Error(), "of the list is empty") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if len(rec.Calls) != 0 {
		t.Errorf("%d requests sent", len(rec.Calls))
	}
}
