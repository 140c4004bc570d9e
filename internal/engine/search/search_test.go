package search

import (
	"math"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
	"github.com/google/go-cmp/cmp"
)

var articles = [][2]string{
	{"1", `{"title":"The quick brown fox","tag":"animal","views":10,"price":1.5,"date":"2024-05-17T08:00:00Z","published":true}`},
	{"2", `{"title":"The lazy dog sleeps all day long in the sun","tag":"animal","views":20,"price":2.5,"date":"2024-05-18T08:00:00Z","published":false}`},
	{"3", `{"title":"Quick quick brown rabbit","tag":"Animal","views":30,"date":"2024-04-01T00:00:00Z"}`},
	{"4", `{"title":"Brown bread recipe","tag":"food","views":5,"price":4.25}`},
}

func TestQueries(t *testing.T) {
	f := newFixture(t, 1, "", articles...)
	cases := []struct {
		query string
		want  []string
	}{
		{`{"match_all":{}}`, []string{"1:1.0", "2:1.0", "3:1.0", "4:1.0"}},
		{`{"match_all":{"boost":2.5}}`, []string{"1:2.5", "2:2.5", "3:2.5", "4:2.5"}},
		{`{"match_none":{}}`, nil},
		{`{"term":{"tag.keyword":"animal"}}`, []string{"1:0.6931471", "2:0.6931471"}},
		{`{"term":{"tag":"Animal"}}`, nil},
		{`{"term":{"views":20}}`, []string{"2:1.0"}},
		{`{"term":{"published":true}}`, []string{"1:1.0"}},
		{`{"terms":{"tag.keyword":["food","Animal"]}}`, []string{"3:1.0", "4:1.0"}},
		{`{"range":{"views":{"gte":10,"lt":30}}}`, []string{"1:1.0", "2:1.0"}},
		{`{"range":{"price":{"gt":1.5}}}`, []string{"2:1.0", "4:1.0"}},
		{`{"range":{"date":{"gte":"now-1d/d","lte":"now/d"}}}`, []string{"1:1.0", "2:1.0"}},
		{`{"range":{"date":{"gt":"2024-05-17"}}}`, []string{"2:1.0"}},
		{`{"range":{"tag.keyword":{"gte":"animal","lt":"food"}}}`, []string{"1:1.0", "2:1.0"}},
		{`{"exists":{"field":"price"}}`, []string{"1:1.0", "2:1.0", "4:1.0"}},
		{`{"ids":{"values":["4","2","9"]}}`, []string{"2:1.0", "4:1.0"}},
		{`{"prefix":{"title":"qui"}}`, []string{"1:1.0", "3:1.0"}},
		{`{"wildcard":{"title":"Br?w*"}}`, []string{"1:1.0", "3:1.0", "4:1.0"}},
		{`{"regexp":{"tag.keyword":"[Aa]nim.*"}}`, []string{"1:1.0", "2:1.0", "3:1.0"}},
		{`{"match":{"title":"brown"}}`, []string{"4:0.43250346", "1:0.395165", "3:0.395165"}},
		{`{"match":{"title":"quick fox"}}`, []string{"1:2.101845", "3:1.0214801"}},
		{`{"match":{"title":{"query":"quick fox","operator":"and"}}}`, []string{"1:2.101845"}},
		{`{"match":{"title":{"query":"quick brown fox","minimum_should_match":"3"}}}`, []string{"1:2.49701"}},
		{`{"match_phrase":{"title":"quick brown"}}`, []string{"1:1.1631122", "3:1.1631122"}},
		{`{"match_phrase":{"title":{"query":"quick fox","slop":1}}}`, []string{"1:1.4045982"}},
		{`{"bool":{"must":{"match":{"title":"brown"}},"filter":{"term":{"tag.keyword":"animal"}}}}`, []string{"1:0.395165"}},
		{`{"bool":{"filter":{"term":{"tag.keyword":"animal"}}}}`, []string{"1:0.0", "2:0.0"}},
		{`{"bool":{"must_not":{"term":{"tag.keyword":"animal"}}}}`, []string{"3:0.0", "4:0.0"}},
		{`{"bool":{"should":[{"match":{"title":"fox"}},{"match":{"title":"bread"}}]}}`, []string{"4:1.4599355", "1:1.3338978"}},
		{`{"bool":{"must":{"match":{"title":"brown"}},"should":{"match":{"title":"fox"}}}}`, []string{"1:1.7290628", "4:0.43250346", "3:0.395165"}},
		{`{"bool":{"filter":{"match":{"title":"brown"}},"should":[{"term":{"views":5}}]}}`, []string{"4:1.0", "1:0.0", "3:0.0"}},
		{`{"bool":{}}`, []string{"1:1.0", "2:1.0", "3:1.0", "4:1.0"}},
		{`{"constant_score":{"filter":{"match":{"title":"brown"}},"boost":3}}`, []string{"1:3.0", "3:3.0", "4:3.0"}},
		{`{"dis_max":{"queries":[{"match":{"title":"brown"}},{"match":{"title":"quick"}}],"tie_breaker":0.5}}`, []string{"3:1.2190626", "1:0.9655296", "4:0.43250346"}},
		{`{"multi_match":{"query":"animal brown","fields":["tag","title^2"]}}`, []string{"4:0.8650069", "1:0.79033", "3:0.79033", "2:0.35667494"}},
		{`{"query_string":{"query":"title:quick AND NOT tag:food"}}`, []string{"3:1.0214801", "1:0.76794714"}},
		{`{"query_string":{"query":"views:[10 TO 20]"}}`, []string{"1:1.0", "2:1.0"}},
		{`{"query_string":{"query":"title:quick title:fox title:lazy","minimum_should_match":2}}`, []string{"1:2.101845"}},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			got := hits(f.search(c.query))
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("hits (-want +got):\n%s", diff)
			}
		})
	}
}

// The reference's BM25 case (n=1, N=4, dl=16, avgdl=17 → 1.2336599),
// reproduced through the index: four 17-ish-token documents.
func TestBM25ReferenceThroughIndex(t *testing.T) {
	words := func(first string, n int) string {
		w := []string{first}
		for i := 1; i < n; i++ {
			w = append(w, "w")
		}
		return strings.Join(w, " ")
	}
	f := newFixture(t, 1, "",
		[2]string{"1", `{"body":"` + words("wind", 16) + `"}`},
		[2]string{"2", `{"body":"` + words("x", 18) + `"}`},
		[2]string{"3", `{"body":"` + words("y", 17) + `"}`},
		[2]string{"4", `{"body":"` + words("z", 17) + `"}`},
	)
	res := f.search(`{"term":{"body":"wind"}}`)
	if len(res.Hits) != 1 || similarity.FormatFloat(res.Hits[0].Score) != "1.2336599" {
		t.Fatalf("hits = %v", hits(res))
	}
	if d := math.Abs(float64(res.Hits[0].Score) - 1.2336599); d > 1e-6 {
		t.Fatalf("score off by %g", d)
	}
}

// With several shards, query_then_fetch scores each document with its own
// shard's statistics, while dfs_query_then_fetch sums them over the shards:
// the same as one shard holding everything.
func TestDFSAgainstQueryThenFetch(t *testing.T) {
	one := newFixture(t, 1, "", articles...)
	three := newFixture(t, 3, "", articles...)
	q := `{"match":{"title":"quick brown"}}`
	single := hits(one.search(q))

	req := three.request(q)
	req.DFS = true
	dfs := Run(req)
	if diff := cmp.Diff(single, hits(dfs)); diff != "" {
		t.Errorf("dfs differs from one shard (-one +dfs):\n%s", diff)
	}
	// Per-shard statistics: with ids 1..4 on 3 shards, doc 4 ("Brown bread
	// recipe") sits alone with doc 1 and 3's terms elsewhere; its shard sees
	// other N, n and avgdl, so its score differs from the single-shard one.
	qtf := hits(three.search(q))
	if cmp.Equal(single, qtf) {
		t.Fatalf("query_then_fetch on 3 shards scored like one shard: %v", qtf)
	}
	for _, h := range three.search(q).Hits {
		ex, _, _ := Explain(&Request{Service: three.svc, Targets: []Target{{Index: three.x, Shard: h.Target.Shard}}, Query: req.Query,
			Similarity: similarity.NewBM25(true), Now: testNow}, h.Doc.ID)
		if ex.Value != h.Score {
			t.Errorf("doc %s: explain %v, score %v", h.Doc.ID, ex.Value, h.Score)
		}
	}
}

// Overwritten and deleted documents keep counting in the statistics until a
// merge, as Lucene's do: deleting changes no score, and overwriting adds the
// new version to N and to the field length sum while the old one stays.
func TestDeletedDocumentsCountInStats(t *testing.T) {
	f := newFixture(t, 1, "", articles...)
	before := hits(f.search(`{"match":{"title":"bread"}}`))
	f.index([2]string{"2", ""})
	if diff := cmp.Diff(before, hits(f.search(`{"match":{"title":"bread"}}`))); diff != "" {
		t.Errorf("scores changed after a delete (-before +after):\n%s", diff)
	}
	f.index([2]string{"3", `{"title":"Quick quick brown rabbit"}`})
	// N = 5, n = 1, avgdl = (21 + 4) / 5 = 5: 2.2 * ln(4) * 1/(1 + 1.2*(0.25 + 0.75*3/5)).
	if got := hits(f.search(`{"match":{"title":"bread"}}`)); !cmp.Equal(got, []string{"4:1.6575259"}) {
		t.Errorf("after overwrite = %v", got)
	}
	if got := hits(f.search(`{"ids":{"values":["2","3"]}}`)); !cmp.Equal(got, []string{"3:1.0"}) {
		t.Errorf("ids after delete = %v", got)
	}
}

func TestSortPagingAndCursors(t *testing.T) {
	f := newFixture(t, 2, "", articles...)
	run := func(mod func(r *Request)) *Result {
		t.Helper()
		req := f.request("")
		mod(req)
		res := Run(req)
		if len(res.Failures) > 0 {
			t.Fatal(res.Failures[0].Err)
		}
		return res
	}
	ids := func(res *Result) string {
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.Doc.ID)
		}
		return strings.Join(out, ",")
	}
	cases := []struct {
		name string
		mod  func(r *Request)
		want string
	}{
		{"views asc", func(r *Request) { r.Sort = []Sort{{Field: "views"}} }, "4,1,2,3"},
		{"views desc", func(r *Request) { r.Sort = []Sort{{Field: "views", Desc: true}} }, "3,2,1,4"},
		{"price missing last asc", func(r *Request) { r.Sort = []Sort{{Field: "price"}} }, "1,2,4,3"},
		{"price missing last desc", func(r *Request) { r.Sort = []Sort{{Field: "price", Desc: true}} }, "4,2,1,3"},
		{"price missing first", func(r *Request) { r.Sort = []Sort{{Field: "price", Missing: "_first"}} }, "3,1,2,4"},
		{"price missing as 2", func(r *Request) { r.Sort = []Sort{{Field: "price", Missing: "2"}} }, "1,3,2,4"},
		{"keyword then views", func(r *Request) {
			r.Sort = []Sort{{Field: "tag.keyword"}, {Field: "views", Desc: true}}
		}, "3,2,1,4"},
		{"from and size", func(r *Request) { r.Sort = []Sort{{Field: "views"}}; r.From, r.Size = 1, 2 }, "1,2"},
		{"search_after", func(r *Request) { r.Sort = []Sort{{Field: "views"}}; r.SearchAfter = []any{int64(10)} }, "2,3"},
		{"date sort", func(r *Request) { r.Sort = []Sort{{Field: "date", Desc: true}} }, "2,1,3,4"},
		// A field sort needs no scores, but should stays optional beside must.
		{"sorted bool", func(r *Request) {
			r.Query, _ = dsl.ParseJSON([]byte(`{"bool":{"must":{"match":{"title":"brown"}},"should":{"term":{"views":999}}}}`))
			r.Sort = []Sort{{Field: "views"}}
		}, "4,1,3"},
		{"_id sort", func(r *Request) { r.Sort = []Sort{{Field: "_index"}, {Field: "_id", Desc: true}} }, "4,3,2,1"},
		{"explicit score sort", func(r *Request) { r.Sort = []Sort{{Kind: SortScore, Desc: true}}; r.Size = 2 }, "1,2"},
	}
	for _, c := range cases {
		if got := ids(run(c.mod)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	res := run(func(r *Request) { r.Sort = []Sort{{Field: "views"}} })
	if got := res.Hits[0].SortValues; !cmp.Equal(got, []any{int64(5)}) || !math.IsNaN(float64(res.Hits[0].Score)) {
		t.Errorf("sort values %v score %v", got, res.Hits[0].Score)
	}
	if res := run(func(r *Request) { r.TerminateAfter = 1 }); !res.TerminatedEarly || res.Total != 2 {
		t.Errorf("terminate_after: early=%v total=%d", res.TerminatedEarly, res.Total)
	}
	one := newFixture(t, 1, "", articles...)
	min := float32(0.4)
	req := one.request(`{"match":{"title":"brown"}}`)
	req.MinScore = &min
	if res := Run(req); !cmp.Equal(hits(res), []string{"4:0.43250346"}) || res.Total != 1 {
		t.Errorf("min_score: %v total %d", hits(res), res.Total)
	}
	req = f.request("")
	req.Sort = []Sort{{Field: "nope"}}
	if res := Run(req); len(res.Failures) != 2 || res.Failures[0].Err.Reason != "No mapping found for [nope] in order to sort on" {
		t.Errorf("unmapped sort: %+v", res.Failures)
	}
	req.Sort = []Sort{{Field: "nope", UnmappedType: "long"}}
	if res := Run(req); len(res.Failures) != 0 || len(res.Hits) != 4 {
		t.Errorf("unmapped_type: %+v", res.Failures)
	}
}

func TestMoreQueries(t *testing.T) {
	f := newFixture(t, 1, "", articles...)
	cases := []struct {
		query string
		want  []string
	}{
		// quick + br* (brown, bread): the idfs of quick, brown and bread sum
		// to 2.2537949; 2.2 * 2.2537949 * tf(1, dl 4, avgdl 5.25).
		{`{"match_phrase_prefix":{"title":"quick br"}}`, []string{"1:2.4970098", "3:2.4970098"}},
		{`{"match_phrase_prefix":{"title":"rec"}}`, []string{"4:1.4599355"}},
		{`{"multi_match":{"query":"quick br","type":"phrase_prefix","fields":["title","tag"]}}`, []string{"1:2.4970098", "3:2.4970098"}},
		// bool_prefix: quick as a term, br* as a constant-score prefix.
		{`{"multi_match":{"query":"quick br","type":"bool_prefix","fields":["title"]}}`, []string{"3:2.02148", "1:1.7679472", "4:1.0"}},
		{`{"simple_query_string":{"query":"fox | bread","fields":["title"]}}`, []string{"4:1.4599355", "1:1.3338978"}},
		// A negation is (-fox *:*) as Lucene's SimpleQueryParser builds it:
		// the match-all clause adds 1.
		{`{"simple_query_string":{"query":"quick -fox","fields":["title"],"default_operator":"and"}}`, []string{"3:2.02148"}},
		{`{"function_score":{"query":{"match":{"title":"brown"}},"functions":[{"field_value_factor":{"field":"views","factor":0.1}}]}}`, []string{"3:1.185495", "1:0.395165", "4:0.21625173"}},
		{`{"function_score":{"query":{"match":{"title":"brown"}},"functions":[{"field_value_factor":{"field":"views","modifier":"log1p"}},{"filter":{"term":{"tag.keyword":"food"}},"weight":10}],"score_mode":"sum","boost_mode":"replace"}}`,
			[]string{"4:10.7781515", "3:1.4913617", "1:1.0413927"}},
		// avg is weighted: bare weights average to 1 whatever they are.
		{`{"function_score":{"functions":[{"weight":3},{"filter":{"term":{"views":10}},"weight":5}],"score_mode":"avg"}}`,
			[]string{"1:1.0", "2:1.0", "3:1.0", "4:1.0"}},
		{`{"function_score":{"functions":[{"weight":3},{"filter":{"term":{"views":10}},"weight":5}],"score_mode":"max","boost_mode":"sum","boost":2}}`,
			[]string{"1:7.0", "2:5.0", "3:5.0", "4:5.0"}},
		{`{"function_score":{"query":{"match_all":{}},"functions":[{"weight":2}],"max_boost":1.5,"min_score":1.6}}`, nil},
		// gauss around 20 with scale 10: 0.5 at distance 10, exp(-225/144.27) at 15.
		{`{"function_score":{"functions":[{"gauss":{"views":{"origin":20,"scale":10}}}]}}`, []string{"2:1.0", "1:0.5", "3:0.5", "4:0.2102241"}},
		// linear on dates: s = 1d / 0.5; 8h and 16h away, 47 days away, no date.
		{`{"function_score":{"functions":[{"linear":{"date":{"origin":"2024-05-18","scale":"1d"}}}]}}`, []string{"4:1.0", "2:0.8333333", "1:0.6666667", "3:0.0"}},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			if diff := cmp.Diff(c.want, hits(f.search(c.query))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	res := Run(f.request(`{"function_score":{"functions":[{"field_value_factor":{"field":"price"}}]}}`))
	if len(res.Failures) != 1 || res.Failures[0].Err.Reason != "Missing value for field [price]" {
		t.Errorf("missing field value: %+v", res.Failures)
	}
}

func TestFuzzy(t *testing.T) {
	f := newFixture(t, 1, "", articles...)
	cases := []struct {
		query string
		want  []string
	}{
		// "brwn" is one edit from "brown" (n=3): boost 1 - 1/4.
		{`{"fuzzy":{"title":"brwn"}}`, []string{"4:0.3243776", "1:0.29637375", "3:0.29637375"}},
		// "quikc" -> "quick" is one transposition (boost 0.8); without
		// transpositions it is two edits.
		{`{"fuzzy":{"title":{"value":"quikc","fuzziness":1}}}`, []string{"3:0.8171841", "1:0.61435777"}},
		{`{"fuzzy":{"title":{"value":"quikc","fuzziness":1,"transpositions":false}}}`, nil},
		// quick at 0.8 plus fox at 1 - 1/3.
		{`{"match":{"title":{"query":"quikc fax","fuzziness":"AUTO"}}}`, []string{"1:1.5036229", "3:0.8171841"}},
		{`{"query_string":{"query":"title:Quikc~1"}}`, []string{"3:0.8171841", "1:0.61435777"}},
		{`{"fuzzy":{"title":{"value":"brown","prefix_length":2,"fuzziness":2}}}`, []string{"4:0.43250346", "1:0.395165", "3:0.395165"}},
	}
	for _, c := range cases {
		t.Run(c.query, func(t *testing.T) {
			if diff := cmp.Diff(c.want, hits(f.search(c.query))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestTermsLookup(t *testing.T) {
	f := newFixture(t, 2, "", append(articles[:4:4], [2]string{"9", `{"want":{"tags":["food","Animal"]}}`})...)
	got := hits(f.search(`{"terms":{"tag.keyword":{"index":"idx","id":"9","path":"want.tags"}}}`))
	if !cmp.Equal(got, []string{"3:1.0", "4:1.0"}) && !cmp.Equal(got, []string{"4:1.0", "3:1.0"}) {
		t.Errorf("lookup hits %v", got)
	}
	if got := hits(f.search(`{"terms":{"tag.keyword":{"index":"idx","id":"nope","path":"want.tags"}}}`)); len(got) != 0 {
		t.Errorf("missing lookup document matched %v", got)
	}
	res := Run(f.request(`{"bool":{"filter":{"terms":{"tag.keyword":{"index":"gone","id":"9","path":"x"}}}}}`))
	if res.Err == nil || res.Err.Type != "index_not_found_exception" {
		t.Errorf("lookup on a missing index: %+v", res.Err)
	}
}

// cross_fields blends the fields: "John Doe" with and needs each term in
// some field; each term scores with the largest document frequency of the
// fields (here 1 of N = 3: idf ln(1 + 2.5/1.5), tf 1/2.2: 0.9808291 in float32).
func TestCrossFields(t *testing.T) {
	f := newFixture(t, 1, `{"properties":{"first":{"type":"text"},"last":{"type":"text"}}}`,
		[2]string{"1", `{"first":"John","last":"Doe"}`},
		[2]string{"2", `{"first":"Doe","last":"Smith"}`},
		[2]string{"3", `{"first":"Jane","last":"John"}`})
	got := hits(f.search(`{"multi_match":{"query":"John Doe","type":"cross_fields","fields":["first","last"],"operator":"and"}}`))
	if !cmp.Equal(got, []string{"1:1.9616582"}) {
		t.Errorf("and: %v", got)
	}
	got = hits(f.search(`{"multi_match":{"query":"John Doe","type":"cross_fields","fields":["first","last"]}}`))
	if !cmp.Equal(got, []string{"1:1.9616582", "2:0.9808291", "3:0.9808291"}) {
		t.Errorf("or: %v", got)
	}
}

// nested matches inside one object; the same bool on the flattened fields
// matches across objects.
func TestNested(t *testing.T) {
	f := newFixture(t, 1, `{"properties":{"comments":{"type":"nested","properties":{"author":{"type":"keyword"},"stars":{"type":"integer"},"text":{"type":"text"}}},"flat":{"properties":{"author":{"type":"keyword"},"stars":{"type":"integer"}}}}}`,
		[2]string{"1", `{"comments":[{"author":"a","stars":5,"text":"great stuff"},{"author":"b","stars":1,"text":"bad"}]}`},
		[2]string{"2", `{"comments":[{"author":"a","stars":1,"text":"bad bad"},{"author":"b","stars":5,"text":"great"}]}`},
		[2]string{"3", `{"other":1}`})
	q := `{"nested":{"path":"comments","query":{"bool":{"must":[{"term":{"comments.author":"a"}},{"range":{"comments.stars":{"gte":4}}}]}}}}`
	if got := hits(f.search(q)); !cmp.Equal(got, []string{"1:1.6931472"}) {
		t.Errorf("nested: %v", got)
	}
	// Scores come from the children: text "great" in 2 of 4 child docs.
	q = `{"nested":{"path":"comments","score_mode":"max","query":{"match":{"comments.text":"great"}}}}`
	if got := hits(f.search(q)); len(got) != 2 || !strings.HasPrefix(got[0], "2:") {
		t.Errorf("nested max: %v", got)
	}
	res := Run(f.request(`{"nested":{"path":"flat","query":{"match_all":{}}}}`))
	if len(res.Failures) != 1 || res.Failures[0].Err.Reason != "[nested] failed to find nested object under path [flat]" {
		t.Errorf("not nested: %+v", res.Failures)
	}
	ex, _, _ := Explain(f.request(`{"nested":{"path":"comments","query":{"term":{"comments.author":"b"}}}}`), "2")
	// Lucene's block of document 2: its nested documents at 3 and 4, after document 1's block (nested 0 and 1, root 2).
	if !strings.HasPrefix(ex.Description, "Score based on 1 child docs in range from 3 to 4, using score mode Avg") ||
		len(ex.Details) != 1 || !strings.HasPrefix(ex.Details[0].Description, "weight(comments.author:b in 4)") {
		t.Errorf("explain: %s", ex.String())
	}
}

// Without norms every document has length 1: the term scores the same in a
// short and a long title.
func TestNormsDisabled(t *testing.T) {
	f := newFixture(t, 1, `{"properties":{"t":{"type":"text","norms":false}}}`,
		[2]string{"1", `{"t":"fox"}`}, [2]string{"2", `{"t":"the quick brown fox jumps"}`})
	got := hits(f.search(`{"match":{"t":"fox"}}`))
	if len(got) != 2 || got[0][2:] != got[1][2:] {
		t.Errorf("scores differ without norms: %v", got)
	}
}

// A BM25 similarity with its own k1 and b (index.similarity.<name>) scores
// the fields that name it; other similarity types fail the shard.
func TestCustomSimilarity(t *testing.T) {
	base := newFixture(t, 1, `{"properties":{"t":{"type":"text"}}}`,
		[2]string{"1", `{"t":"fox"}`}, [2]string{"2", `{"t":"the quick brown fox jumps"}`})
	custom := newFixtureSettings(t, map[string]string{"index.similarity.my.type": "BM25", "index.similarity.my.k1": "1.2", "index.similarity.my.b": "0"},
		`{"properties":{"t":{"type":"text","similarity":"my"}}}`,
		[2]string{"1", `{"t":"fox"}`}, [2]string{"2", `{"t":"the quick brown fox jumps"}`})
	if got := hits(base.search(`{"match":{"t":"fox"}}`)); got[0][2:] == got[1][2:] {
		t.Errorf("default b should weigh length: %v", got)
	}
	if got := hits(custom.search(`{"match":{"t":"fox"}}`)); len(got) != 2 || got[0][2:] != got[1][2:] {
		t.Errorf("b = 0 should ignore length: %v", got)
	}
	other := newFixtureSettings(t, map[string]string{"index.similarity.bool.type": "boolean"},
		`{"properties":{"t":{"type":"text","similarity":"bool"}}}`, [2]string{"1", `{"t":"fox"}`})
	res := Run(other.request(`{"match":{"t":"fox"}}`))
	if len(res.Failures) != 1 || res.Failures[0].Err.Type != "unsupported_operation_exception" {
		t.Errorf("boolean similarity: %+v", res.Failures)
	}
}

// BooleanQuery.rewrite inlines pure disjunctions under SHOULD (unless they
// carry their own boost): one flat "sum of:" over the four terms.
func TestFlattenedDisjunctions(t *testing.T) {
	f := newFixture(t, 1, "", articles...)
	ex, _, _ := Explain(f.request(`{"bool":{"should":[{"match":{"title":"quick fox"}},{"match":{"title":"brown bread"}}]}}`), "4")
	if ex.Description != "sum of:" || len(ex.Details) != 2 || !strings.HasPrefix(ex.Details[0].Description, "weight(title:brown in 3)") {
		t.Errorf("flat: %s", ex.String())
	}
	ex, _, _ = Explain(f.request(`{"bool":{"should":[{"match":{"title":"quick fox"}},{"match":{"title":{"query":"brown bread","boost":2}}}]}}`), "4")
	if len(ex.Details) != 1 || ex.Details[0].Description != "sum of:" {
		t.Errorf("boosted stays nested: %s", ex.String())
	}
}
