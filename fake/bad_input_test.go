package fake_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// Inputs OpenSearch 2.19 refuses, each with the answer its source gives
// (SearchService.checkKeepAliveLimit on saturated TimeValues,
// TermQueryBuilder, SearchAfterBuilder, DefaultSearchContext.preProcess,
// BulkRequest.validate, MappingLookup.checkLimits, RestUtils.decodeComponent).
func TestBadInputAnswersAsOpenSearch(t *testing.T) {
	srv := fake.New(t)
	for _, s := range []struct{ method, path, body string }{
		{"PUT", "/bi", `{"settings":{"number_of_shards":1,"number_of_replicas":0},"mappings":{"properties":{"a":{"type":"long"}}}}`},
		{"PUT", "/bi/_doc/1?refresh=true", `{"a":1}`},
		{"PUT", "/lim", `{"settings":{"index.mapping.nested_fields.limit":1,"index.mapping.field_name_length.limit":5,"index.mapping.depth.limit":3}}`},
	} {
		if status, _, body := doRaw(t, srv, s.method, s.path, s.body); status >= 300 {
			t.Fatalf("%s %s: %d %s", s.method, s.path, status, body)
		}
	}
	keepAlive := func(setting string) string {
		r := `{"type":"illegal_argument_exception","reason":"Keep alive for request (106751.9d) is too large. It must be less than (1d). This limit can be set by changing the [` + setting + `] cluster level setting."}`
		return `{"error":{"root_cause":[` + r + `],` + r[1:len(r)-1] + `},"status":400}`
	}
	shardFailure := func(cause string) string {
		return `{"error":{"root_cause":[` + cause + `],"type":"search_phase_execution_exception","caused_by":` + cause + `},"status":400}`
	}
	many := `{`
	for i := 0; i < 1001; i++ {
		many += fmt.Sprintf(`"f%d":1,`, i)
	}
	many = strings.TrimSuffix(many, ",") + `}`
	deep := strings.Repeat(`{"o":`, 900) + "1" + strings.Repeat("}", 900)
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"scroll keep-alive past Long.MAX_VALUE nanos", "POST", "/bi/_search?scroll=9999999999999d", `{}`, 400, keepAlive("search.max_keep_alive")},
		{"pit keep-alive of 106752 days", "POST", "/bi/_search/point_in_time?keep_alive=106752d", "", 400, keepAlive("point_in_time.max_keep_alive")},
		{"health timeout that saturates waits for nothing here", "GET", "/_cluster/health?timeout=9999999999999d&filter_path=timed_out", "", 200, `{"timed_out":false}`},
		{"term query with an object value", "POST", "/bi/_search", `{"query":{"term":{"a":{"value":{"x":1}}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"[term] query does not support [x]","line":1,"col":37}],"type":"parsing_exception","reason":"[term] query does not support [x]","line":1,"col":37},"status":400}`},
		{"search_after holding an object", "POST", "/bi/_search", `{"sort":["a"],"search_after":[{"x":1}]}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"Expected [VALUE_STRING] or [VALUE_NUMBER] or [VALUE_BOOLEAN] or [VALUE_NULL] but found [START_OBJECT] inside search_after.","line":1,"col":31}],"type":"parsing_exception","reason":"Expected [VALUE_STRING] or [VALUE_NUMBER] or [VALUE_BOOLEAN] or [VALUE_NULL] but found [START_OBJECT] inside search_after.","line":1,"col":31},"status":400}`},
		{"search_after text for a long sort", "POST", "/bi/_search?filter_path=error.root_cause,error.type,error.caused_by,status", `{"sort":["a"],"search_after":["abc"]}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse search_after value for field [a]."}],"type":"search_phase_execution_exception","caused_by":{"type":"illegal_argument_exception","reason":"Failed to parse search_after value for field [a].","caused_by":{"type":"number_format_exception","reason":"For input string: \"abc\""}}},"status":400}`},
		{"scroll slice max of 2147483647", "POST", "/bi/_search?scroll=1m&filter_path=error.root_cause,error.type,error.caused_by,status", `{"slice":{"id":0,"max":2147483647}}`, 400,
			shardFailure(`{"type":"illegal_argument_exception","reason":"The number of slices [2147483647] is too large. It must be less than [1024]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting."}`)},
		{"bulk items with no index anywhere", "POST", "/_bulk", "{\"index\":{\"_id\":\"1\"}}\n{\"a\":1}\n{\"index\":{\"_index\":\"bi\",\"_id\":\"2\"}}\n{\"a\":2}\n{\"delete\":{}}\n", 400,
			`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: index is missing;2: index is missing;3: id is missing;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: index is missing;2: index is missing;3: id is missing;"},"status":400}`},
		{"more than 1000 new fields", "PUT", "/bi/_doc/many", many, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Limit of total fields [1000] has been exceeded"}],"type":"illegal_argument_exception","reason":"Limit of total fields [1000] has been exceeded"},"status":400}`},
		{"an object 900 levels deep", "PUT", "/bi/_doc/deep?filter_path=error.type", deep, 400, `{"error":{"type":"illegal_argument_exception"}}`},
		{"objects deeper than index.mapping.depth.limit", "PUT", "/lim/_doc/d", `{"a":{"b":{"c":{"d":1}}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Limit of mapping depth [3] has been exceeded due to object field [a.b.c]"}],"type":"illegal_argument_exception","reason":"Limit of mapping depth [3] has been exceeded due to object field [a.b.c]"},"status":400}`},
		{"more nested fields than the limit", "PUT", "/lim/_mapping", `{"properties":{"n1":{"type":"nested"},"n2":{"type":"nested"}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Limit of nested fields [1] has been exceeded"}],"type":"illegal_argument_exception","reason":"Limit of nested fields [1] has been exceeded"},"status":400}`},
		{"a field name over field_name_length.limit", "PUT", "/lim/_doc/n", `{"toolong":1}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Field name [toolong] is longer than the limit of [5] characters"}],"type":"illegal_argument_exception","reason":"Field name [toolong] is longer than the limit of [5] characters"},"status":400}`},
		{"an index created over the limit", "PUT", "/over", `{"settings":{"index.mapping.total_fields.limit":1},"mappings":{"properties":{"x":{"type":"keyword"},"y":{"type":"keyword"}}}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Limit of total fields [1] has been exceeded"}],"type":"illegal_argument_exception","reason":"Limit of total fields [1] has been exceeded"},"status":400}`},
		{"an unknown translog durability", "PUT", "/tl", `{"settings":{"index.translog.durability":"sometimes"}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.index.translog.Translog.Durability.SOMETIMES"}],"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.index.translog.Translog.Durability.SOMETIMES"},"status":400}`},
		{"a sync_interval under 100ms", "PUT", "/tl", `{"settings":{"index.translog.sync_interval":"50ms"}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse value [50ms] for setting [index.translog.sync_interval], must be >= [100ms]"}],"type":"illegal_argument_exception","reason":"failed to parse value [50ms] for setting [index.translog.sync_interval], must be >= [100ms]"},"status":400}`},
		{"durability is dynamic", "PUT", "/bi/_settings", `{"index.translog.durability":"async"}`, 200, `{"acknowledged":true}`},
		{"sync_interval is not", "PUT", "/bi/_settings?filter_path=error.type", `{"index.translog.sync_interval":"10s"}`, 400, `{"error":{"type":"illegal_argument_exception"}}`},
		{"invalid UTF-8 in an index name", "PUT", "/bi%ff", `{}`, 200, `{"acknowledged":true,"shards_acknowledged":true,"index":"bi` + "\uFFFD" + `"}`},
		{"the same index by its decoded name", "HEAD", "/bi%EF%BF%BD", "", 200, ``},
		{"invalid UTF-8 in an id", "PUT", "/bi/_doc/x%c3?filter_path=_id", `{"a":3}`, 201, `{"_id":"x` + "\uFFFD" + `"}`},
	} {
		status, _, body := doRaw(t, srv, c.method, c.path, c.body)
		if status != c.status || body != c.want {
			t.Errorf("%s: %s %s\n got %d %s\nwant %d %s", c.name, c.method, c.path, status, body, c.status, c.want)
		}
	}
	// Nothing of the refused writes landed.
	if _, _, body := doRaw(t, srv, "GET", "/bi/_mapping", ""); body != `{"bi":{"mappings":{"properties":{"a":{"type":"long"}}}}}` {
		t.Errorf("mapping after refused updates: %s", body)
	}
}

func TestInvalidUTF8IndexNameSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if status, _, body := doRaw(t, srv, "PUT", "/bi%ff/_doc/1", `{"a":1}`); status != 201 {
		t.Fatalf("write: %d %s", status, body)
	}
	srv.Close()
	again := fake.New(t, fake.WithDataDir(dir))
	if src, ok := again.Document("bi\uFFFD", "1"); !ok || string(src) != `{"a":1}` {
		t.Errorf("document under the decoded name after a restart: %s %v", src, ok)
	}
	if status, _, _ := doRaw(t, again, "GET", "/bi%ff/_doc/1", ""); status != 200 {
		t.Errorf("GET by the raw name after a restart: %d", status)
	}
}
