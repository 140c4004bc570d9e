package aggs

import (
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestBuildersRenderTheDocumentedJSON(t *testing.T) {
	t.Parallel()
	painless := types.NewScript("_value * params.f", map[string]any{"f": 2})
	cases := []struct {
		name string
		agg  Aggregation
		want string
	}{
		{"terms with options", Terms("tags").WithSize(5).WithOrder(OrderByCount(Desc), OrderByKey(Asc)).WithMinDocCount(2).
			WithMissing("none").WithMeta(map[string]any{"color": "blue"}),
			`{"terms":{"field":"tags","missing":"none","size":5,"min_doc_count":2,"order":[{"_count":"desc"},{"_key":"asc"}]},"meta":{"color":"blue"}}`},
		{"terms single order and sub-aggregations", Terms("tags").WithOrder(OrderBy("avg_price", Desc)).
			Sub("avg_price", Avg("price")).Sub("b", Max("price")),
			`{"terms":{"field":"tags","order":{"avg_price":"desc"}},"aggs":{"avg_price":{"avg":{"field":"price"}},"b":{"max":{"field":"price"}}}}`},
		{"terms every option", &TermsAggregation{ValuesSource: ValuesSource{Field: "f", ValueType: "string"}, ShardSize: Ptr(30), ShardMinDocCount: Ptr(int64(1)),
			Include: []string{"a", "b"}, Exclude: "c.*", ExecutionHint: ExecutionMap, CollectMode: BreadthFirst, ShowTermDocCountError: Ptr(true)},
			`{"terms":{"field":"f","value_type":"string","shard_size":30,"shard_min_doc_count":1,"include":["a","b"],"exclude":"c.*","execution_hint":"map","collect_mode":"breadth_first","show_term_doc_count_error":true}}`},
		{"value script", Avg("price").WithScript(painless).WithFormat("0.00"),
			`{"avg":{"field":"price","script":{"source":"_value * params.f","lang":"painless","params":{"f":2}},"format":"0.00"}}`},
		{"multi_terms", MultiTerms("genre", "author").WithSize(3).WithOrder(OrderByKey(Asc)),
			`{"multi_terms":{"terms":[{"field":"genre"},{"field":"author"}],"size":3,"order":{"_key":"asc"}}}`},
		{"significant_terms", &SignificantTermsAggregation{ValuesSource: ValuesSource{Field: "crime"}, BackgroundFilter: query.Term("city", "x"), ChiSquare: &Significance{IncludeNegatives: Ptr(false)}},
			`{"significant_terms":{"field":"crime","background_filter":{"term":{"city":{"value":"x"}}},"chi_square":{"include_negatives":false}}}`},
		{"rare_terms", RareTerms("genre").WithMaxDocCount(2), `{"rare_terms":{"field":"genre","max_doc_count":2}}`},
		{"sampler", Sampler(200).Sub("k", SignificantTerms("tags").WithSize(3)),
			`{"sampler":{"shard_size":200},"aggs":{"k":{"significant_terms":{"field":"tags","size":3}}}}`},
		{"histogram", Histogram("price", 50).WithMinDocCount(0).WithExtendedBounds(0, 500),
			`{"histogram":{"field":"price","interval":50,"min_doc_count":0,"extended_bounds":{"min":0,"max":500}}}`},
		{"histogram fractional interval keyed", &HistogramAggregation{ValuesSource: ValuesSource{Field: "p"}, Interval: 0.5, Offset: Ptr(0.25), Keyed: Ptr(true), HardBounds: &Bounds{Min: 1.5}},
			`{"histogram":{"field":"p","interval":0.5,"offset":0.25,"hard_bounds":{"min":1.5},"keyed":true}}`},
		{"date_histogram calendar", DateHistogram("ts").WithCalendarInterval(Month).WithTimeZone("Europe/Paris").WithFormat("yyyy-MM").WithMinDocCount(0).WithExtendedBounds("2024-01", "2024-12"),
			`{"date_histogram":{"field":"ts","format":"yyyy-MM","calendar_interval":"month","time_zone":"Europe/Paris","min_doc_count":0,"extended_bounds":{"min":"2024-01","max":"2024-12"}}}`},
		{"date_histogram fixed", DateHistogram("ts").WithFixedInterval(Fixed(90 * time.Minute)),
			`{"date_histogram":{"field":"ts","fixed_interval":"90m"}}`},
		{"auto_date_histogram", AutoDateHistogram("ts", 5).WithFormat("yyyy"), `{"auto_date_histogram":{"field":"ts","format":"yyyy","buckets":5}}`},
		{"range", RangeOf("price", Below(100), Between(100, 200).WithKey("mid"), From(200)),
			`{"range":{"field":"price","ranges":[{"to":100},{"key":"mid","from":100,"to":200},{"from":200}]}}`},
		{"range keyed", RangeOf("price", From(0)).WithKeyed(true), `{"range":{"field":"price","ranges":[{"from":0}],"keyed":true}}`},
		{"date_range", DateRangeOf("ts", DateRange{To: "now-10M/M"}, DateRange{From: "now-10M/M", Key: "recent"}).WithFormat("MM-yyyy").WithTimeZone("CET"),
			`{"date_range":{"field":"ts","format":"MM-yyyy","ranges":[{"to":"now-10M/M"},{"key":"recent","from":"now-10M/M"}],"time_zone":"CET"}}`},
		{"filter", Filter(query.Term("type", "t-shirt")).Sub("avg", Avg("price")),
			`{"filter":{"term":{"type":{"value":"t-shirt"}}},"aggs":{"avg":{"avg":{"field":"price"}}}}`},
		{"filters named with other bucket", Filters(map[string]query.Query{"warnings": query.Match("body", "warning"), "errors": query.Match("body", "error")}).WithOtherBucket("rest"),
			`{"filters":{"filters":{"errors":{"match":{"body":{"query":"error"}}},"warnings":{"match":{"body":{"query":"warning"}}}},"other_bucket":true,"other_bucket_key":"rest"}}`},
		{"filters anonymous", AnonymousFilters(query.Term("a", 1), query.Term("b", 2)),
			`{"filters":{"filters":[{"term":{"a":{"value":1}}},{"term":{"b":{"value":2}}}]}}`},
		{"adjacency_matrix", &AdjacencyMatrixAggregation{Filters: map[string]query.Query{"B": query.Term("x", "b"), "A": query.Term("x", "a")}, Separator: "+"},
			`{"adjacency_matrix":{"filters":{"A":{"term":{"x":{"value":"a"}}},"B":{"term":{"x":{"value":"b"}}}},"separator":"+"}}`},
		{"missing", Missing("price"), `{"missing":{"field":"price"}}`},
		{"global", Global().Sub("all", ValueCount("_id")), `{"global":{},"aggs":{"all":{"value_count":{"field":"_id"}}}}`},
		{"nested and reverse_nested", Nested("comments").Sub("top", Terms("comments.author").Sub("back", ReverseNested(""))),
			`{"nested":{"path":"comments"},"aggs":{"top":{"terms":{"field":"comments.author"},"aggs":{"back":{"reverse_nested":{}}}}}}`},
		{"children and parent", Children("answer").Sub("q", Parent("answer").WithMeta(map[string]any{"k": 1})),
			`{"children":{"type":"answer"},"aggs":{"q":{"parent":{"type":"answer"},"meta":{"k":1}}}}`},
		{"composite", Composite(TermsSource("tag", "tags").WithOrder(Desc).WithMissingBucket(), DateHistogramSource("day", "ts", Day), HistogramSource("p", "price", 10)).
			WithSize(2).WithAfter(map[string]any{"tag": "go", "day": int64(1700000000000), "p": 10.0}),
			`{"composite":{"sources":[{"tag":{"terms":{"field":"tags","order":"desc","missing_bucket":true}}},{"day":{"date_histogram":{"field":"ts","calendar_interval":"day"}}},{"p":{"histogram":{"field":"price","interval":10}}}],"size":2,"after":{"day":1700000000000,"p":10,"tag":"go"}}}`},
		{"sum min max value_count stats", Sum("a"), `{"sum":{"field":"a"}}`},
		{"min", Min("a"), `{"min":{"field":"a"}}`},
		{"max", Max("a"), `{"max":{"field":"a"}}`},
		{"stats", Stats("a"), `{"stats":{"field":"a"}}`},
		{"extended_stats", ExtendedStats("a").WithSigma(3), `{"extended_stats":{"field":"a","sigma":3}}`},
		{"cardinality", Cardinality("user").WithPrecisionThreshold(100), `{"cardinality":{"field":"user","precision_threshold":100}}`},
		{"percentiles", Percentiles("load", 50, 99.9).WithKeyed(false), `{"percentiles":{"field":"load","percents":[50,99.9],"keyed":false}}`},
		{"percentiles tdigest", &PercentilesAggregation{ValuesSource: ValuesSource{Field: "l"}, TDigest: &TDigest{Compression: Ptr(200.0)}}, `{"percentiles":{"field":"l","tdigest":{"compression":200}}}`},
		{"percentile_ranks", PercentileRanks("load", 500, 600), `{"percentile_ranks":{"field":"load","values":[500,600]}}`},
		{"median_absolute_deviation", MedianAbsoluteDeviation("rating"), `{"median_absolute_deviation":{"field":"rating"}}`},
		{"weighted_avg", WeightedAvg("grade", "weight"), `{"weighted_avg":{"value":{"field":"grade"},"weight":{"field":"weight"}}}`},
		{"top_hits", TopHits(1).WithSort(map[string]any{"date": map[string]string{"order": "desc"}}).WithSource(&query.SourceFilter{Includes: []string{"title"}}),
			`{"top_hits":{"size":1,"sort":[{"date":{"order":"desc"}}],"_source":["title"]}}`},
		{"scripted_metric", ScriptedMetric(&types.Script{Source: "state.x = []"}, &types.Script{Source: "state.x.add(1)"}, &types.Script{Source: "return state.x"}, &types.Script{Source: "return states.size()"}),
			`{"scripted_metric":{"init_script":{"source":"state.x = []"},"map_script":{"source":"state.x.add(1)"},"combine_script":{"source":"return state.x"},"reduce_script":{"source":"return states.size()"}}}`},
		{"avg_bucket", AvgBucket("sales_per_month>sales").WithGapPolicy(InsertZeros), `{"avg_bucket":{"buckets_path":"sales_per_month\u003esales","gap_policy":"insert_zeros"}}`},
		{"sum_bucket", SumBucket("m>s"), `{"sum_bucket":{"buckets_path":"m\u003es"}}`},
		{"min_bucket", MinBucket("m>s"), `{"min_bucket":{"buckets_path":"m\u003es"}}`},
		{"max_bucket", MaxBucket("m>s"), `{"max_bucket":{"buckets_path":"m\u003es"}}`},
		{"stats_bucket", StatsBucket("m>s"), `{"stats_bucket":{"buckets_path":"m\u003es"}}`},
		{"extended_stats_bucket", &ExtendedStatsBucketAggregation{BucketsPath: "m>s", Sigma: Ptr(1.5)}, `{"extended_stats_bucket":{"buckets_path":"m\u003es","sigma":1.5}}`},
		{"percentiles_bucket", PercentilesBucket("m>s", 25, 75), `{"percentiles_bucket":{"buckets_path":"m\u003es","percents":[25,75]}}`},
		{"derivative", &DerivativeAggregation{BucketsPath: "sales", Unit: "1d", GapPolicy: KeepValues}, `{"derivative":{"buckets_path":"sales","gap_policy":"keep_values","unit":"1d"}}`},
		{"cumulative_sum", CumulativeSum("sales").WithMeta(map[string]any{"k": 1}), `{"cumulative_sum":{"buckets_path":"sales"},"meta":{"k":1}}`},
		{"serial_diff", SerialDiff("sales", 7), `{"serial_diff":{"buckets_path":"sales","lag":7}}`},
		{"moving_fn", MovingFn("sales", 10, &types.Script{Source: "MovingFunctions.unweightedAvg(values)"}),
			`{"moving_fn":{"buckets_path":"sales","window":10,"script":{"source":"MovingFunctions.unweightedAvg(values)"}}}`},
		{"bucket_script", BucketScript(map[string]string{"a": "sales", "b": "_count"}, &types.Script{Source: "params.a / params.b"}),
			`{"bucket_script":{"buckets_path":{"a":"sales","b":"_count"},"script":{"source":"params.a / params.b"}}}`},
		{"bucket_selector", BucketSelector(map[string]string{"s": "sales"}, &types.Script{Source: "params.s > 200"}),
			`{"bucket_selector":{"buckets_path":{"s":"sales"},"script":{"source":"params.s \u003e 200"}}}`},
		{"bucket_sort", BucketSort(map[string]any{"sales": map[string]string{"order": "desc"}}).WithSize(3).WithFrom(1),
			`{"bucket_sort":{"sort":[{"sales":{"order":"desc"}}],"from":1,"size":3}}`},
		{"raw", Raw(`{"geo_bounds":{"field":"loc"}}`), `{"geo_bounds":{"field":"loc"}}`},
		{"map", Map{"geo_centroid": map[string]any{"field": "loc"}}, `{"geo_centroid":{"field":"loc"}}`},
		{"raw message", jsonx.RawMessage(`{"avg":{"field":"x"}}`), `{"avg":{"field":"x"}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := jsonx.Marshal(c.agg)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestBuildersRefuseWhatTheServerWould(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		agg  Aggregation
		want string
	}{
		{"bad name", Aggs{"a[0]": Avg("x")}, "names can contain any character except"},
		{"empty name", Aggs{"": Avg("x")}, "invalid aggregation name"},
		{"nil definition", Aggs{"a": (*TermsAggregation)(nil)}, `aggregation "a" has no definition`},
		{"nil sub-aggregation", Terms("x").Sub("a", nil), `aggregation "a" has no definition`},
		{"date_histogram without interval", DateHistogram("ts"), "exactly one of calendar_interval and fixed_interval"},
		{"date_histogram with both", DateHistogram("ts").WithCalendarInterval(Day).WithFixedInterval("1d"), "exactly one"},
		{"histogram without interval", Histogram("p", 0), "interval above 0"},
		{"range without ranges", RangeOf("p"), "at least one range"},
		{"filters with nothing", Filters(nil), "either named or anonymous"},
		{"filters nil query", Filters(map[string]query.Query{"a": nil}), `filter "a" is nil`},
		{"filter without query", Filter(nil), "filter needs a query"},
		{"bad order", Terms("x").WithOrder(Order{"_count", "up"}), "asc or desc"},
		{"composite without sources", Composite(), "at least one source"},
		{"composite histogram source without interval", Composite(HistogramSource("p", "price", 0)), "interval above 0"},
		{"pipeline without path", AvgBucket(""), "avg_bucket needs a buckets_path"},
		{"moving_fn without script", MovingFn("s", 5, nil), "window above 0 and a script"},
		{"raw invalid", Raw(`{"avg":`), "not valid JSON"},
		{"multi_terms with one field", MultiTerms("a"), "at least two"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := jsonx.Marshal(c.agg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestFixedPicksTheLargestExactUnit(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]FixedInterval{
		48 * time.Hour: "2d", 90 * time.Minute: "90m", time.Hour: "1h", 1500 * time.Millisecond: "1500ms", 30 * time.Second: "30s",
	} {
		if got := Fixed(d); got != want {
			t.Errorf("Fixed(%v) = %q, want %q", d, got, want)
		}
	}
}
