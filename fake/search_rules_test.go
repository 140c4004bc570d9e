package fake

import "testing"

// A sort on _score alone, descending, is no sort at all on the real server
// (SortBuilder.buildSort drops it): hits carry no sort values, max_score is
// reported, and search_after has no sort to follow. An ascending _score sort
// is a real sort.
func TestLoneScoreSortIsNoSort(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/docs", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"t":{"type":"text"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"docs","_id":"1"}}
{"t":"a"}
{"index":{"_index":"docs","_id":"2"}}
{"t":"a a"}
`, 200, "")
	const hits = `"hits":{"total":{"value":2,"relation":"eq"},"max_score":<*>,"hits":[` +
		`{"_index":"docs","_id":"2","_score":<*>,"_source":{"t":"a a"}},` +
		`{"_index":"docs","_id":"1","_score":<*>,"_source":{"t":"a"}}]}}`
	for _, body := range []string{
		`{"query":{"match":{"t":"a"}},"sort":["_score"]}`,
		`{"query":{"match":{"t":"a"}},"sort":[{"_score":"desc"}]}`,
		`{"query":{"match":{"t":"a"}},"sort":[{"_score":{"order":"desc"}}]}`,
	} {
		got := expect(t, s, "POST", "/docs/_search", body, 200, `{<**>`+hits)
		if jsonLike(`<**>"max_score":null<**>`, got) {
			t.Errorf("%s: max_score is null: %s", body, got)
		}
	}
	expect(t, s, "POST", "/docs/_search?sort=_score:desc", `{"query":{"match":{"t":"a"}}}`, 200, `{<**>`+hits)

	// A real sort reports max_score as null on 2.x (issue 18714, fixed in
	// 3.2 for a primary _score descending); the hits keep their scores,
	// read back from the sort values.
	expect(t, s, "POST", "/docs/_search", `{"query":{"match":{"t":"a"}},"sort":[{"_score":"asc"}]}`, 200,
		`{<**>"max_score":null,"hits":[{"_index":"docs","_id":"1","_score":0.21110919,"_source":{"t":"a"},"sort":[0.21110919]},`+
			`{"_index":"docs","_id":"2","_score":0.22920428,"_source":{"t":"a a"},"sort":[0.22920428]}]}}`)
	expect(t, s, "POST", "/docs/_search", `{"query":{"match":{"t":"a"}},"sort":[{"_score":"desc"},{"_id":"asc"}]}`, 200,
		`{<**>"max_score":null,"hits":[{"_index":"docs","_id":"2","_score":0.22920428,"_source":{"t":"a a"},"sort":[0.22920428,"2"]},`+
			`{"_index":"docs","_id":"1","_score":0.21110919,"_source":{"t":"a"},"sort":[0.21110919,"1"]}]}}`)

	const noSort = `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Sort must contain at least one field."}],` +
		`"type":"illegal_argument_exception","reason":"Sort must contain at least one field."},"status":400}`
	expect(t, s, "POST", "/docs/_search", `{"sort":["_score"],"search_after":[1.0]}`, 400, noSort)
	expect(t, s, "POST", "/docs/_search", `{"search_after":[1.0]}`, 400, noSort)
}

// OpenSearch 3.2 reports max_score when the primary sort is _score
// descending (the 400_max_score.yml cases), still null for ascending.
func TestPrimaryScoreSortMaxScoreFrom32(t *testing.T) {
	s := newTestServer(t, WithVersion("3.2.0"))
	expect(t, s, "PUT", "/docs", `{"settings":{"number_of_shards":1},"mappings":{"properties":{"foo":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"docs","_id":"1"}}
{"foo":"bar"}
{"index":{"_index":"docs","_id":"2"}}
{"foo":"bar"}
`, 200, "")
	// Both documents score the same (0.082873434 with 3.x's plain BM25).
	expect(t, s, "POST", "/docs/_search", `{"query":{"term":{"foo":"bar"}},"sort":[{"_score":"desc"},{"_doc":"desc"}]}`, 200,
		`{<**>"max_score":0.082873434,"hits":[{"_index":"docs","_id":"2","_score":0.082873434,"_source":{"foo":"bar"},"sort":[0.082873434,1]},`+
			`{"_index":"docs","_id":"1","_score":0.082873434,"_source":{"foo":"bar"},"sort":[0.082873434,0]}]}}`)
	expect(t, s, "POST", "/docs/_search", `{"query":{"term":{"foo":"bar"}},"sort":[{"_score":"asc"},{"_doc":"desc"}]}`, 200,
		`{<**>"max_score":null,"hits":[<**>]}}`)
}

// Equal hits from several indexes come back in shard-iterator order: shard
// number first, then index name (ShardId.compareTo), so two two-shard
// indexes interleave as a0, b0, a1, b1 whatever order the request names them.
func TestTiesAcrossIndexesFollowShardOrder(t *testing.T) {
	s := newTestServer(t)
	for _, ix := range []string{"b", "a"} {
		expect(t, s, "PUT", "/"+ix, `{"settings":{"number_of_shards":2}}`, 200, "")
		// Routing values 0 and 1 land on different shards of a two-shard index.
		expect(t, s, "PUT", "/"+ix+"/_doc/x?routing=0&refresh=true", `{"k":1}`, 201, "")
		expect(t, s, "PUT", "/"+ix+"/_doc/y?routing=1&refresh=true", `{"k":1}`, 201, "")
	}
	got := expect(t, s, "POST", "/b,a/_search?filter_path=hits.hits._index,hits.hits._shard&explain=true", `{"query":{"match_all":{}}}`, 200, "")
	want := `{"hits":{"hits":[{"_shard":"[a][0]","_index":"a"},{"_shard":"[b][0]","_index":"b"},{"_shard":"[a][1]","_index":"a"},{"_shard":"[b][1]","_index":"b"}]}}`
	if got != want {
		t.Errorf("order:\n got %s\nwant %s", got, want)
	}
}

// request_cache is read as a strict boolean on every search.
func TestSearchRequestCacheParam(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/docs", `{}`, 200, "")
	expect(t, s, "POST", "/docs/_search?request_cache=false&size=0&filter_path=hits.total", "", 200, `{"hits":{"total":{"value":0,"relation":"eq"}}}`)
	expect(t, s, "POST", "/docs/_search?request_cache=abc", "", 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse value [abc] as only [true] or [false] are allowed."}],`+
			`"type":"illegal_argument_exception","reason":"Failed to parse value [abc] as only [true] or [false] are allowed."},"status":400}`)
}
