package search

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/aggs"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// The block paths a match_all without hits takes (collectAllSlots) must
// give exactly what the per-document path of a query gives: the same
// aggregations with an explicit match_all query run per document.
func TestAggsBlockPathsMatchPerDocument(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	start := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	var docs [][2]string
	for i := 0; i < 6000; i++ {
		src := map[string]any{}
		if r.IntN(10) > 0 {
			src["tag"] = "t" + strconv.Itoa(r.IntN(30))
		}
		if r.IntN(10) > 0 {
			src["num"] = r.IntN(100000) - 50000
		}
		// Values past 2^40 leave the exact integer sums.
		src["big"] = r.Int64N(1<<42) - 1<<41
		src["kw"] = "k" + strconv.Itoa(r.IntN(5000))
		if r.IntN(20) > 0 {
			// Two years by the hour: more step indexes than a table spans.
			src["date"] = start.Add(time.Duration(r.IntN(2*365*24)) * time.Hour).Format(time.RFC3339)
		}
		src["date2"] = start.Add(time.Duration(r.IntN(500*24)) * time.Hour).Format(time.RFC3339)
		b, _ := jsonout.Marshal(jsonout.Object(mapToObject(src)))
		docs = append(docs, [2]string{strconv.Itoa(i), string(b)})
	}
	mapping := `{"properties":{"tag":{"type":"keyword"},"kw":{"type":"keyword"},"num":{"type":"integer"},"big":{"type":"long"},"date":{"type":"date"},"date2":{"type":"date"}}}`
	body := `{
		"tags":{"terms":{"field":"tag","size":50},"aggs":{"a":{"avg":{"field":"num"}},"s":{"sum":{"field":"big"}},"d":{"date_histogram":{"field":"date","calendar_interval":"month"}}}},
		"a":{"avg":{"field":"num"}}, "s":{"sum":{"field":"big"}}, "st":{"extended_stats":{"field":"num"}}, "mn":{"min":{"field":"big"}},
		"c":{"cardinality":{"field":"kw"}}, "ct":{"cardinality":{"field":"tag"}},
		"h":{"date_histogram":{"field":"date","fixed_interval":"1h"}}, "dd":{"date_histogram":{"field":"date","calendar_interval":"day","min_doc_count":0}},
		"dm":{"date_histogram":{"field":"date","calendar_interval":"day","missing":"2023-06-01"}},
		"kws":{"terms":{"field":"kw","size":5},"aggs":{"a":{"avg":{"field":"num"}}}},
		"tm":{"terms":{"field":"tag","missing":"none"},"aggs":{"c":{"cardinality":{"field":"kw"}}}},
		"ta":{"terms":{"field":"tag","size":50},"aggs":{"a":{"avg":{"field":"num"}}}},
		"tb":{"terms":{"field":"tag","size":50},"aggs":{"s":{"sum":{"field":"big"}}}},
		"tn":{"terms":{"field":"tag","size":50,"missing":"none"},"aggs":{"s":{"sum":{"field":"num"}}}}
	}`
	for _, shards := range []int{1, 2} {
		f := newFixture(t, shards, mapping, docs...)
		f.index([2]string{"7", ""}, [2]string{"100", ""}, [2]string{"4000", ""}) // deleted slots
		tree := parseAggsTree(t, body)
		run := func(query dsl.Query) string {
			req := f.request("")
			req.Query, req.Size, req.Aggs, req.MaxBuckets = query, 0, tree, 65535
			res := Run(req)
			if len(res.Failures) > 0 || res.Err != nil {
				t.Fatalf("failures %v %v", res.Failures, res.Err)
			}
			b, _ := jsonout.Marshal(res.Aggs.Render(false))
			return string(b)
		}
		block := run(nil)
		perDoc := run(&dsl.MatchAll{})
		if block != perDoc {
			t.Errorf("%d shards: the block path differs:\nblock   %s\nper doc %s", shards, block, perDoc)
		}
	}
}

func parseAggsTree(t *testing.T, body string) *aggs.Tree {
	t.Helper()
	v, err := xcontent.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	tree, aerr := aggs.Parse(v, nil)
	if aerr != nil {
		t.Fatal(aerr)
	}
	return tree
}

// mapToObject is a map as an object in key order.
func mapToObject(m map[string]any) jsonout.Object {
	var o jsonout.Object
	for _, k := range []string{"tag", "num", "big", "kw", "date", "date2"} {
		if v, ok := m[k]; ok {
			o = append(o, jsonout.Field{Key: k, Value: v})
		}
	}
	return o
}

// The date_histogram fast path with sub-aggregations (a bucket table by
// step index) gives what the general path gives: a missing value, which no
// document needs here, keeps the general path.
func TestAggsDateHistogramTableMatchesGeneralPath(t *testing.T) {
	start := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	r := rand.New(rand.NewPCG(5, 6))
	var docs [][2]string
	for i := 0; i < 3000; i++ {
		d := start.Add(time.Duration(r.IntN(9000)) * time.Hour).Format(time.RFC3339)
		docs = append(docs, [2]string{strconv.Itoa(i), `{"date2":"` + d + `","num":` + strconv.Itoa(r.IntN(1000)) + `}`})
	}
	f := newFixture(t, 2, `{"properties":{"date2":{"type":"date"},"num":{"type":"integer"}}}`, docs...)
	for _, iv := range []string{`"fixed_interval":"1h"`, `"calendar_interval":"day"`, `"fixed_interval":"7d","offset":"-3h"`} {
		render := func(extra string) string {
			tree := parseAggsTree(t, `{"h":{"date_histogram":{"field":"date2",`+iv+extra+`},"aggs":{"a":{"avg":{"field":"num"}}}}}`)
			req := f.request(`{"match_all":{}}`)
			req.Size, req.Aggs, req.MaxBuckets = 0, tree, 65535
			res := Run(req)
			if len(res.Failures) > 0 || res.Err != nil {
				t.Fatalf("failures %v %v", res.Failures, res.Err)
			}
			b, _ := jsonout.Marshal(res.Aggs.Render(false))
			return string(b)
		}
		if fast, general := render(``), render(`,"missing":"2000-01-01"`); fast != general {
			t.Errorf("%s: the table path differs:\nfast    %.300s\ngeneral %.300s", iv, fast, general)
		}
	}
}
