package search

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

const aggsResponse = `{"took":3,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},
	"hits":{"total":{"value":7,"relation":"eq"},"max_score":null,"hits":[]},
	"aggregations":{"sterms#by_tag":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[
		{"key":"go","doc_count":4,"avg#avg_price":{"value":12.5},"date_histogram#per_month":{"buckets":[
			{"key_as_string":"2024-01-01T00:00:00.000Z","key":1704067200000,"doc_count":3},
			{"key_as_string":"2024-02-01T00:00:00.000Z","key":1706745600000,"doc_count":1}]}}]},
		"max#newest":{"value":1.7067456E12,"value_as_string":"2024-02-01T00:00:00.000Z"}},
	"suggest":{"term#fix":[{"text":"gu","offset":0,"length":2,"options":[{"text":"go","score":0.5,"freq":4}]}]}}`

func facetBody() *Request {
	return &Request{
		Size:       query.Ptr(0),
		PostFilter: query.Term("tags", "go"),
		Aggs: aggs.Aggs{
			"by_tag": aggs.Terms("tags").WithSize(5).
				Sub("avg_price", aggs.Avg("price")).
				Sub("per_month", aggs.DateHistogram("published").WithCalendarInterval(aggs.Month)),
			"newest": aggs.Max("published"),
		},
		Suggest: map[string]any{"fix": map[string]any{"text": "gu", "term": map[string]any{"field": "tags"}}},
	}
}

func TestSearchWithAggregationsAsksForTypedKeysAndDecodesThem(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, aggsResponse)
	resp, err := svc.Search(context.Background(), []string{"books"}, facetBody(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search", "typed_keys=true", `{"size":0,"post_filter":{"term":{"tags":{"value":"go"}}},
		"aggs":{"by_tag":{"terms":{"field":"tags","size":5},"aggs":{"avg_price":{"avg":{"field":"price"}},"per_month":{"date_histogram":{"field":"published","calendar_interval":"month"}}}},
			"newest":{"max":{"field":"published"}}},
		"suggest":{"fix":{"term":{"field":"tags"},"text":"gu"}}}`)
	tags, err := resp.Aggregations.Terms("by_tag")
	if err != nil {
		t.Fatal(err)
	}
	b := tags.Buckets[0]
	avg, err := b.Aggregations.Avg("avg_price")
	if err != nil || *avg.Value != 12.5 {
		t.Fatalf("avg_price %v %v", avg, err)
	}
	months, err := b.Aggregations.DateHistogram("per_month")
	if err != nil || len(months.Buckets) != 2 || months.Buckets[1].Key != 1706745600000 || months.Buckets[0].DocCount != 3 {
		t.Fatalf("per_month %+v %v", months, err)
	}
	newest, err := resp.Aggregations.Max("newest")
	if err != nil || *newest.Value != 1.7067456e12 || newest.ValueAsString != "2024-02-01T00:00:00.000Z" {
		t.Fatalf("newest %+v %v", newest, err)
	}
	// typed_keys was the SDK's idea: suggestion names come back as the caller wrote them.
	if len(resp.Suggest["fix"]) != 1 || len(resp.Suggest) != 1 {
		t.Errorf("suggest keys %v", resp.Suggest)
	}
}

func TestSearchKeepsTheCallersTypedKeys(t *testing.T) {
	t.Parallel()
	untyped := strings.NewReplacer("sterms#", "", "avg#", "", "date_histogram#", "", "max#", "").Replace(aggsResponse)
	svc, rec := newService(t, 200, untyped, aggsResponse)
	resp, err := svc.Search(context.Background(), []string{"books"}, facetBody(), &Params{TypedKeys: query.Ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	if q := rec.Last(t).Query; q != "typed_keys=false" {
		t.Errorf("query %q", q)
	}
	// Without prefixes the accessors still read each aggregation.
	tags, err := resp.Aggregations.Terms("by_tag")
	if err != nil {
		t.Fatal(err)
	}
	if avg, err := tags.Buckets[0].Aggregations.Avg("avg_price"); err != nil || *avg.Value != 12.5 {
		t.Errorf("untyped avg %v %v", avg, err)
	}
	// The caller asked for typed keys: suggestion names keep their prefixes.
	resp, err = svc.Search(context.Background(), []string{"books"}, facetBody(), &Params{TypedKeys: query.Ptr(true)})
	if err != nil || len(resp.Suggest["term#fix"]) != 1 {
		t.Errorf("suggest %v %v", resp.Suggest, err)
	}
}

func TestSearchWithoutAggregationsSendsNoTypedKeys(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_no_total.json")
	if _, err := svc.Search(context.Background(), nil, &Request{Query: query.MatchAll()}, nil); err != nil {
		t.Fatal(err)
	}
	if q := rec.Last(t).Query; q != "" {
		t.Errorf("query %q", q)
	}
}

func TestMultiSearchWithAggregationsAsksForTypedKeys(t *testing.T) {
	t.Parallel()
	msearch := `{"took":4,"responses":[` + strings.Replace(aggsResponse, `"took":3,`, `"status":200,"took":3,`, 1) + `]}`
	svc, rec := newService(t, 200, msearch)
	resp, err := svc.MultiSearch(context.Background(), []string{"books"}, []MultiSearchItem{{Body: &Request{}}, {Body: facetBody()}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if q := rec.Last(t).Query; q != "typed_keys=true" {
		t.Errorf("query %q", q)
	}
	e := resp.Responses[0]
	if tags, err := e.Aggregations.Terms("by_tag"); err != nil || tags.Buckets[0].DocCount != 4 || len(e.Suggest["fix"]) != 1 {
		t.Errorf("entry %v %v %v", tags, err, e.Suggest)
	}
}

func TestScrollAllAsksForTypedKeysOnTheFirstPageOnly(t *testing.T) {
	t.Parallel()
	first := strings.Replace(aggsResponse, `"took":3,`, `"_scroll_id":"s1","took":3,`, 1)
	first = strings.Replace(first, `"hits":[]`, `"hits":[{"_index":"books","_id":"a","_score":null,"_source":{"title":"A"}}]`, 1)
	svc, rec := newService(t, 200, first, scrollEmpty, clearedOne)
	body := facetBody()
	body.Size = query.Ptr(1)
	var titles []string
	for hit, err := range ScrollAll[book](context.Background(), svc, []string{"books"}, body, types.Duration(time.Minute), nil) {
		if err != nil {
			t.Fatal(err)
		}
		titles = append(titles, hit.Source.Title)
	}
	if len(titles) != 1 || len(rec.Calls) != 3 {
		t.Fatalf("titles %v after %d calls", titles, len(rec.Calls))
	}
	if q := rec.Calls[0].Query; q != "scroll=1m&typed_keys=true" {
		t.Errorf("first page query %q", q)
	}
	// The scroll API takes no typed_keys: the server would reject it.
	sdktest.CheckCall(t, rec.Calls[1], "POST", "/_search/scroll", "", `{"scroll":"1m","scroll_id":"s1"}`)
}

func compositePage(after string, buckets ...string) string {
	afterKey := ""
	if after != "" {
		afterKey = `"after_key":` + after + `,`
	}
	return `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":5,"relation":"eq"},"max_score":null,"hits":[]},
		"aggregations":{"composite#pairs":{` + afterKey + `"buckets":[` + strings.Join(buckets, ",") + `]}}}`
}

func TestCompositeAllPagesWithAfterKey(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200,
		compositePage(`{"tag":"b","year":2020}`, `{"key":{"tag":"a","year":2019},"doc_count":1}`, `{"key":{"tag":"b","year":2020},"doc_count":2}`),
		compositePage(`{"tag":"c","year":2021}`, `{"key":{"tag":"c","year":2021},"doc_count":2,"avg#p":{"value":3.5}}`),
	)
	comp := aggs.Composite(aggs.TermsSource("tag", "tags"), aggs.TermsSource("year", "year")).WithSize(2).Sub("p", aggs.Avg("price"))
	body := &Request{Size: query.Ptr(0), Aggs: aggs.Aggs{"pairs": comp}}
	var keys []string
	var total int64
	for b, err := range CompositeAll(context.Background(), svc, []string{"books"}, body, "pairs", nil) {
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, b.Key["tag"].String()+"/"+b.Key["year"].String())
		total += b.DocCount
	}
	if strings.Join(keys, ",") != "a/2019,b/2020,c/2021" || total != 5 {
		t.Fatalf("keys %v total %d", keys, total)
	}
	if len(rec.Calls) != 2 {
		t.Fatalf("%d requests, want 2 (the short second page is the last)", len(rec.Calls))
	}
	want := `{"size":0,"aggs":{"pairs":{"composite":{"sources":[{"tag":{"terms":{"field":"tags"}}},{"year":{"terms":{"field":"year"}}}],"size":2%s},"aggs":{"p":{"avg":{"field":"price"}}}}}}`
	sdktest.CheckCall(t, rec.Calls[0], "POST", "/books/_search", "typed_keys=true", strings.Replace(want, "%s", "", 1))
	sdktest.CheckCall(t, rec.Calls[1], "POST", "/books/_search", "typed_keys=true", strings.Replace(want, "%s", `,"after":{"tag":"b","year":2020}`, 1))
	if comp.After != nil {
		t.Error("CompositeAll changed the caller's aggregation")
	}
}

func TestCompositeAllStopsOnAnEmptyPageAndOnErrors(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200,
		compositePage(`{"tag":"b"}`, `{"key":{"tag":"a"},"doc_count":1}`, `{"key":{"tag":"b"},"doc_count":1}`),
		compositePage(`{"tag":"b"}`),
	)
	body := &Request{Aggs: aggs.Aggs{"pairs": aggs.Composite(aggs.TermsSource("tag", "tags")).WithSize(2)}}
	n := 0
	for _, err := range CompositeAll(context.Background(), svc, nil, body, "pairs", nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 2 || len(rec.Calls) != 2 {
		t.Fatalf("%d buckets after %d requests", n, len(rec.Calls))
	}
	for _, c := range []struct {
		body *Request
		want string
	}{
		{nil, "needs a request"},
		{&Request{Aggs: aggs.Aggs{"pairs": aggs.Terms("x")}}, `composite aggregation (*aggs.CompositeAggregation) named "pairs"`},
		{&Request{Aggs: aggs.Aggs{"pairs": aggs.Composite(aggs.TermsSource("t", "t")).WithSize(0)}}, "page size above 0"},
	} {
		for _, err := range CompositeAll(context.Background(), svc, nil, c.body, "pairs", nil) {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		}
	}
	// A response without the aggregation is an error that names it.
	svc, _ = newService(t, 200, "search_no_total.json")
	for _, err := range CompositeAll(context.Background(), svc, nil, body, "pairs", nil) {
		if !errors.Is(err, aggs.ErrNotFound) {
			t.Errorf("error %v, want aggs.ErrNotFound", err)
		}
	}
}

// One request carrying a builder of each family goes out as the DSL the
// OpenSearch documentation shows (aggs/builder_test.go checks every builder
// on its own).
func TestSearchSendsEveryKindOfAggregation(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_no_total.json")
	body := &Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
		"sales_per_month": aggs.DateHistogram("date").WithCalendarInterval(aggs.Month).
			Sub("sales", aggs.Sum("price")).
			Sub("sales_deriv", aggs.Derivative("sales")).
			Sub("cumulative", aggs.CumulativeSum("sales")).
			Sub("moving", aggs.MovingFn("sales", 3, &types.Script{Source: "MovingFunctions.unweightedAvg(values)"})).
			Sub("top", aggs.BucketSort(map[string]any{"sales": map[string]string{"order": "desc"}}).WithSize(3)),
		"avg_monthly_sales": aggs.AvgBucket("sales_per_month>sales").WithGapPolicy(aggs.InsertZeros),
		"price_ranges":      aggs.RangeOf("price", aggs.Below(100), aggs.From(100)).Sub("stats", aggs.ExtendedStats("price")),
		"load":              aggs.Percentiles("load_ms", 95, 99.9).WithKeyed(false),
		"by_type":           aggs.Terms("type").WithSize(3).Sub("users", aggs.Cardinality("user").WithPrecisionThreshold(100)),
		"pages":             aggs.Composite(aggs.TermsSource("t", "type")).WithSize(50),
		"everything":        aggs.Global().Sub("n", aggs.ValueCount("_id")),
		"raw":               aggs.Raw(`{"geo_bounds":{"field":"location"}}`),
	}}
	if _, err := svc.Search(context.Background(), []string{"sales"}, body, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/sales/_search", "typed_keys=true", `{"size":0,"aggs":{
		"avg_monthly_sales":{"avg_bucket":{"buckets_path":"sales_per_month>sales","gap_policy":"insert_zeros"}},
		"by_type":{"terms":{"field":"type","size":3},"aggs":{"users":{"cardinality":{"field":"user","precision_threshold":100}}}},
		"everything":{"global":{},"aggs":{"n":{"value_count":{"field":"_id"}}}},
		"load":{"percentiles":{"field":"load_ms","percents":[95,99.9],"keyed":false}},
		"pages":{"composite":{"sources":[{"t":{"terms":{"field":"type"}}}],"size":50}},
		"price_ranges":{"range":{"field":"price","ranges":[{"to":100},{"from":100}]},"aggs":{"stats":{"extended_stats":{"field":"price"}}}},
		"raw":{"geo_bounds":{"field":"location"}},
		"sales_per_month":{"date_histogram":{"field":"date","calendar_interval":"month"},"aggs":{
			"cumulative":{"cumulative_sum":{"buckets_path":"sales"}},
			"moving":{"moving_fn":{"buckets_path":"sales","window":3,"script":{"source":"MovingFunctions.unweightedAvg(values)"}}},
			"sales":{"sum":{"field":"price"}},
			"sales_deriv":{"derivative":{"buckets_path":"sales"}},
			"top":{"bucket_sort":{"sort":[{"sales":{"order":"desc"}}],"size":3}}}}}}`)
}

func TestSearchRefusesABadAggregationBeforeSending(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_no_total.json")
	_, err := svc.Search(context.Background(), nil, &Request{Aggs: aggs.Aggs{"a>b": aggs.Avg("x")}}, nil)
	if err == nil || !strings.Contains(err.Error(), `invalid aggregation name "a>b"`) {
		t.Fatalf("error %v", err)
	}
	if len(rec.Calls) != 0 {
		t.Fatalf("%d requests sent", len(rec.Calls))
	}
}
