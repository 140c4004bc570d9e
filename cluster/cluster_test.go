package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

const healthAnswer = `{"cluster_name":"opensearch","status":"yellow","timed_out":false,"number_of_nodes":1,"number_of_data_nodes":1,` +
	`"discovered_master":true,"discovered_cluster_manager":true,"active_primary_shards":1,"active_shards":1,"relocating_shards":0,` +
	`"initializing_shards":0,"unassigned_shards":1,"delayed_unassigned_shards":0,"number_of_pending_tasks":0,"number_of_in_flight_fetch":0,` +
	`"task_max_waiting_in_queue_millis":0,"active_shards_percent_as_number":50.0,"indices":{"books":{"status":"yellow","number_of_shards":1,` +
	`"number_of_replicas":1,"active_primary_shards":1,"active_shards":1,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":1,` +
	`"shards":{"0":{"status":"yellow","primary_active":true,"active_shards":1,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":1}}}}}`

func newService(t *testing.T, status int, fixtures ...string) (*Service, *sdktest.Recorder) {
	t.Helper()
	tc, rec := sdktest.NewRecorded(t, status, fixtures...)
	return NewService(tc), rec
}

func TestHealthWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, healthAnswer, healthAnswer)
	yes := true
	h, err := svc.Health(context.Background(), []string{"books", "logs-*"}, &HealthParams{
		Level: LevelShards, WaitForStatus: StatusGreen, WaitForEvents: PriorityLanguid, WaitForNodes: ">=2",
		WaitForActiveShards: "all", WaitForNoRelocatingShards: &yes, Timeout: types.Duration(5 * time.Second),
		ExpandWildcards: types.ExpandWildcards{types.WildcardsOpen}, Local: &yes,
	})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_cluster/health/books,logs-%2A",
		"expand_wildcards=open&level=shards&local=true&timeout=5s&wait_for_active_shards=all&wait_for_events=languid&wait_for_no_relocating_shards=true&wait_for_nodes=%3E%3D2&wait_for_status=green", "")
	if h.Status != StatusYellow || h.ActiveShardsPercentAsNumber != 50 || h.UnassignedShards != 1 || h.StatusCode != 200 {
		t.Errorf("health = %+v", h)
	}
	books := h.Indices["books"]
	if books.NumberOfReplicas != 1 || books.UnassignedShards != 1 || !books.Shards["0"].PrimaryActive || books.Shards["0"].Status != StatusYellow {
		t.Errorf("books = %+v", books)
	}
	sdktest.RoundTrip(t, []byte(healthAnswer), new(HealthResponse))
	if _, err := svc.Health(context.Background(), nil, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_cluster/health", "", "")
	if _, err := svc.Health(context.Background(), []string{""}, nil); err == nil {
		t.Error("an empty index name was accepted")
	}
}

func TestHealthTimeoutReturnsTheHealthAndTheError(t *testing.T) {
	t.Parallel()
	answer := `{"cluster_name":"c","status":"yellow","timed_out":true,"number_of_nodes":1}`
	svc, _ := newService(t, 408, answer)
	h, err := svc.Health(context.Background(), nil, &HealthParams{WaitForStatus: StatusGreen})
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 408 {
		t.Fatalf("err = %v", err)
	}
	if h == nil || !h.TimedOut || h.Status != StatusYellow || h.StatusCode != 408 {
		t.Fatalf("health = %+v", h)
	}
}

func TestSettingsWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200,
		`{"persistent":{},"transient":{"action":{"auto_create_index":"false"}},"defaults":{"search":{"default_keep_alive":"5m"}}}`,
		`{"acknowledged":true,"persistent":{},"transient":{"action":{"auto_create_index":"false"}}}`)
	yes := true
	got, err := svc.GetSettings(context.Background(), &GetSettingsParams{IncludeDefaults: &yes, FlatSettings: new(bool)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/_cluster/settings", "flat_settings=false&include_defaults=true", "")
	if got.Transient["action"].(map[string]any)["auto_create_index"] != "false" || got.Defaults["search"] == nil {
		t.Errorf("settings = %+v", got)
	}
	put, err := svc.PutSettings(context.Background(), &PutSettingsRequest{Transient: map[string]any{"action.auto_create_index": false}},
		&PutSettingsParams{Timeout: types.Duration(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "PUT", "/_cluster/settings", "timeout=1m", `{"transient":{"action.auto_create_index":false}}`)
	if !put.Acknowledged {
		t.Errorf("put = %+v", put)
	}
	sent := len(rec.Calls)
	for _, body := range []*PutSettingsRequest{nil, {}} {
		if _, err := svc.PutSettings(context.Background(), body, nil); err == nil {
			t.Errorf("PutSettings(%+v) accepted", body)
		}
	}
	if len(rec.Calls) != sent {
		t.Error("a refused PutSettings sent a request")
	}
}

func TestInfoAndPingWire(t *testing.T) {
	t.Parallel()
	answer := `{"name":"node-1","cluster_name":"opensearch","cluster_uuid":"u1","version":{"distribution":"opensearch","number":"2.19.0",` +
		`"build_type":"tar","build_hash":"abc","build_date":"2025-01-01T00:00:00.000000000Z","build_snapshot":false,"lucene_version":"9.12.1",` +
		`"minimum_wire_compatibility_version":"7.10.0","minimum_index_compatibility_version":"7.0.0"},"tagline":"The OpenSearch Project: https://opensearch.org/"}`
	svc, rec := newService(t, 200, answer)
	info, err := svc.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "GET", "/", "", "")
	if info.Name != "node-1" || info.Version.Number != "2.19.0" || info.Version.LuceneVersion != "9.12.1" || info.ClusterUUID != "u1" {
		t.Errorf("info = %+v", info)
	}
	sdktest.RoundTrip(t, []byte(answer), new(InfoResponse))
	up, err := svc.Ping(context.Background())
	if err != nil || !up {
		t.Fatalf("Ping = %v, %v", up, err)
	}
	sdktest.CheckCall(t, rec.Last(t), "HEAD", "/", "", "")

	down, _ := newService(t, 503, `{}`)
	if up, err := down.Ping(context.Background()); up || err != nil {
		t.Fatalf("Ping of a 503 = %v, %v; want false, nil", up, err)
	}
}

func TestParamsCoverTheAPISpecification(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		api    string
		params any
	}{
		{"cluster.health", HealthParams{}},
		{"cluster.get_settings", GetSettingsParams{}},
		{"cluster.put_settings", PutSettingsParams{}},
	} {
		have := sdktest.URLNames(c.params)
		for _, name := range sdktest.LegacyAPIParams(t, c.api) {
			if !have[name] {
				t.Errorf("%s: parameter %q has no field", c.api, name)
			}
		}
	}
}

// stubTransport answers every request with one canned body and keeps the requests.
type stubTransport struct {
	body []byte
	sent []*types.Request
}

func (s *stubTransport) Perform(_ context.Context, req *types.Request) (*types.Response, error) {
	s.sent = append(s.sent, req)
	return &types.Response{StatusCode: 200, Body: s.body}, nil
}

func (s *stubTransport) Do(ctx context.Context, req *types.Request, out any) (*types.Response, error) {
	resp, err := s.Perform(ctx, req)
	if err == nil && out != nil {
		err = json.Unmarshal(resp.Body, out)
	}
	return resp, err
}

// A service runs on any types.Transport, not only the client's.
func TestServiceOnATransportOfYourOwn(t *testing.T) {
	t.Parallel()
	stub := &stubTransport{body: []byte(`{"cluster_name":"stub","status":"green"}`)}
	h, err := NewService(stub).Health(context.Background(), []string{"books"}, nil)
	if err != nil || h.ClusterName != "stub" || h.Status != StatusGreen {
		t.Fatalf("Health = %+v, %v", h, err)
	}
	if len(stub.sent) != 1 || stub.sent[0].Method != "GET" || stub.sent[0].Path != "/_cluster/health/books" {
		t.Fatalf("sent %+v", stub.sent)
	}
}
