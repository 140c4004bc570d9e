package fake

import (
	"fmt"
	"strings"
	"testing"
)

// derivedProps are a mapping's properties and derived section (spliced
// after "properties" by aggsIndex).
const derivedProps = `{"name":{"type":"keyword"},"n":{"type":"long"},"at":{"type":"date"},"json":{"type":"text"}},
"derived":{
 "upper":{"type":"keyword","script":"emit(params._source['name'].toUpperCase())"},
 "twice":{"type":"long","script":"emit(params._source['n'] * 2); emit(params._source['n'] * 2 + 1)"},
 "day":{"type":"date","script":"emit(ZonedDateTime.parse(params._source['at']).toInstant().toEpochMilli())","format":"yyyy-MM-dd"},
 "obj":{"type":"object","script":"emit(params._source['json'])","properties":{"tag":"keyword"}}}`

var derivedDocs = []string{
	`{"name":"ann","n":1,"at":"2024-01-01T10:00:00Z","json":"{\"tag\":\"x\",\"size\":3}"}`,
	`{"name":"bob","n":2,"at":"2024-01-02T10:00:00Z","json":"{\"tag\":\"y\",\"size\":4}"}`,
	`{"name":"cid","n":3,"at":"2024-01-02T11:00:00Z","json":"{\"tag\":\"x\",\"size\":5}"}`,
}

func TestDerivedMappingRendersAndMerges(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps)
	expect(t, s, "GET", "/idx/_mapping", "", 200, `{"idx":{"mappings":{"derived":{`+
		`"day":{"type":"date","script":{"source":"emit(ZonedDateTime.parse(params._source['at']).toInstant().toEpochMilli())","lang":"painless"},"format":"yyyy-MM-dd"},`+
		`"obj":{"type":"object","script":{"source":"emit(params._source['json'])","lang":"painless"},"properties":{"tag":"keyword"}},`+
		`"twice":{"type":"long","script":{"source":"emit(params._source['n'] * 2); emit(params._source['n'] * 2 + 1)","lang":"painless"}},`+
		`"upper":{"type":"keyword","script":{"source":"emit(params._source['name'].toUpperCase())","lang":"painless"}}},`+
		`"properties":{"at":{"type":"date"},"json":{"type":"text"},"n":{"type":"long"},"name":{"type":"keyword"}}}}}`)
	// An update replaces a definition whole.
	expect(t, s, "PUT", "/idx/_mapping", `{"derived":{"upper":{"type":"text","script":{"source":"emit('a')","params":{"p":1}},"prefilter_field":"json","ignore_malformed":true}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/idx/_mapping?filter_path=*.mappings.derived.upper", "", 200,
		`{"idx":{"mappings":{"derived":{"upper":{"type":"text","script":{"source":"emit('a')","lang":"painless","params":{"p":1}},"prefilter_field":"json","ignore_malformed":true}}}}}`)
}

func TestDerivedMappingErrors(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"mappings":{"derived":{"d":{"type":"integer","script":"emit(1)"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: Type [integer] isn't supported in Derived field context."}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: Type [integer] isn't supported in Derived field context.","caused_by":{"type":"illegal_argument_exception","reason":"Type [integer] isn't supported in Derived field context."}},"status":400}`)
	expect(t, s, "PUT", "/a", `{"mappings":{"derived":{"d":{"type":"keyword","script":"emit('x')","size":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"unknown parameter [size] on mapper [d] of type [derived]"}],"type":"mapper_parsing_exception","reason":"Failed to parse mapping [_doc]: unknown parameter [size] on mapper [d] of type [derived]","caused_by":{"type":"mapper_parsing_exception","reason":"unknown parameter [size] on mapper [d] of type [derived]"}},"status":400}`)
}

func TestDerivedQueriesScoreTheBoost(t *testing.T) {
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprint(shards), func(t *testing.T) {
			s := aggsIndex(t, shards, derivedProps, derivedDocs...)
			path := "/idx/_search?filter_path=hits.total,hits.hits._id,hits.hits._score"
			expect(t, s, "POST", path, `{"query":{"term":{"upper":{"value":"BOB","boost":2}}}}`, 200,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"2","_score":2.0}]}}`)
			expect(t, s, "POST", path, `{"query":{"range":{"twice":{"gte":5}}},"sort":["_id"]}`, 200,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"2","_score":null},{"_id":"3","_score":null}]}}`)
			expect(t, s, "POST", path, `{"query":{"range":{"day":{"gte":"2024-01-02"}}},"sort":["_id"]}`, 200,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"2","_score":null},{"_id":"3","_score":null}]}}`)
			expect(t, s, "POST", path, `{"query":{"term":{"obj.tag":"x"}},"sort":["_id"]}`, 200,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"1","_score":null},{"_id":"3","_score":null}]}}`)
			// size is not in properties: its type is inferred (long)
			expect(t, s, "POST", path, `{"query":{"range":{"obj.size":{"gt":3}}},"sort":["_id"]}`, 200,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"2","_score":null},{"_id":"3","_score":null}]}}`)
			// a definition in the request wins over the mapping's
			expect(t, s, "POST", path, `{"derived":{"upper":{"type":"keyword","script":"emit('Z')"}},"query":{"term":{"upper":"Z"}}}`, 200,
				`{"hits":{"total":{"value":3,"relation":"eq"},"hits":[{"_id":"<*>","_score":1.0},{"_id":"<*>","_score":1.0},{"_id":"<*>","_score":1.0}]}}`)
		})
	}
}

func TestDerivedFieldsFetched(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search?filter_path=hits.hits.fields", `{"query":{"ids":{"values":["1"]}},"fields":["upper","twice","day","obj","obj.tag"]}`, 200,
		`{"hits":{"hits":[{"fields":{"twice":[2,3],"obj":["{\"tag\":\"x\",\"size\":3}"],"upper":["ANN"],"obj.tag":["x"],"day":["2024-01-01"]}}]}}`)
	expect(t, s, "POST", "/idx/_search", `{"fields":[{"field":"upper","format":"x"}]}`, 400,
		`<**>"reason":"Field [upper] of type [derived] doesn't support formats."<**>`)
}

func TestDerivedExistsIsRefused(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search", `{"query":{"exists":{"field":"upper"}}}`, 400,
		`<**>"type":"query_shard_exception","reason":"failed to create query: Field [upper] of type [derived] does not support exist queries"<**>`)
}

func TestDerivedAggregations(t *testing.T) {
	expectAggs(t, derivedProps, derivedDocs,
		`{"size":0,"aggs":{"u":{"terms":{"field":"upper"}},"t":{"stats":{"field":"twice"}},"d":{"date_histogram":{"field":"day","calendar_interval":"day"}}}}`,
		`{"u":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"ANN","doc_count":1},{"key":"BOB","doc_count":1},{"key":"CID","doc_count":1}]},`+
			`"t":{"count":6,"min":2.0,"max":7.0,"avg":4.5,"sum":27.0},`+
			`"d":{"buckets":[{"key_as_string":"2024-01-01T00:00:00.000Z","key":1704067200000,"doc_count":1},{"key_as_string":"2024-01-02T00:00:00.000Z","key":1704153600000,"doc_count":2}]}}`)
}

func TestDerivedScriptFailureFailsTheShard(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search", `{"derived":{"bad":{"type":"long","script":"emit(params._source['name'])"}},"query":{"term":{"bad":1}}}`, 400,
		`<**>"type":"number_format_exception","reason":"For input string: \"ann\""<**>`)
}

// Sorts, docvalue_fields and doc[...] read a derived field's doc values,
// which it does not have (only aggregations and queries run its script).
func TestDerivedFieldsHaveNoDocValues(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search?filter_path=hits.hits._id,hits.hits.sort,hits.hits.fields", `{"sort":[{"twice":"asc"},"_id"],"docvalue_fields":["twice"],"size":2}`, 200,
		`{"hits":{"hits":[{"_id":"1","sort":[9223372036854775807,"1"]},{"_id":"2","sort":[9223372036854775807,"2"]}]}}`)
	expect(t, s, "POST", "/idx/_search", `{"size":0,"aggs":{"m":{"scripted_metric":{"init_script":"state.a = []","map_script":"state.a.add(doc['twice'].value)","combine_script":"return 0","reduce_script":"return 0"}}}}`, 400,
		`<**>A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!<**>`)
}

func TestDerivedSignificantAggregationsRefused(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search", `{"size":0,"aggs":{"s":{"significant_terms":{"field":"upper"}}}}`, 400,
		`<**>"type":"illegal_argument_exception","reason":"Field [upper] of type [derived] is not supported for aggregation [significant_terms]"<**>`)
	expect(t, s, "POST", "/idx/_search", `{"derived":{"t":{"type":"text","script":"emit(params._source['name'])"}},"size":0,"aggs":{"s":{"significant_text":{"field":"t"}}}}`, 400,
		`<**>"type":"illegal_argument_exception","reason":"Field [t] has no analyzer, but SignificantText requires an analyzed field"<**>`)
}

// dfs_query_then_fetch sums the derived fields' statistics over the
// shards; a scroll's later pages fetch them too.
func TestDerivedFieldsWithDFSAndScroll(t *testing.T) {
	s := aggsIndex(t, 3, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search?search_type=dfs_query_then_fetch&filter_path=hits.total,hits.hits._id", `{"query":{"term":{"upper":"CID"}}}`, 200,
		`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"3"}]}}`)
	got := expect(t, s, "POST", "/idx/_search?scroll=1m&filter_path=_scroll_id,hits.hits.fields", `{"size":1,"sort":["_id"],"fields":["upper"]}`, 200,
		`{"_scroll_id":<*>,"hits":{"hits":[{"fields":{"upper":["ANN"]}}]}}`)
	id := got[len(`{"_scroll_id":"`):strings.Index(got, `","hits"`)]
	expect(t, s, "POST", "/_search/scroll?filter_path=hits.hits.fields", `{"scroll":"1m","scroll_id":"`+id+`"}`, 200,
		`{"hits":{"hits":[{"fields":{"upper":["BOB"]}}]}}`)
}

// What the fake does not model answers 501, never a wrong error.
func TestDerivedNotModelled(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/a", `{"mappings":{"properties":{"o":{"properties":{"x":{"type":"keyword"}},"derived":{"d":{"type":"keyword","script":"emit('x')"}}}}}}`, 501,
		`<**>"reason":"clustersearch-fake does not support derived fields inside an object mapping ([o]) yet"<**>`)
	expect(t, s, "PUT", "/a", `{"mappings":{"derived":{"o.d":{"type":"keyword","script":"emit('x')"}}}}`, 501,
		`<**>"reason":"clustersearch-fake does not support derived fields with a dotted name ([o.d]) yet"<**>`)
}

func TestDerivedQueryExplained(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_explain/2", `{"query":{"term":{"upper":{"value":"BOB","boost":2}}}}`, 200,
		`{"_index":"idx","_id":"2","matched":true,"explanation":{"value":2.0,"description":"DerivedFieldQuery (Query: [ upper:BOB])^2.0","details":[]}}`)
	expect(t, s, "POST", "/idx/_count", `{"query":{"match":{"upper":"CID"}}}`, 200,
		`{"count":1,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}`)
}

// With prefilter_field the query also runs on that text field: a document
// must match both, and the conjunction of two filters scores 0.
func TestDerivedPrefilterField(t *testing.T) {
	props := `{"bio":{"type":"text"},"code":{"type":"keyword"}},"derived":{
		"who":{"type":"keyword","script":"emit(params._source['bio'].substring(0, 3))","prefilter_field":"bio"},
		"bad":{"type":"keyword","script":"emit('x')","prefilter_field":"code"},
		"gone":{"type":"keyword","script":"emit('x')","prefilter_field":"nope"}}`
	for _, shards := range []int{1, 3} {
		s := aggsIndex(t, shards, props, `{"bio":"ann likes go","code":"c1"}`, `{"bio":"bob and ann","code":"c2"}`, `{"bio":"annie","code":"c3"}`)
		expect(t, s, "POST", "/idx/_search?filter_path=hits.total,hits.hits._id,hits.hits._score", `{"query":{"term":{"who":"ann"}}}`, 200,
			`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"1","_score":0.0}]}}`)
		expect(t, s, "POST", "/idx/_search", `{"query":{"term":{"bad":"x"}}}`, 400,
			`<**>"type":"query_shard_exception","reason":"failed to create query: prefilter_field[code] should be of type text. Type found [keyword]."<**>`)
		expect(t, s, "POST", "/idx/_search", `{"query":{"term":{"gone":"x"}}}`, 400,
			`<**>"type":"query_shard_exception","reason":"failed to create query: prefilter_field[nope] is not defined in the index mappings"<**>`)
	}
}

// A bad definition in the request fails every shard, as the shards'
// derived field resolvers read it; a query on a derived field of an index
// without _source cannot build.
func TestDerivedRequestErrorsAreShardFailures(t *testing.T) {
	s := aggsIndex(t, 2, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search", `{"derived":{"d":{"type":"short","script":"emit(1)"}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Type [short] isn't supported in Derived field context."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,`+
			`"failed_shards":[{"shard":0,"index":"idx","node":<*>,"reason":{"type":"illegal_argument_exception","reason":"Type [short] isn't supported in Derived field context."}}],`+
			`"caused_by":{"type":"illegal_argument_exception","reason":"Type [short] isn't supported in Derived field context."}},"status":400}`)
	ns := newTestServer(t)
	expect(t, ns, "PUT", "/nosrc", `{"mappings":{"_source":{"enabled":false},"derived":{"d":{"type":"keyword","script":"emit('x')"}}}}`, 200, "")
	expect(t, ns, "POST", "/nosrc/_search", `{"query":{"term":{"d":"x"}}}`, 400,
		`<**>"type":"query_shard_exception","reason":"failed to create query: DerivedFieldQuery error: unable to fetch fields from _source field: _source is disabled in the mappings for index [nosrc]"<**>`)
}

func TestDerivedCollapseRefused(t *testing.T) {
	s := aggsIndex(t, 1, derivedProps, derivedDocs...)
	expect(t, s, "POST", "/idx/_search", `{"collapse":{"field":"upper"}}`, 400,
		"<**>\"type\":\"illegal_argument_exception\",\"reason\":\"unknown type for collapse field `upper`, only keywords and numbers are accepted\"<**>")
}

// The term-level and full-text queries all run on the emitted values.
func TestDerivedQueryKinds(t *testing.T) {
	s := aggsIndex(t, 2, derivedProps, derivedDocs...)
	path := "/idx/_search?filter_path=hits.total.value,hits.hits._id,hits.hits._score"
	derived := `"derived":{"t":{"type":"text","script":"emit(params._source['name'] + ' the ' + params._source['name'].length())"}}`
	for _, c := range []struct{ q, want string }{
		{`{"prefix":{"upper":"B"}}`, `[{"_id":"2","_score":1.0}]`},
		{`{"wildcard":{"upper":"*I*"}}`, `[{"_id":"3","_score":1.0}]`},
		{`{"regexp":{"upper":"A.N"}}`, `[{"_id":"1","_score":1.0}]`},
		{`{"fuzzy":{"upper":"BOX"}}`, `[{"_id":"2","_score":1.0}]`},
		{`{"terms":{"upper":["ANN","CID"]}}`, `[{"_id":"1","_score":1.0},{"_id":"3","_score":1.0}]`},
		{`{"match_phrase":{"t":"bob the"}}`, `[{"_id":"2","_score":1.0}]`},
		{`{"match":{"t":{"query":"cid 9","operator":"and"}}}`, `[]`},
		{`{"query_string":{"query":"t:ann"}}`, `[{"_id":"1","_score":1.0}]`},
	} {
		body := `{` + derived + `,"query":` + c.q + `,"sort":["_id"],"track_scores":true}`
		n := strings.Count(c.want, `"_id"`)
		want := fmt.Sprintf(`{"hits":{"total":{"value":%d},"hits":%s}}`, n, c.want)
		if n == 0 {
			want = `{"hits":{"total":{"value":0}}}`
		}
		expect(t, s, "POST", path, body, 200, want)
	}
}

// query_string and multi_match build their leaves on derived fields as
// DerivedFieldType does: constant score, prefilter_field, its errors.
func TestDerivedLeavesOfCompoundQueries(t *testing.T) {
	props := `{"bio":{"type":"text"},"code":{"type":"keyword"}},"derived":{
		"who":{"type":"keyword","script":"emit(params._source['bio'].substring(0, 3))","prefilter_field":"bio"},
		"bad":{"type":"keyword","script":"emit('x')","prefilter_field":"code"}}`
	s := aggsIndex(t, 1, props, `{"bio":"ann likes go","code":"c1"}`, `{"bio":"annie","code":"c3"}`)
	expect(t, s, "POST", "/idx/_search?filter_path=hits.total.value,hits.hits._id,hits.hits._score", `{"query":{"query_string":{"query":"who:ann"}}}`, 200,
		`{"hits":{"total":{"value":1},"hits":[{"_id":"1","_score":0.0}]}}`)
	expect(t, s, "POST", "/idx/_search?filter_path=hits.total.value,hits.hits._id,hits.hits._score", `{"query":{"multi_match":{"query":"ann","fields":["who^3"]}}}`, 200,
		`{"hits":{"total":{"value":1},"hits":[{"_id":"1","_score":0.0}]}}`)
	expect(t, s, "POST", "/idx/_search", `{"query":{"query_string":{"query":"bad:x"}}}`, 400,
		`<**>"type":"query_shard_exception","reason":"failed to create query: prefilter_field[code] should be of type text. Type found [keyword]."<**>`)
}
