package search_test

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

// These tests hold the answers OpenSearch 2.19 gives for their data.

func newShop(t *testing.T) *search.Service {
	t.Helper()
	srv := fake.New(t)
	if err := srv.CreateIndex("shop", map[string]any{"mappings": map[string]any{"properties": map[string]any{
		"tag": map[string]any{"type": "keyword"}, "price": map[string]any{"type": "double"},
		"sold": map[string]any{"type": "date"}, "qty": map[string]any{"type": "long"},
	}}}); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("shop",
		fake.Doc{ID: "1", Source: map[string]any{"tag": "go", "price": 10.0, "sold": "2024-01-05", "qty": 1}},
		fake.Doc{ID: "2", Source: map[string]any{"tag": "go", "price": 20.0, "sold": "2024-01-20", "qty": 2}},
		fake.Doc{ID: "3", Source: map[string]any{"tag": "rust", "price": 30.0, "sold": "2024-03-02", "qty": 3}},
		fake.Doc{ID: "4", Source: map[string]any{"tag": "go", "price": 40.0, "sold": "2024-03-15"}},
		fake.Doc{ID: "5", Source: map[string]any{"tag": "zig", "sold": "2024-03-20"}},
	); err != nil {
		t.Fatal(err)
	}
	return srv.Client().Search
}

// searchAggs runs body against the shop index.
func searchAggs(t *testing.T, svc *search.Service, body *search.Request, params *search.Params) *search.Response {
	t.Helper()
	resp, err := svc.Search(context.Background(), []string{"shop"}, body, params)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestFakeTermsWithAvgPerBucket(t *testing.T) {
	t.Parallel()
	resp := searchAggs(t, newShop(t), &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"by_tag": aggs.Terms("tag").Sub("avg_price", aggs.Avg("price")),
	}}, nil)
	if n, _ := resp.Aggregations.Entry("by_tag"); n.Type != "sterms" {
		t.Errorf("by_tag came back as %q: the SDK asks for typed keys", n.Type)
	}
	tags, err := resp.Aggregations.Terms("by_tag")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		key   string
		count int64
		avg   *float64
	}{{"go", 3, query.Ptr(70.0 / 3)}, {"rust", 1, query.Ptr(30.0)}, {"zig", 1, nil}}
	if len(tags.Buckets) != len(want) || tags.SumOtherDocCount != 0 || tags.DocCountErrorUpperBound != 0 {
		t.Fatalf("by_tag %+v", tags)
	}
	for i, w := range want {
		b := tags.Buckets[i]
		avg, err := b.Aggregations.Avg("avg_price")
		if err != nil {
			t.Fatal(err)
		}
		if b.Key.String() != w.key || b.DocCount != w.count || (avg.Value == nil) != (w.avg == nil) || (w.avg != nil && *avg.Value != *w.avg) {
			t.Errorf("bucket %d: %v %d %v, want %+v", i, b.Key, b.DocCount, avg.Value, w)
		}
	}
}

func TestFakeDateHistogramFillsEmptyMonths(t *testing.T) {
	t.Parallel()
	resp := searchAggs(t, newShop(t), &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"per_month": aggs.DateHistogram("sold").WithCalendarInterval(aggs.Month).Sub("qty", aggs.Sum("qty")),
	}}, nil)
	months, err := resp.Aggregations.DateHistogram("per_month")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		key   int64
		str   string
		count int64
		qty   float64
	}{{1704067200000, "2024-01-01T00:00:00.000Z", 2, 3}, {1706745600000, "2024-02-01T00:00:00.000Z", 0, 0}, {1709251200000, "2024-03-01T00:00:00.000Z", 3, 3}}
	if len(months.Buckets) != len(want) {
		t.Fatalf("per_month %+v", months.Buckets)
	}
	for i, w := range want {
		b := months.Buckets[i]
		sum, err := b.Aggregations.Sum("qty")
		if err != nil {
			t.Fatal(err)
		}
		if b.Key != w.key || b.KeyAsString != w.str || b.DocCount != w.count || sum.Value == nil || *sum.Value != w.qty {
			t.Errorf("month %d: %+v sum %v, want %+v", i, b, sum.Value, w)
		}
	}
}

func TestFakeRangeStatsMissingAndDateMax(t *testing.T) {
	t.Parallel()
	resp := searchAggs(t, newShop(t), &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"prices":   aggs.RangeOf("price", aggs.Below(25), aggs.From(25)),
		"stats":    aggs.Stats("price"),
		"no_price": aggs.Missing("price"),
		"last":     aggs.Max("sold"),
	}}, nil)
	ranges, err := resp.Aggregations.Range("prices")
	if err != nil {
		t.Fatal(err)
	}
	if len(ranges.Buckets) != 2 || ranges.Buckets[0].Key != "*-25.0" || ranges.Buckets[0].DocCount != 2 ||
		ranges.Buckets[1].Key != "25.0-*" || ranges.Buckets[1].DocCount != 2 || *ranges.Buckets[1].From != 25 {
		t.Errorf("prices %+v", ranges.Buckets)
	}
	st, err := resp.Aggregations.Stats("stats")
	if err != nil || st.Count != 4 || *st.Min != 10 || *st.Max != 40 || *st.Avg != 25 || st.Sum != 100 {
		t.Errorf("stats %+v %v", st, err)
	}
	if m, err := resp.Aggregations.SingleBucket("no_price"); err != nil || m.DocCount != 1 {
		t.Errorf("missing %+v %v", m, err)
	}
	last, err := resp.Aggregations.Max("last")
	if err != nil || *last.Value != 1710892800000 || last.ValueAsString != "2024-03-20T00:00:00.000Z" {
		t.Errorf("max date %+v %v", last, err)
	}
}

func TestFakeFacetsIgnorePostFilter(t *testing.T) {
	t.Parallel()
	resp := searchAggs(t, newShop(t), &search.Request{
		PostFilter: query.Term("tag", "rust"),
		Aggs: aggs.Aggs{"tags": aggs.Terms("tag"), "cheap": aggs.Filters(map[string]query.Query{
			"under_25": query.Range("price").Lt(25), "from_25": query.Range("price").Gte(25),
		})},
	}, nil)
	if len(resp.Hits.Hits) != 1 || resp.Hits.Hits[0].ID != "3" {
		t.Errorf("post_filter hits %+v", resp.Hits.Hits)
	}
	tags, err := resp.Aggregations.Terms("tags")
	if err != nil || len(tags.Buckets) != 3 {
		t.Fatalf("tags %+v %v (the facets count before post_filter)", tags, err)
	}
	f, err := resp.Aggregations.Filters("cheap")
	if err != nil {
		t.Fatal(err)
	}
	under, ok := f.Bucket("under_25")
	if !f.Keyed || !ok || under.DocCount != 2 {
		t.Errorf("filters %+v", f)
	}
}

func TestFakeTopHitsPerGroup(t *testing.T) {
	t.Parallel()
	resp := searchAggs(t, newShop(t), &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"tags": aggs.Terms("tag").Sub("priciest", aggs.TopHits(1).WithSort(search.SortBy("price", "desc"))),
	}}, nil)
	tags, err := resp.Aggregations.Terms("tags")
	if err != nil {
		t.Fatal(err)
	}
	top, err := tags.Buckets[0].Aggregations.TopHits("priciest")
	if err != nil {
		t.Fatal(err)
	}
	type item struct {
		Price float64 `json:"price"`
	}
	items, err := aggs.Sources[item](top)
	if err != nil || len(items) != 1 || top.Hits.Hits[0].ID != "4" || items[0].Price != 40 || top.Hits.Total.Value != 3 {
		t.Errorf("top hits %+v %+v %v", top.Hits, items, err)
	}
}

func TestFakeCompositeAllPages(t *testing.T) {
	t.Parallel()
	svc := newShop(t)
	body := &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{"tags": aggs.Composite(aggs.TermsSource("tag", "tag")).WithSize(2)}}
	searchAggs(t, svc, body, nil)
	var got []string
	for b, err := range search.CompositeAll(context.Background(), svc, []string{"shop"}, body, "tags", nil) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b.Key["tag"].String())
	}
	if strings.Join(got, ",") != "go,rust,zig" {
		t.Errorf("composite keys %v", got)
	}
}

func TestFakeUntypedAggregationsStillDecode(t *testing.T) {
	t.Parallel()
	resp := searchAggs(t, newShop(t), &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"by_tag": aggs.Terms("tag").Sub("avg_price", aggs.Avg("price")),
	}}, &search.Params{TypedKeys: query.Ptr(false)})
	n, _ := resp.Aggregations.Entry("by_tag")
	if n.Type != "" {
		t.Errorf("typed_keys=false, yet the type %q came back", n.Type)
	}
	tags, err := resp.Aggregations.Terms("by_tag")
	if err != nil || len(tags.Buckets) != 3 {
		t.Fatalf("untyped terms %+v %v", tags, err)
	}
	if avg, err := tags.Buckets[1].Aggregations.Avg("avg_price"); err != nil || *avg.Value != 30 {
		t.Errorf("untyped avg %+v %v", avg, err)
	}
}
