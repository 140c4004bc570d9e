package fake

import (
	"testing"
	"time"
)

func TestCreateIndexAndSettings(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"settings":{"index":{"number_of_shards":2,"number_of_replicas":"0"}},"mappings":{"properties":{"title":{"type":"text"}}}}`, 200,
		`{"acknowledged":true,"shards_acknowledged":true,"index":"books"}`)
	expect(t, s, "GET", "/books/_settings", "", 200,
		`{"books":{"settings":{"index":{"replication":{"type":"DOCUMENT"},"number_of_shards":"2","provided_name":"books","creation_date":"1700000000000","number_of_replicas":"0","uuid":<*>,"version":{"created":"136407827"}}}}}`)
	expect(t, s, "GET", "/books/_settings?flat_settings=true", "", 200,
		`{"books":{"settings":{"index.creation_date":"1700000000000","index.number_of_replicas":"0","index.number_of_shards":"2","index.provided_name":"books","index.replication.type":"DOCUMENT","index.uuid":<*>,"index.version.created":"136407827"}}}`)
	expect(t, s, "GET", "/books/_settings/index.number_of_s*", "", 200, `{"books":{"settings":{"index":{"number_of_shards":"2"}}}}`)
	expect(t, s, "GET", "/_settings/index.number_of_shards,index.number_of_replicas?flat_settings=true", "", 200,
		`{"books":{"settings":{"index.number_of_replicas":"0","index.number_of_shards":"2"}}}`)
	expect(t, s, "GET", "/_all/_settings/index.refresh_interval?include_defaults=true&flat_settings=true", "", 200,
		`{"books":{"settings":{},"defaults":{"index.refresh_interval":"1s"}}}`)
	expect(t, s, "GET", "/books/_settings/index.creation*?human=true&flat_settings=true", "", 200,
		`{"books":{"settings":{"index.creation_date":"1700000000000","index.creation_date_string":"2023-11-14T22:13:20.000Z"}}}`)
	expect(t, s, "GET", "/books/_mapping", "", 200, `{"books":{"mappings":{"properties":{"title":{"type":"text"}}}}}`)
	expect(t, s, "HEAD", "/books", "", 200, "")
	expect(t, s, "HEAD", "/nope", "", 404, "")
	expect(t, s, "PUT", "/books", "", 400, `{"error":{"root_cause":[{"type":"resource_already_exists_exception","reason":<*>,"index":"books","index_uuid":<*>}],"type":"resource_already_exists_exception","reason":<*>,"index":"books","index_uuid":<*>},"status":400}`)
	expect(t, s, "GET", "/nope/_settings", "", 404, `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [nope]","index":"nope","resource.id":"nope","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`)
	expect(t, s, "GET", "/nope/_settings?ignore_unavailable=true", "", 200, `{}`)
	expect(t, s, "GET", "/nope*/_settings?allow_no_indices=false", "", 404, "")
	expect(t, s, "DELETE", "/books", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/books", "", 404, "")
}

func TestIndexNameValidation(t *testing.T) {
	s := newTestServer(t)
	cases := map[string]string{
		"/Books": `must be lowercase`,
		"/a%23b": `must not contain '#'`,
		"/a:b":   `must not contain ':'`,
		"/-a":    `must not start with '_', '-', or '+'`,
		"/a%2Ab": `must not contain the following characters [ , \", *, \\, <, |, ,, >, /, ?]`,
		"/..":    `must not be '.' or '..'`,
	}
	for path, why := range cases {
		name := map[string]string{"/Books": "Books", "/a%23b": "a#b", "/a:b": "a:b", "/-a": "-a", "/a%2Ab": "a*b", "/..": ".."}[path]
		expect(t, s, "PUT", path, "", 400, `{"error":{"root_cause":[{"type":"invalid_index_name_exception","reason":"Invalid index name [`+name+`], `+why+`","index":"`+name+`","index_uuid":"_na_"}],"type":"invalid_index_name_exception","reason":"Invalid index name [`+name+`], `+why+`","index":"`+name+`","index_uuid":"_na_"},"status":400}`)
	}
}

func TestCreateIndexErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"settings":{"number_of_shards":0}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse value [0] for setting [index.number_of_shards] must be >= 1"}],"type":"illegal_argument_exception","reason":"Failed to parse value [0] for setting [index.number_of_shards] must be >= 1"},"status":400}`)
	expect(t, s, "PUT", "/a", `{"settings":{"foo":1}}`, 400, `{"error":{"root_cause":[<**>],"type":"illegal_argument_exception","reason":"unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings"},"status":400}`)
	expect(t, s, "PUT", "/a", `{"mappings":{"properties":{"t":{"type":"strang"}}}}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"No handler for type [strang] declared on field [t]"}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: No handler for type [strang] declared on field [t]","caused_by":{"type":"mapper_parsing_exception","reason":"No handler for type [strang] declared on field [t]"}},"status":400}`)
	expect(t, s, "PUT", "/a", `{"mappings":{"properties":{"t":{"type":"text","foo":1}}}}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"unknown parameter [foo] on mapper [t] of type [text]"}],<**>`)
	expect(t, s, "PUT", "/a", `{"bogus":{}}`, 400, `{"error":{"root_cause":[{"type":"parse_exception","reason":"unknown key [bogus] for create index"}],"type":"parse_exception","reason":"unknown key [bogus] for create index"},"status":400}`)
	expect(t, s, "HEAD", "/a", "", 404, "")
}

func TestResolution(t *testing.T) {
	s := newTestServer(t)
	for _, n := range []string{"logs-1", "logs-2", "other"} {
		expect(t, s, "PUT", "/"+n, `{"settings":{"number_of_replicas":0}}`, 200, "")
	}
	expect(t, s, "GET", "/logs-*,-logs-2/_mapping", "", 200, `{"logs-1":{"mappings":{}}}`)
	expect(t, s, "GET", "/_all/_mapping", "", 200, `{"logs-1":{"mappings":{}},"logs-2":{"mappings":{}},"other":{"mappings":{}}}`)
	expect(t, s, "GET", "/_mapping", "", 200, `{"logs-1":{"mappings":{}},"logs-2":{"mappings":{}},"other":{"mappings":{}}}`)
	expect(t, s, "GET", "/other,nope/_mapping?ignore_unavailable=true", "", 200, `{"other":{"mappings":{}}}`)
	expect(t, s, "GET", "/x*/_mapping", "", 200, `{}`)
	expect(t, s, "GET", "/x*/_mapping?expand_wildcards=bogus", "", 400, "")
	expect(t, s, "DELETE", "/logs-*", "", 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_mapping", "", 200, `{"other":{"mappings":{}}}`)
	expect(t, s, "GET", "/_foo/_mapping", "", 400, `{"error":{"root_cause":[{"type":"invalid_index_name_exception","reason":"Invalid index name [_foo], must not start with '_'.","index":"_foo","index_uuid":"_na_"}],<**>`)
}

func TestPutSettings(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/p", `{"settings":{"number_of_replicas":1,"refresh_interval":"-1"}}`, 200, "")
	expect(t, s, "PUT", "/p/_settings", `{"index":{"number_of_replicas":0,"refresh_interval":null,"max_result_window":50}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/p/_settings/index.number_of_replicas,index.refresh_interval,index.max_result_window?flat_settings=true", "", 200,
		`{"p":{"settings":{"index.max_result_window":"50","index.number_of_replicas":"0"}}}`)
	expect(t, s, "GET", "/_cluster/health/p?filter_path=status", "", 200, `{"status":"green"}`)
	expect(t, s, "PUT", "/p/_settings?preserve_existing=true", `{"settings":{"index.max_result_window":70,"index.max_inner_result_window":5}}`, 200, "")
	expect(t, s, "GET", "/p/_settings/index.max*?flat_settings=true", "", 200, `{"p":{"settings":{"index.max_inner_result_window":"5","index.max_result_window":"50"}}}`)
	expect(t, s, "PUT", "/p/_settings", `{"number_of_shards":2}`, 400, `<**>"reason":"Can't update non dynamic settings [[index.number_of_shards]] for open indices [[p/<**>]]"<**>`)
	expect(t, s, "PUT", "/p/_settings", `{"index.uuid":"x"}`, 400, `<**>"reason":"can not update private setting [index.uuid]; this setting is managed by OpenSearch"<**>`)
	expect(t, s, "PUT", "/p/_settings", `{"bogus":1}`, 400, `<**>"reason":"unknown setting [index.bogus] please check<**>`)
	expect(t, s, "PUT", "/p/_settings", `{}`, 400, `<**>"reason":"Validation Failed: 1: no settings to update;"<**>`)
	expect(t, s, "PUT", "/nope/_settings", `{"number_of_replicas":0}`, 404, "")
}

func TestWaitForActiveShards(t *testing.T) {
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	expect(t, s, "PUT", "/a?wait_for_active_shards=all", `{"settings":{"number_of_replicas":0}}`, 200, `{"acknowledged":true,"shards_acknowledged":true,"index":"a"}`)
	// The copies that cannot start are waited for up to timeout (default 30s) on the server clock.
	ch := callAsync(s, "PUT", "/b?wait_for_active_shards=all", "")
	parked(t, clk, 1)
	clk.Advance(29 * time.Second)
	pending(t, ch, "create index before the timeout")
	clk.Advance(time.Second)
	if a := <-ch; a.code != 200 || a.body != `{"acknowledged":true,"shards_acknowledged":false,"index":"b"}` {
		t.Errorf("create index after the timeout: %d %s", a.code, a.body)
	}
	expect(t, s, "HEAD", "/b", "", 200, "")
	// Dropping the replicas while it waits lets the copies all be active.
	ch = callAsync(s, "PUT", "/d?wait_for_active_shards=all&timeout=1m", "")
	parked(t, clk, 1)
	expect(t, s, "PUT", "/d/_settings", `{"index":{"number_of_replicas":0}}`, 200, "")
	if a := <-ch; a.code != 200 || a.body != `{"acknowledged":true,"shards_acknowledged":true,"index":"d"}` {
		t.Errorf("create index released: %d %s", a.code, a.body)
	}
	expect(t, s, "PUT", "/c?wait_for_active_shards=3", "", 400, `<**>"reason":"invalid wait_for_active_shards[3]: cannot be greater than number of shard copies [2]"<**>`)
	expect(t, s, "PUT", "/c?wait_for_active_shards=x", "", 400, `<**>"type":"illegal_argument_exception","reason":"cannot parse ActiveShardCount[x]"<**>`)
	expect(t, s, "PUT", "/a/_doc/1?wait_for_active_shards=1", `{}`, 201, "")
	expect(t, s, "PUT", "/a/_doc/1?wait_for_active_shards=all", `{}`, 200, "")
	two := newTestServer(t, WithNodes(2))
	expect(t, two, "PUT", "/b?wait_for_active_shards=all", "", 200, `{"acknowledged":true,"shards_acknowledged":true,"index":"b"}`)
}

func TestPutMapping(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m", `{"mappings":{"properties":{"t":{"type":"text","analyzer":"standard"},"k":{"type":"keyword","ignore_above":10},"o":{"properties":{"a":{"type":"long"}}}}}}`, 200, "")
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"n":{"type":"integer"},"k":{"type":"keyword","ignore_above":20},"o":{"properties":{"b":{"type":"date"}}},"t":{"type":"text","analyzer":"standard","fields":{"raw":{"type":"keyword"}}}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/m/_mapping", "", 200, `{"m":{"mappings":{"properties":{"k":{"type":"keyword","ignore_above":20},"n":{"type":"integer"},"o":{"properties":{"a":{"type":"long"},"b":{"type":"date"}}},"t":{"type":"text","analyzer":"standard","fields":{"raw":{"type":"keyword"}}}}}}}`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"n":{"type":"keyword"}}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"mapper [n] cannot be changed from type [integer] to [keyword]"}],"type":"illegal_argument_exception","reason":"mapper [n] cannot be changed from type [integer] to [keyword]"},"status":400}`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"t":{"type":"text","analyzer":"simple"}}}`, 400, `<**>"reason":"Mapper for [t] conflicts with existing mapper:\n\tCannot update parameter [analyzer] from [standard] to [simple]"<**>`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"o":{"type":"keyword"}}}`, 400, `<**>"reason":"can't merge a non object mapping [o] with an object mapping"<**>`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"x":{"type":"text","analyzer":"nope"}}}`, 400, `<**>"reason":"analyzer [nope] has not been configured in mappings"<**>`)
	expect(t, s, "PUT", "/m/_mapping", `{"dynamic":"strict"}`, 200, "")
	expect(t, s, "PUT", "/m/_doc/1", `{"zz":1}`, 400, `<**>strict_dynamic_mapping_exception<**>`)
	expect(t, s, "PUT", "/nope/_mapping", `{"properties":{}}`, 404, "")
}
