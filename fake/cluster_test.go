package fake

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/url"
	"testing"
)

func TestInfo(t *testing.T) {
	s := newTestServer(t, WithClusterName("c1"))
	expect(t, s, "GET", "/?pretty=false", "", 200, `{"name":"node-1","cluster_name":"c1","cluster_uuid":<*>,"version":{"distribution":"opensearch","number":"2.19.0","build_type":"tar","build_hash":<*>,"build_date":<*>,"build_snapshot":false,"lucene_version":"9.12.1","minimum_wire_compatibility_version":"7.10.0","minimum_index_compatibility_version":"7.0.0"},"tagline":"The OpenSearch Project: https://opensearch.org/"}`)
	// RestMainAction pretty-prints unless the request names pretty.
	expect(t, s, "GET", "/?filter_path=tagline", "", 200, "{\n  \"tagline\" : \"The OpenSearch Project: https://opensearch.org/\"\n}\n")
	expect(t, s, "GET", "/?filter_path=tagline&pretty", "", 200, "{\n  \"tagline\" : \"The OpenSearch Project: https://opensearch.org/\"\n}\n")
	s3 := newTestServer(t, WithVersion("3.1.0"))
	expect(t, s3, "GET", "/?filter_path=version.number,version.minimum_wire_compatibility_version&pretty=false", "", 200,
		`{"version":{"number":"3.1.0","minimum_wire_compatibility_version":"2.19.0"}}`)
}

func TestHealth(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_cluster/health", "", 200, `{"cluster_name":"opensearch","status":"green","timed_out":false,"number_of_nodes":1,"number_of_data_nodes":1,"discovered_master":true,"discovered_cluster_manager":true,"active_primary_shards":0,"active_shards":0,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":0,"delayed_unassigned_shards":0,"number_of_pending_tasks":0,"number_of_in_flight_fetch":0,"task_max_waiting_in_queue_millis":0,"active_shards_percent_as_number":100.0}`)
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_shards":2}}`, 200, "")
	expect(t, s, "GET", "/_cluster/health?filter_path=status,active_shards,unassigned_shards,active_shards_percent_as_number", "", 200,
		`{"status":"yellow","active_shards":2,"unassigned_shards":2,"active_shards_percent_as_number":50.0}`)
	expect(t, s, "GET", "/_cluster/health/books?level=indices&filter_path=indices", "", 200,
		`{"indices":{"books":{"status":"yellow","number_of_shards":2,"number_of_replicas":1,"active_primary_shards":2,"active_shards":2,"relocating_shards":0,"initializing_shards":0,"unassigned_shards":2}}}`)
	expect(t, s, "GET", "/_cluster/health?wait_for_status=green&timeout=0s&filter_path=timed_out", "", 408, `{"timed_out":true}`)
	// A named index that does not exist makes the health red and unmet (TransportClusterHealthAction).
	expect(t, s, "GET", "/_cluster/health/nope?timeout=0s&filter_path=status,timed_out,active_shards", "", 408, `{"status":"red","timed_out":true,"active_shards":0}`)
	two := newTestServer(t, WithNodes(2))
	expect(t, two, "PUT", "/books", "", 200, "")
	expect(t, two, "GET", "/_cluster/health?filter_path=status,number_of_nodes,active_shards", "", 200, `{"status":"green","number_of_nodes":2,"active_shards":2}`)
}

func TestDispatchErrors(t *testing.T) {
	s := newTestServer(t)
	code, h, body := call(t, s, "DELETE", "/_cluster/health?local=true", "")
	if code != 405 || h.Get("Allow") != "GET" || body != `{"error":"Incorrect HTTP method for uri [/_cluster/health?local=true] and method [DELETE], allowed: [GET]","status":405}` {
		t.Errorf("405: %d %q %s", code, h.Get("Allow"), body)
	}
	expect(t, s, "GET", "/_cluster/health/a/b/c", "", 400, `{"error":"no handler found for uri [/_cluster/health/a/b/c] and method [GET]"}`)
	expect(t, s, "GET", "/_cluster/health?foo=1", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_cluster/health] contains unrecognized parameter: [foo]"}],"type":"illegal_argument_exception","reason":"request [/_cluster/health] contains unrecognized parameter: [foo]"},"status":400}`)
	expect(t, s, "GET", "/_cluster/health?levle=1&timeot=1", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"request [/_cluster/health] contains unrecognized parameters: [levle] -> did you mean [level]?, [timeot] -> did you mean [timeout]?"}],"type":"illegal_argument_exception","reason":"request [/_cluster/health] contains unrecognized parameters: [levle] -> did you mean [level]?, [timeot] -> did you mean [timeout]?"},"status":400}`)
	// /_bulk also matches the /{index} routes, so their methods are allowed too,
	// as in RestController.getValidHandlerMethodSet.
	code, h, _ = call(t, s, "OPTIONS", "/_bulk", "")
	if code != 200 || h.Get("Allow") != "DELETE,GET,HEAD,POST,PUT" {
		t.Errorf("OPTIONS: %d %q", code, h.Get("Allow"))
	}
	code, _, body = call(t, s, "GET", "/?pretty", "")
	if code != 200 || body[:16] != "{\n  \"name\" : \"no" || body[len(body)-2:] != "}\n" {
		t.Errorf("pretty: %q", body)
	}
	expect(t, s, "GET", "/_cluster/health?error_trace=true&level=x", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"level must be one of [cluster, indices, shards] but was [x]","stack_trace":<*>}],"type":"illegal_argument_exception","reason":"level must be one of [cluster, indices, shards] but was [x]","stack_trace":<*>},"status":400}`)
	expect(t, s, "PUT", "/idx", "{}", 200, "")
	expect(t, s, "GET", "/_cluster/health?human=true&filter_path=task_max*,active_shards_percent*", "", 200,
		`{"task_max_waiting_in_queue":"0s","task_max_waiting_in_queue_millis":0,"active_shards_percent":"50.0%","active_shards_percent_as_number":50.0}`)
}

func TestContentType(t *testing.T) {
	s := newTestServer(t)
	req, _ := http.NewRequest("PUT", s.URL()+"/idx", stringsReader(`{}`))
	req.Header.Set("Content-Type", "text/plain")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 406 {
		t.Errorf("text/plain body: status %d, want 406", resp.StatusCode)
	}
}

func TestBasicAuth(t *testing.T) {
	s := newTestServer(t, WithBasicAuth("admin", "secret"))
	code, h, body := call(t, s, "GET", "/", "")
	if code != 401 || h.Get("WWW-Authenticate") != `Basic realm="OpenSearch Security"` || body != "Unauthorized" {
		t.Errorf("no credentials: %d %q %q", code, h.Get("WWW-Authenticate"), body)
	}
	req, _ := http.NewRequest("GET", s.URL()+"/", nil)
	req.SetBasicAuth("admin", "secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("with credentials: %d", resp.StatusCode)
	}
}

func TestTLS(t *testing.T) {
	s := newTestServer(t, WithTLS())
	if s.URL()[:8] != "https://" || len(s.CACert()) == 0 {
		t.Fatalf("URL %s, cert %d bytes", s.URL(), len(s.CACert()))
	}
	expect(t, s, "GET", "/?filter_path=tagline&pretty=false", "", 200, `{"tagline":"The OpenSearch Project: https://opensearch.org/"}`)
}

func TestGzipRequestBody(t *testing.T) {
	s := newTestServer(t)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(`{"settings":{"number_of_replicas":0}}`))
	zw.Close()
	req, _ := http.NewRequest("PUT", s.URL()+"/gz", &buf)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Content-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("gzip body: status %d", resp.StatusCode)
	}
	expect(t, s, "GET", "/gz/_settings/index.number_of_replicas?flat_settings=true", "", 200, `{"gz":{"settings":{"index.number_of_replicas":"0"}}}`)
}

func TestOpaqueIDEcho(t *testing.T) {
	s := newTestServer(t)
	for _, path := range []string{"/", "/nope/_doc/1", "/_bad/x/y/z"} {
		req, _ := http.NewRequest("GET", s.URL()+path, nil)
		req.Header.Set("X-Opaque-Id", "trace-42")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-Opaque-Id"); got != "trace-42" {
			t.Errorf("%s: X-Opaque-Id %q", path, got)
		}
	}
}

func TestDeprecationWarnings(t *testing.T) {
	s := newTestServer(t)
	code, h, _ := call(t, s, "GET", "/_cluster/health?master_timeout=10s", "")
	if code != 200 || h.Get("Warning") != `299 OpenSearch-2.19.0-0000000000000000000000000000000000000000 "Parameter [master_timeout] is deprecated and will be removed in 3.0. To support inclusive language, please use [cluster_manager_timeout] instead."` {
		t.Errorf("master_timeout: %d %q", code, h.Get("Warning"))
	}
	code, h, _ = call(t, s, "GET", "/_cluster/health?cluster_manager_timeout=10s", "")
	if code != 200 || h.Get("Warning") != "" {
		t.Errorf("cluster_manager_timeout: %d %q", code, h.Get("Warning"))
	}
	expect(t, s, "GET", "/_cluster/health?cluster_manager_timeout=1s&master_timeout=1s", "", 400, `<**>"reason":"Please only use one of the request parameters [master_timeout, cluster_manager_timeout] since they are synonyms"<**>`)
	_, h, _ = call(t, s, "PUT", "/sd", `{"settings":{"soft_deletes.enabled":false}}`)
	if h.Get("Warning") == "" {
		t.Error("soft_deletes.enabled=false should warn")
	}
}

func TestSourceParameter(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/sp/_doc/1?refresh=true", `{"a":1}`, 201, "")
	expect(t, s, "GET", "/sp/_count?source="+url.QueryEscape(`{"query":{"term":{"a":1}}}`)+"&source_content_type=application%2Fjson&filter_path=count", "", 200, `{"count":1}`)
	expect(t, s, "GET", "/sp/_count?source=%7B%7D", "", 400, `<**>"reason":"source and source_content_type parameters are required"<**>`)
}
