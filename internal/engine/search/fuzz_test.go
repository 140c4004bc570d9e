package search

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// FuzzExecute runs any query the DSL parser accepts against a small index:
// the executor must not panic, and every rejection must be an
// OpenSearch-shaped error with a 4xx status (or the fake's 501).
func FuzzExecute(f *testing.F) {
	seeds := []string{
		`{"match_all":{}}`,
		`{"match":{"title":{"query":"quick fox","operator":"and","minimum_should_match":"2<75%"}}}`,
		`{"match_phrase":{"title":{"query":"quick brown","slop":2}}}`,
		`{"bool":{"must":[{"term":{"views":"x"}}],"should":[{"range":{"date":{"gte":"now-1d/d"}}}],"minimum_should_match":"-1"}}`,
		`{"query_string":{"query":"title:(quick OR \"brown fox\"~2) AND views:[10 TO *] -tag:food^2"}}`,
		`{"query_string":{"query":"title:qu* OR /br.*/ OR _exists_:price"}}`,
		`{"multi_match":{"query":"animal 10","fields":["tag","title^2","views"],"type":"most_fields"}}`,
		`{"dis_max":{"queries":[{"prefix":{"title":"qu"}},{"wildcard":{"tag.keyword":"a*l"}}],"tie_breaker":0.3}}`,
		`{"regexp":{"title":"(qu|br)[a-z]{2,}"}}`,
		`{"terms":{"views":[10,"20",true]}}`,
		`{"range":{"price":{"gt":"abc"}}}`,
		`{"constant_score":{"filter":{"exists":{"field":"*"}},"boost":0}}`,
		`{"ids":{"values":["1","x"]}}`,
		`{"match_phrase_prefix":{"title":"quick b"}}`,
		`{"multi_match":{"query":"quick fox","type":"cross_fields","fields":["title","tag"]}}`,
		`{"function_score":{"query":{"fuzzy":{"title":"quikc"}},"functions":[{"linear":{"date":{"origin":"now","scale":"2d"}}}],"boost_mode":"avg"}}`,
		`{"simple_query_string":{"query":"\"quick brown\"~2 | fo*","fields":["title^2"]}}`,
		`{"terms":{"tag.keyword":{"index":"idx","id":"1","path":"tag"}}}`,
	}
	for _, s := range seeds {
		f.Add(s)
	}
	fx := newFixture(f, 2, "", articles...)
	f.Fuzz(func(t *testing.T, query string) {
		q, err := dsl.ParseJSON([]byte(query))
		if err != nil {
			return
		}
		for _, dfs := range []bool{false, true} {
			req := &Request{Service: fx.svc, Size: 10, TrackTotalHits: 10000, Similarity: similarity.NewBM25(true), Now: testNow,
				Targets: []Target{{Index: fx.x, Shard: 0}, {Index: fx.x, Shard: 1}}, Query: q, DFS: dfs, Explain: true}
			res := Run(req)
			for _, fl := range res.Failures {
				if fl.Err.Status < 400 || (fl.Err.Status >= 500 && fl.Err.Status != 501) || fl.Err.Type == "" || fl.Err.Reason == "" {
					t.Fatalf("%s: bad shard error %+v", query, fl.Err)
				}
			}
			for _, h := range res.Hits {
				if h.Explanation == nil || h.Explanation.Value != h.Score && !dfs {
					t.Fatalf("%s: doc %s scored %v, explained %v", query, h.Doc.ID, h.Score, h.Explanation)
				}
			}
		}
	})
}
