package rest

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
)

// nestedRootServer holds three indexes of the same products: "shop" with
// plain nested reviews, "shop_ip" with include_in_parent, and "lib" with
// two levels (include_in_root below a plain nested level, include_in_parent
// into it, and a level with both flags, where include_in_root is redundant).
func nestedRootServer(t testing.TB) *httptest.Server {
	t.Helper()
	_, hs := searchServer(t)
	reviews := `"reviews":{"type":"nested"%s,"properties":{"text":{"type":"text"},"note":{"type":"text"},"tag":{"type":"keyword"},"stars":{"type":"integer"}}}`
	steps := [][3]string{
		{"PUT", "/shop", `{"mappings":{"properties":{"title":{"type":"text"},` + fmt.Sprintf(reviews, "") + `}}}`},
		{"PUT", "/shop_ip", `{"mappings":{"properties":{"title":{"type":"text"},` + fmt.Sprintf(reviews, `,"include_in_parent":true`) + `}}}`},
		{"PUT", "/lib", `{"mappings":{"properties":{"a":{"type":"nested","properties":{"x":{"type":"keyword"},` +
			`"b":{"type":"nested","include_in_root":true,"properties":{"y":{"type":"keyword"}}},` +
			`"c":{"type":"nested","include_in_parent":true,"properties":{"z":{"type":"keyword"}}}}},` +
			`"d":{"type":"nested","include_in_parent":true,"include_in_root":true,"properties":{"w":{"type":"text"}}}}}}`},
		{"PUT", "/lib/_doc/1", `{"a":[{"x":"x1","b":[{"y":"y1"}],"c":{"z":"z1"}}],"d":{"w":"w1"}}`},
		{"PUT", "/lib/_doc/2", `{"a":{"x":"x2"}}`},
	}
	for _, ix := range []string{"shop", "shop_ip"} {
		steps = append(steps,
			[3]string{"PUT", "/" + ix + "/_doc/1", `{"title":"red shoe","reviews":[{"text":"red red","tag":"good","stars":5},{"text":"blue","tag":"bad","stars":1}]}`},
			[3]string{"PUT", "/" + ix + "/_doc/2", `{"title":"blue shoe","reviews":[{"text":"red","tag":"good","stars":4}]}`},
			[3]string{"PUT", "/" + ix + "/_doc/3", `{"title":"green hat"}`})
	}
	steps = append(steps, [3]string{"POST", "/_refresh", ""})
	for _, s := range steps {
		if code, body := call(t, hs, s[0], s[1], s[2]); code >= 300 {
			t.Fatalf("%s %s: %d %s", s[0], s[1], code, body)
		}
	}
	return hs
}

func TestNestedFieldsOutsideNestedQueries(t *testing.T) {
	hs := nestedRootServer(t)
	q := func(body string) string { return `{"_source":false,"query":` + body + `}` }
	runSearchCases(t, hs, []searchCase{
		{name: "term", path: "/shop/_search", body: q(`{"term":{"reviews.tag":"good"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "match", path: "/shop/_search", body: q(`{"match":{"reviews.text":"red"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "exists", path: "/shop/_search", body: q(`{"exists":{"field":"reviews.stars"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "exists on the object", path: "/shop/_search", body: q(`{"exists":{"field":"reviews"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "range", path: "/shop/_search", body: q(`{"range":{"reviews.stars":{"gte":1}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "prefix", path: "/shop/_search", body: q(`{"prefix":{"reviews.tag":"g"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "query_string", path: "/shop/_search", body: q(`{"query_string":{"query":"reviews.text:red"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "must_not keeps roots only", path: "/shop/_search", body: `{"_source":false,"query":{"bool":{"must_not":{"term":{"reviews.tag":"good"}}}},"sort":["_doc"]}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[{"_index":"shop","_id":"1","_score":null,"sort":[2]},{"_index":"shop","_id":"2","_score":null,"sort":[4]},{"_index":"shop","_id":"3","_score":null,"sort":[5]}]}}`},
		// reviews.tag: 3 nested documents, 2 with good: idf = ln(1+(3-2+0.5)/(2+0.5)) = 0.4700036.
		{name: "nested query", path: "/shop/_search", body: q(`{"nested":{"path":"reviews","query":{"term":{"reviews.tag":"good"}}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.4700036,"hits":[{"_index":"shop","_id":"1","_score":0.4700036},{"_index":"shop","_id":"2","_score":0.4700036}]}}`},
		{name: "nested exists", path: "/shop/_search", body: q(`{"nested":{"path":"reviews","query":{"exists":{"field":"reviews.stars"}}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"shop","_id":"1","_score":1.0},{"_index":"shop","_id":"2","_score":1.0}]}}`},
		// title: the 3 roots only (docCount 3, avgdl 2), df 1: ln(1+2.5/1.5) * 2.2/(1+1.2) = 0.9808291.
		{name: "root field scores as without nested objects", path: "/shop/_search", body: q(`{"match":{"title":"red"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.9808291,"hits":[{"_index":"shop","_id":"1","_score":0.9808291}]}}`},
		{name: "docvalue_fields and sort from the root", path: "/shop/_search", body: `{"_source":false,"docvalue_fields":["reviews.tag","reviews.stars"],"sort":[{"reviews.stars":"desc"},"_doc"]}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[{"_index":"shop","_id":"1","_score":null,"sort":[-9223372036854775808,2]},{"_index":"shop","_id":"2","_score":null,"sort":[-9223372036854775808,4]},{"_index":"shop","_id":"3","_score":null,"sort":[-9223372036854775808,5]}]}}`},
		{name: "count", path: "/shop/_count", body: `{"query":{"term":{"reviews.tag":"good"}}}`, code: 200, want: `{"count":0,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}`},
		{name: "count all", path: "/shop/_count", body: ``, code: 200, want: `{"count":3,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}`},
		// reviews.text is on 3 nested documents and copied to roots 1 and 2:
		// docCount 5, sumTotalTermFreq 4+4 = 8 (avgdl 1.6), df(red) 4, idf = ln(1+1.5/4.5) = 0.28768207.
		// Root 2 (tf 1, dl 1): idf*2.2/(1+1.2*(0.25+0.75/1.6)) = 0.3398124;
		// root 1 (tf 2, dl 3): idf*4.4/(2+1.2*(0.25+0.75*3/1.6)) = 0.3174423.
		{name: "include_in_parent: root match", path: "/shop_ip/_search", body: q(`{"match":{"reviews.text":"red"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.3398124,"hits":[{"_index":"shop_ip","_id":"2","_score":0.3398124},{"_index":"shop_ip","_id":"1","_score":0.3174423}]}}`},
		// Nested "red red" (tf 2, dl 2): idf*4.4/(2+1.2*(0.25+0.75*2/1.6)) = 0.369577, with the same statistics.
		{name: "include_in_parent: nested match", path: "/shop_ip/_search", body: q(`{"nested":{"path":"reviews","query":{"match":{"reviews.text":"red"}},"score_mode":"max"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.369577,"hits":[{"_index":"shop_ip","_id":"1","_score":0.369577},{"_index":"shop_ip","_id":"2","_score":0.3398124}]}}`},
		// cross_fields caps the blended df by the shard's maxDoc (6 with the hidden documents), not by the
		// 3 objects of the path: df(red) stays 4 and the score is the plain match's.
		{name: "include_in_parent: nested cross_fields", path: "/shop_ip/_search", body: q(`{"nested":{"path":"reviews","query":{"multi_match":{"query":"red","type":"cross_fields","fields":["reviews.text","reviews.note"]}},"score_mode":"max"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":0.369577,"hits":[{"_index":"shop_ip","_id":"1","_score":0.369577},{"_index":"shop_ip","_id":"2","_score":0.3398124}]}}`},
		{name: "include_in_parent: docvalue_fields and sort", path: "/shop_ip/_search", body: `{"_source":false,"docvalue_fields":["reviews.tag","reviews.stars"],"sort":[{"reviews.stars":"desc"},"_doc"]}`, code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[{"_index":"shop_ip","_id":"1","_score":null,"fields":{"reviews.stars":[1,5],"reviews.tag":["bad","good"]},"sort":[5,2]},{"_index":"shop_ip","_id":"2","_score":null,"fields":{"reviews.stars":[4],"reviews.tag":["good"]},"sort":[4,4]},{"_index":"shop_ip","_id":"3","_score":null,"sort":[-9223372036854775808,5]}]}}`},
		// a.b.y is on the b document and the root copy: docCount 2, df 2, idf = ln(1+0.5/2.5) = 0.18232156.
		{name: "include_in_root from two levels down", path: "/lib/_search", body: q(`{"term":{"a.b.y":"y1"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.18232156,"hits":[{"_index":"lib","_id":"1","_score":0.18232156}]}}`},
		{name: "include_in_parent stops at the nested parent", path: "/lib/_search", body: q(`{"term":{"a.c.z":"z1"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "copied into the nested parent", path: "/lib/_search", body: q(`{"nested":{"path":"a","query":{"term":{"a.c.z":"z1"}}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.18232156,"hits":[{"_index":"lib","_id":"1","_score":0.18232156}]}}`},
		{name: "include_in_root does not copy into the nested parent", path: "/lib/_search", body: q(`{"nested":{"path":"a","query":{"term":{"a.b.y":"y1"}}}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		{name: "first level stays out of the root", path: "/lib/_search", body: q(`{"term":{"a.x":"x1"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`},
		// A second root copy would make tf 2, dl 2 and avgdl 1.5 (0.2292); one copy scores ln(1.2) = 0.18232156.
		{name: "both flags copy once", path: "/lib/_search", body: q(`{"match":{"d.w":"w1"}}`), code: 200, want: `{"took":0,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":1,"relation":"eq"},"max_score":0.18232156,"hits":[{"_index":"lib","_id":"1","_score":0.18232156}]}}`},
		{name: "dotted name through a nested object", path: "/lib/_doc/3", body: `{"a.x":"x3"}`, code: 400, want: `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"Cannot add a value for field [a.x] since one of the intermediate objects is mapped as a nested object: [a]"}],"type":"mapper_parsing_exception","reason":"Cannot add a value for field [a.x] since one of the intermediate objects is mapped as a nested object: [a]"},"status":400}`},
	})
}

// Each nested object is a document: index.mapping.nested_objects.limit caps
// how many one source may hold.
func TestNestedObjectsLimit(t *testing.T) {
	_, hs := searchServer(t)
	call(t, hs, "PUT", "/lim", `{"settings":{"index.mapping.nested_objects.limit":2},"mappings":{"properties":{"n":{"type":"nested","properties":{"m":{"type":"nested"}}}}}}`)
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{`{"n":[{"a":1},{"a":2}]}`, 201, `"result":"created"`},
		{`{"n":[{"a":1,"m":{"b":1}},{"a":2}]}`, 400, `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"The number of nested documents has exceeded the allowed limit of [2]. This limit can be set by changing the [index.mapping.nested_objects.limit] index level setting."}],"type":"mapper_parsing_exception","reason":"The number of nested documents has exceeded the allowed limit of [2]. This limit can be set by changing the [index.mapping.nested_objects.limit] index level setting."},"status":400}`},
	} {
		code, body := call(t, hs, "PUT", "/lim/_doc/1", c.body)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s\nwant %d %s", c.body, code, body, c.code, c.want)
		}
	}
	// The failed parse published no dynamic mapping update.
	if _, body := call(t, hs, "GET", "/lim/_mapping", ""); strings.Contains(body, `"b"`) {
		t.Errorf("mapping after a rejected document: %s", body)
	}
}
