package fake

import (
	"strings"
	"testing"
)

// aliasFixture is one-shard index "books" with filtering aliases scifi and
// fantasy and the unfiltered alias shelf.
func aliasFixture(t *testing.T) *Server {
	t.Helper()
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"genre":{"type":"keyword"},"title":{"type":"text"}}},`+
		`"aliases":{"scifi":{"filter":{"term":{"genre":"scifi"}}},"shelf":{}}}`, 200, "")
	expect(t, s, "PUT", "/books/_alias/fantasy", `{"filter":{"term":{"genre":"fantasy"}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"books","_id":"1"}}
{"genre":"scifi","title":"dune"}
{"index":{"_index":"books","_id":"2"}}
{"genre":"fantasy","title":"the hobbit"}
{"index":{"_index":"books","_id":"3"}}
{"genre":"scifi","title":"dune messiah"}
{"index":{"_index":"books","_id":"4"}}
{"genre":"poetry","title":"odes"}
`, 200, "")
	return s
}

func TestFilteredAliasSearchAndCount(t *testing.T) {
	s := aliasFixture(t)
	counts := []struct {
		path string
		want string
	}{
		{"/scifi/_count", `{"count":2,`},
		{"/fantasy/_count", `{"count":1,`},
		{"/scifi,fantasy/_count", `{"count":3,`}, // OR of the filters
		{"/scifi,shelf/_count", `{"count":4,`},   // an unfiltered alias lifts the filter
		{"/scifi,books/_count", `{"count":4,`},   // so does the index itself
		{"/sci*/_count", `{"count":2,`},          // a wildcard naming the alias
		{"/*/_count", `{"count":4,`},             // a wildcard naming the index
		{"/_all/_count", `{"count":4,`},
	}
	for _, c := range counts {
		if got := expect(t, s, "GET", c.path, "", 200, ""); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s = %s, want %s...", c.path, got, c.want)
		}
	}
	// The filter is built outside filter context: its should clauses stay
	// optional beside a must.
	expect(t, s, "PUT", "/books/_alias/opt", `{"filter":{"bool":{"must":[{"term":{"genre":"scifi"}}],"should":[{"term":{"title":"zzz"}}]}}}`, 200, "")
	expect(t, s, "GET", "/opt/_count", "", 200, `{"count":2,<**>}`)
	expect(t, s, "PUT", "/books/_alias/any", `{"filter":{"bool":{"should":[{"term":{"genre":"scifi"}},{"term":{"genre":"poetry"}}]}}}`, 200, "")
	expect(t, s, "GET", "/any/_count", "", 200, `{"count":3,<**>}`)
	// Scores are the query's alone: the filter clause adds nothing.
	q := `{"query":{"match":{"title":"dune"}}}`
	whole := expect(t, s, "POST", "/books/_search", q, 200, "")
	viaAlias := expect(t, s, "POST", "/scifi/_search", q, 200, "")
	if strip := func(b string) string { return b[strings.Index(b, `"_shards"`):] }; strip(whole) != strip(viaAlias) {
		t.Errorf("scores differ:\n%s\n%s", whole, viaAlias)
	}
	expect(t, s, "POST", "/scifi/_search", `{"query":{"match":{"title":"hobbit"}}}`, 200, `{<**>"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]}}`)
	expect(t, s, "POST", "/scifi/_search?q=title:dune", `{"_source":false,"sort":["_doc"]}`, 200,
		`{<**>"hits":[{"_index":"books","_id":"1","_score":null,"sort":[0]},{"_index":"books","_id":"3","_score":null,"sort":[2]}]}}`)
	// msearch applies the filter of each line's alias.
	expect(t, s, "POST", "/_msearch", `{"index":"fantasy"}
{"query":{"match_all":{}},"_source":false}
{"index":"scifi,fantasy"}
{"size":0}
`, 200, `{"took":<*>,"responses":[{<**>"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"books","_id":"2","_score":1.0}]},"status":200},`+
		`{<**>"hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[]},"status":200}]}`)
	// GET by id ignores the filter.
	expect(t, s, "GET", "/scifi/_doc/2", "", 200, `{"_index":"books","_id":"2",<**>"found":true,<**>}`)
}

func TestFilteredAliasExplain(t *testing.T) {
	s := aliasFixture(t)
	// match_all beside the filter rewrites to a constant score on the filter.
	expect(t, s, "POST", "/scifi/_explain/2", `{"query":{"match_all":{}}}`, 200,
		`{"_index":"books","_id":"2","matched":false,"explanation":{"value":0.0,"description":"ConstantScore(genre:scifi) doesn't match id 1","details":[]}}`)
	expect(t, s, "POST", "/scifi/_explain/3", `{"query":{"match_all":{"boost":2}}}`, 200,
		`{"_index":"books","_id":"3","matched":true,"explanation":{"value":2.0,"description":"ConstantScore(genre:scifi)^2.0","details":[]}}`)
	expect(t, s, "POST", "/scifi/_search?filter_path=hits.hits._explanation", `{"explain":true,"size":1}`, 200,
		`{"hits":{"hits":[{"_explanation":{"value":1.0,"description":"ConstantScore(genre:scifi)","details":[]}}]}}`)
	got := expect(t, s, "POST", "/scifi/_explain/1", `{"query":{"match":{"title":"dune"}}}`, 200,
		`{"_index":"books","_id":"1","matched":true,"explanation":{"value":<*>,"description":"sum of:","details":[{"value":<*>,"description":"weight(title:dune in 0) [PerFieldSimilarity], result of:",<**>},`+
			`{"value":0.0,"description":"match on required clause, product of:","details":[{"value":0.0,"description":"# clause","details":[]},{"value":<*>,"description":"weight(genre:scifi in 0) [PerFieldSimilarity], result of:",<**>}]}]}}`)
	plain := expect(t, s, "POST", "/books/_explain/1", `{"query":{"match":{"title":"dune"}}}`, 200, "")
	score := func(b string) string {
		i := strings.Index(b, `"value":`)
		return b[i : i+strings.IndexByte(b[i:], ',')]
	}
	if score(got) != score(plain) {
		t.Errorf("explained score %s, want %s", score(got), score(plain))
	}
}

func TestFilteredAliasByQueryAndReindex(t *testing.T) {
	s := aliasFixture(t)
	expect(t, s, "POST", "/_reindex?refresh=true", `{"source":{"index":"fantasy"},"dest":{"index":"copy"}}`, 200, `{<**>"total":1,<**>"created":1,<**>}`)
	expect(t, s, "GET", "/copy/_count", "", 200, `{"count":1,<**>}`)
	expect(t, s, "POST", "/scifi/_update_by_query?refresh=true", `{"script":"ctx._source.seen = true"}`, 200, `{<**>"total":2,"updated":2,<**>}`)
	expect(t, s, "POST", "/books/_count", `{"query":{"term":{"seen":true}}}`, 200, `{"count":2,<**>}`)
	expect(t, s, "POST", "/scifi/_delete_by_query?refresh=true", `{"query":{"match_all":{}}}`, 200, `{<**>"total":2,"deleted":2,<**>}`)
	expect(t, s, "GET", "/books/_count", "", 200, `{"count":2,<**>}`)
}

func TestAliasSearchRouting(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/r", `{"settings":{"number_of_shards":3},"aliases":{"ra":{"search_routing":"a","index_routing":"a"},"rab":{"search_routing":"a,b"},"plain":{}}}`, 200, "")
	shards := func(path string, want string) {
		t.Helper()
		expect(t, s, "GET", path, "", 200, `{<**>"_shards":{"total":`+want+`,<**>}`)
	}
	shards("/ra/_search", "1")
	shards("/r/_search", "3")
	shards("/ra,plain/_search", "3")        // a non-routing alias searches every shard
	shards("/ra/_search?routing=a", "1")    // the intersection
	shards("/ra/_search?routing=zz", "3")   // an empty intersection drops the routing
	shards("/plain/_search?routing=a", "1") // the request's routing
	shards("/rab/_search?routing=b,zz", "1")
	// Writes and reads through ra route with its index routing.
	expect(t, s, "PUT", "/ra/_doc/1?refresh=true", `{"n":1}`, 201, "")
	expect(t, s, "GET", "/r/_doc/1?routing=a", "", 200, `{<**>"_routing":"a","found":true<**>}`)
	expect(t, s, "GET", "/ra/_doc/1", "", 200, `{<**>"_routing":"a","found":true<**>}`)
	expect(t, s, "GET", "/ra/_count", "", 200, `{"count":1,<**>}`)
	expect(t, s, "GET", "/ra/_doc/1?routing=a", "", 200, `{<**>"found":true<**>}`)
	expect(t, s, "GET", "/ra/_doc/1?routing=b", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Alias [ra] has index routing associated with it [a], and was provided with routing value [b], rejecting operation"}],<**>},"status":400}`)
	expect(t, s, "POST", "/ra/_explain/1", `{"query":{"match_all":{}}}`, 200, `{"_index":"r","_id":"1","matched":true,<**>}`)
}

func TestAliasFilterValidation(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/v", "", 200, "")
	expect(t, s, "PUT", "/v/_alias/bad", `{"filter":{"term":{"f":{"bogus":1}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad]"}],"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad]",`+
			`"caused_by":{"type":"parsing_exception","reason":"[term] query does not support [bogus]","line":1,"col":23}},"status":400}`)
	expect(t, s, "PUT", "/v/_alias/bad", `{"filter":{"nope":{}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad]"}],"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad]",`+
			`"caused_by":{"type":"parsing_exception","reason":"unknown query [nope]",<**>}},"status":400}`)
	expect(t, s, "PUT", "/w", `{"aliases":{"bad2":{"filter":{"match":{}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse filter for alias [bad2]"}],<**>},"status":400}`)
	expect(t, s, "PUT", "/v/_alias/two", `{"routing":"a,b"}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"alias [two] has several index routing values associated with it"}],<**>},"status":400}`)
	expect(t, s, "PUT", "/v/_alias/two", `{"index_routing":"a,b","search_routing":"c"}`, 400, `{<**>"reason":"alias [two] has several index routing values associated with it"<**>}`)
	expect(t, s, "PUT", "/v/_alias/two", `{"search_routing":"a,b"}`, 200, "")
	expect(t, s, "GET", "/_alias/bad", "", 404, "")
	expect(t, s, "HEAD", "/w", "", 404, "")
}

func TestFilteredAliasScrollAndHighlight(t *testing.T) {
	s := aliasFixture(t)
	got := expect(t, s, "POST", "/scifi/_search?scroll=1m", `{"size":1,"sort":["_doc"],"_source":false}`, 200,
		`{"_scroll_id":<*>,<**>"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[{"_index":"books","_id":"1","_score":null,"sort":[0]}]}}`)
	id := got[len(`{"_scroll_id":"`):strings.Index(got, `",`)]
	expect(t, s, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+id+`"}`, 200,
		`{"_scroll_id":<*>,<**>"hits":[{"_index":"books","_id":"3","_score":null,"sort":[2]}]}}`)
	expect(t, s, "POST", "/_search/scroll", `{"scroll":"1m","scroll_id":"`+id+`"}`, 200, `{<**>"hits":[]}}`)
	// The alias filter is no query term: it highlights nothing.
	expect(t, s, "POST", "/scifi/_search?filter_path=hits.hits.highlight", `{"query":{"match":{"title":"dune"}},"highlight":{"fields":{"*":{}}}}`, 200,
		`{"hits":{"hits":[{"highlight":{"title":["<em>dune</em>"]}},{"highlight":{"title":["<em>dune</em> messiah"]}}]}}`)
	expect(t, s, "POST", "/scifi/_search?filter_path=hits.hits.highlight", `{"highlight":{"fields":{"*":{}}}}`, 200, `{}`)
}
