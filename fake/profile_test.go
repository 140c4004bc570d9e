package fake

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// timingKey matches a measured timing in a profile: the totals and every
// breakdown entry that is not a count.
var timingKey = regexp.MustCompile(`"(time_in_nanos|rewrite_time|create_weight|build_scorer|next_doc|advance|match|score|shallow_advance|compute_max_score|set_min_competitive_score|initialize|build_leaf_collector|collect|post_collection|build_aggregation|reduce)":(-?\d+)`)

// profileOf runs a search and returns its profile section with every
// measured timing replaced by T when positive (0 stays 0; a negative one
// fails the test), so that the rest compares exactly.
func profileOf(t *testing.T, s *Server, path, body string) string {
	t.Helper()
	code, _, got := call(t, s, "POST", path, body)
	if code != 200 {
		t.Fatalf("POST %s %s: %d %s", path, body, code, got)
	}
	var r struct {
		Profile json.RawMessage `json:"profile"`
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil || r.Profile == nil {
		t.Fatalf("POST %s: no profile in %s (%v)", path, got, err)
	}
	return timingKey.ReplaceAllStringFunc(string(r.Profile), func(m string) string {
		sub := timingKey.FindStringSubmatch(m)
		n, _ := strconv.ParseInt(sub[2], 10, 64)
		switch {
		case n < 0:
			t.Errorf("negative timing %s", m)
		case n > 0:
			return `"` + sub[1] + `":T`
		}
		return m
	})
}

// shardIDs replaces the node ids of a profile's shard ids with N, which
// differ per server.
var nodeInID = regexp.MustCompile(`"id":"\[[^\]]+\]`)

func withoutNodes(p string) string { return nodeInID.ReplaceAllString(p, `"id":"[N]`) }

func profileDocs() []string {
	return []string{
		`{"tag":"go","price":10,"sold":"2024-01-05"}`, `{"tag":"go","price":20,"sold":"2024-01-20"}`,
		`{"tag":"rust","price":30,"sold":"2024-03-02"}`, `{"tag":"go","price":40,"sold":"2024-03-15"}`,
		`{"tag":"zig","sold":"2024-03-20"}`,
	}
}

const profileProps = `{"tag":{"type":"keyword"},"price":{"type":"double"},"sold":{"type":"date"}}`

// qBreak and aBreak build expected breakdowns: the counts given, every
// timing T where its count is positive.
func qBreak(weight, scorer, next, adv, match, score int) string {
	tm := func(n int) string {
		if n > 0 {
			return "T"
		}
		return "0"
	}
	c := strconv.Itoa
	return `{"set_min_competitive_score_count":0,"match_count":` + c(match) + `,"shallow_advance_count":0,"set_min_competitive_score":0,` +
		`"next_doc":` + tm(next) + `,"match":` + tm(match) + `,"next_doc_count":` + c(next) + `,"score_count":` + c(score) + `,` +
		`"compute_max_score_count":0,"compute_max_score":0,"advance":` + tm(adv) + `,"advance_count":` + c(adv) + `,"score":` + tm(score) + `,` +
		`"build_scorer_count":` + c(scorer) + `,"create_weight":` + tm(weight) + `,"shallow_advance":0,"create_weight_count":` + c(weight) + `,"build_scorer":` + tm(scorer) + `}`
}

func aBreak(leaf, collect int) string {
	tm := func(n int) string {
		if n > 0 {
			return "T"
		}
		return "0"
	}
	c := strconv.Itoa
	return `{"reduce":0,"post_collection_count":1,"build_leaf_collector":` + tm(leaf) + `,"build_aggregation":T,"build_aggregation_count":1,` +
		`"build_leaf_collector_count":` + c(leaf) + `,"post_collection":T,"initialize":T,"initialize_count":1,"reduce_count":0,` +
		`"collect":` + tm(collect) + `,"collect_count":` + c(collect) + `}`
}

// A conjunction: the term leads (advance to the first match, next for the
// others), the range confirms each candidate (match), the bool and the
// term score the two hits.
func TestProfileQueryAndCollectors(t *testing.T) {
	s := aggsIndex(t, 1, profileProps, profileDocs()...)
	got := withoutNodes(profileOf(t, s, "/idx/_search", `{"profile":true,"size":2,"query":{"bool":{"must":[{"term":{"tag":"go"}}],"filter":[{"range":{"price":{"gte":15}}}]}}}`))
	want := `{"shards":[{"id":"[N][idx][0]","inbound_network_time_in_millis":0,"outbound_network_time_in_millis":0,"searches":[{"query":[` +
		`{"type":"BooleanQuery","description":"+tag:go #price:[15.0 TO Infinity]","time_in_nanos":T,"breakdown":` + qBreak(1, 1, 2, 1, 0, 2) + `,"children":[` +
		`{"type":"TermQuery","description":"tag:go","time_in_nanos":T,"breakdown":` + qBreak(1, 1, 3, 1, 0, 2) + `},` +
		`{"type":"IndexOrDocValuesQuery","description":"price:[15.0 TO Infinity]","time_in_nanos":T,"breakdown":` + qBreak(1, 1, 0, 0, 3, 0) + `}]}],` +
		`"rewrite_time":T,"collector":[{"name":"SimpleTopScoreDocCollector","reason":"search_top_hits","time_in_nanos":T}]}],"aggregations":[]}]}`
	if got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

// Size 0 needs no scores: the match_all runs in a ConstantScoreQuery, the
// hits collector only counts, and the aggregations report their class and
// debug: terms with a depth-first sub-aggregation remaps its ordinals, the
// top-level date_histogram is counted from the BKD tree (no collect), and
// cardinality uses ordinals.
func TestProfileAggregationsOneShard(t *testing.T) {
	s := aggsIndex(t, 1, profileProps, profileDocs()...)
	got := withoutNodes(profileOf(t, s, "/idx/_search", `{"profile":true,"size":0,"aggs":{
		"by_tag":{"terms":{"field":"tag"},"aggs":{"avg_price":{"avg":{"field":"price"}}}},
		"by_month":{"date_histogram":{"field":"sold","calendar_interval":"month"}},
		"n":{"cardinality":{"field":"tag"}}}}`))
	want := `{"shards":[{"id":"[N][idx][0]","inbound_network_time_in_millis":0,"outbound_network_time_in_millis":0,"searches":[{"query":[` +
		`{"type":"ConstantScoreQuery","description":"ConstantScore(*:*)","time_in_nanos":T,"breakdown":` + qBreak(1, 1, 5, 1, 0, 0) + `,"children":[` +
		`{"type":"MatchAllDocsQuery","description":"*:*","time_in_nanos":T,"breakdown":` + qBreak(1, 1, 5, 1, 0, 0) + `}]}],` +
		`"rewrite_time":T,"collector":[{"name":"MultiCollector","reason":"search_multi","time_in_nanos":T,"children":[` +
		`{"name":"EarlyTerminatingCollector","reason":"search_count","time_in_nanos":T},` +
		`{"name":"MultiBucketCollector: [[by_tag, by_month, n]]","reason":"aggregation","time_in_nanos":T}]}]}],` +
		`"aggregations":[` +
		`{"type":"GlobalOrdinalsStringTermsAggregator","description":"by_tag","time_in_nanos":T,"breakdown":` + aBreak(1, 5) + `,` +
		`"debug":{"segments_with_multi_valued_ords":0,"collection_strategy":"remap","segments_with_single_valued_ords":1,"total_buckets":3,"result_strategy":"terms","has_filter":false},` +
		`"children":[{"type":"AvgAggregator","description":"avg_price","time_in_nanos":T,"breakdown":` + aBreak(1, 5) + `}]},` +
		`{"type":"DateHistogramAggregator","description":"by_month","time_in_nanos":T,"breakdown":` + aBreak(1, 0) + `,` +
		`"debug":{"optimized_segments":1,"total_buckets":2,"unoptimized_segments":0,"inner_visited":0,"leaf_visited":1}},` +
		`{"type":"CardinalityAggregator","description":"n","time_in_nanos":T,"breakdown":` + aBreak(1, 5) + `,` +
		`"debug":{"ordinals_collectors_used":1,"ordinals_collectors_overhead_too_high":0,"string_hashing_collectors_used":0,"numeric_collectors_used":0,"empty_collectors_used":0}}` +
		`]}]}`
	if got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

// profileJSON runs a search and decodes its profile for structural checks.
func profileJSON(t *testing.T, s *Server, path, body string) map[string]any {
	t.Helper()
	code, _, got := call(t, s, "POST", path, body)
	if code != 200 {
		t.Fatalf("POST %s %s: %d %s", path, body, code, got)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(got), &r); err != nil {
		t.Fatal(err)
	}
	p, _ := r["profile"].(map[string]any)
	if p == nil {
		t.Fatalf("no profile in %s", got)
	}
	return p
}

// collectorNames flattens a collector tree to "name/reason" strings, outer
// first, children in brackets.
func collectorNames(c map[string]any) string {
	out := c["name"].(string) + "/" + c["reason"].(string)
	if kids, ok := c["children"].([]any); ok {
		var parts []string
		for _, k := range kids {
			parts = append(parts, collectorNames(k.(map[string]any)))
		}
		out += "[" + strings.Join(parts, " ") + "]"
	}
	return out
}

func firstCollector(t *testing.T, p map[string]any) string {
	t.Helper()
	shards := p["shards"].([]any)
	search := shards[0].(map[string]any)["searches"].([]any)[0].(map[string]any)
	return collectorNames(search["collector"].([]any)[0].(map[string]any))
}

// The collector chain follows the request as QueryPhase builds it.
func TestProfileCollectorChains(t *testing.T) {
	s := aggsIndex(t, 1, profileProps, profileDocs()...)
	for body, want := range map[string]string{
		`{"profile":true}`:                                  "SimpleTopScoreDocCollector/search_top_hits",
		`{"profile":true,"size":0}`:                         "EarlyTerminatingCollector/search_count",
		`{"profile":true,"size":0,"track_total_hits":true}`: "EarlyTerminatingCollector/search_count",
		`{"profile":true,"size":0,"track_total_hits":true,"query":{"match":{"tag":"go"}}}`: "EarlyTerminatingCollector/search_count",
		`{"profile":true,"size":0,"track_total_hits":true,"query":{"prefix":{"tag":"g"}}}`: "TotalHitCountCollector/search_count",
		`{"profile":true,"sort":["price"]}`:                                                "SimpleFieldCollector/search_top_hits",
		`{"profile":true,"sort":["price"],"search_after":[10]}`:                            "PagingFieldCollector/search_top_hits",
		`{"profile":true,"terminate_after":2}`:                                             "EarlyTerminatingCollector/search_terminate_after_count[SimpleTopScoreDocCollector/search_top_hits]",
		`{"profile":true,"post_filter":{"term":{"tag":"go"}}}`:                             "FilteredCollector/search_post_filter[SimpleTopScoreDocCollector/search_top_hits]",
		`{"profile":true,"min_score":0.5,"aggs":{"a":{"avg":{"field":"price"}}}}`:          "MinimumScoreCollector/search_min_score[MultiCollector/search_multi[SimpleTopScoreDocCollector/search_top_hits ProfilingAggregator: [a]/aggregation]]",
	} {
		if got := firstCollector(t, profileJSON(t, s, "/idx/_search", body)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", body, got, want)
		}
	}
}

// Several shards: one entry each, sorted by id, every document counted once
// across them; a global aggregation adds a match_all search per shard.
func TestProfileSeveralShards(t *testing.T) {
	s := aggsIndex(t, 3, profileProps, profileDocs()...)
	p := profileJSON(t, s, "/idx/_search", `{"profile":true,"query":{"match":{"tag":"go"}},"aggs":{"all":{"global":{},"aggs":{"m":{"max":{"field":"price"}}}},"by_tag":{"terms":{"field":"tag"}}}}`)
	shards := p["shards"].([]any)
	if len(shards) != 3 {
		t.Fatalf("%d shards", len(shards))
	}
	var scored, global, terms float64
	prev := ""
	for i, x := range shards {
		sh := x.(map[string]any)
		id := sh["id"].(string)
		if !strings.HasSuffix(id, "][idx]["+strconv.Itoa(i)+"]") || id <= prev {
			t.Errorf("shard %d id %q after %q", i, id, prev)
		}
		prev = id
		searches := sh["searches"].([]any)
		if len(searches) != 2 {
			t.Fatalf("shard %d: %d searches", i, len(searches))
		}
		q := searches[0].(map[string]any)["query"].([]any)[0].(map[string]any)
		if q["type"] != "TermQuery" || q["description"] != "tag:go" {
			t.Errorf("shard %d query %v", i, q)
		}
		scored += q["breakdown"].(map[string]any)["score_count"].(float64)
		g := searches[1].(map[string]any)
		if got := collectorNames(g["collector"].([]any)[0].(map[string]any)); got != "ProfilingAggregator: [all]/aggregation_global" {
			t.Errorf("shard %d global collector %s", i, got)
		}
		if q := g["query"].([]any)[0].(map[string]any); q["type"] != "ConstantScoreQuery" || q["description"] != "ConstantScore(*:*)" {
			t.Errorf("shard %d global query %v", i, q)
		}
		aggs := sh["aggregations"].([]any)
		if len(aggs) != 2 || aggs[0].(map[string]any)["type"] != "GlobalAggregator" || aggs[1].(map[string]any)["description"] != "by_tag" {
			t.Fatalf("shard %d aggregations %v", i, aggs)
		}
		global += aggs[0].(map[string]any)["breakdown"].(map[string]any)["collect_count"].(float64)
		terms += aggs[1].(map[string]any)["breakdown"].(map[string]any)["collect_count"].(float64)
		if kids := aggs[0].(map[string]any)["children"].([]any); kids[0].(map[string]any)["type"] != "MaxAggregator" {
			t.Errorf("shard %d global children %v", i, kids)
		}
	}
	if scored != 3 || global != 5 || terms != 3 {
		t.Errorf("scored %v, global collected %v, terms collected %v; want 3, 5, 3", scored, global, terms)
	}
}

// human=true adds each time in units before its nanoseconds; without
// profile there is no section; an index with no shard to search prints
// an empty list; a value that is not a boolean is refused.
func TestProfileEdges(t *testing.T) {
	s := aggsIndex(t, 1, profileProps, profileDocs()...)
	code, _, got := call(t, s, "POST", "/idx/_search?human=true", `{"profile":"true","size":0,"aggs":{"a":{"avg":{"field":"price"}}}}`)
	if code != 200 || !regexp.MustCompile(`"type":"ConstantScoreQuery","description":"ConstantScore\(\*:\*\)","time":"[0-9.]+(nanos|micros|ms)","time_in_nanos":\d+,`).MatchString(got) ||
		!regexp.MustCompile(`"name":"EarlyTerminatingCollector","reason":"search_count","time":"[0-9.]+(nanos|micros|ms|s)","time_in_nanos":`).MatchString(got) ||
		!regexp.MustCompile(`"type":"AvgAggregator","description":"a","time":"[^"]+","time_in_nanos":`).MatchString(got) {
		t.Errorf("human: %d %s", code, got)
	}
	if _, _, got := call(t, s, "POST", "/idx/_search", `{"profile":false}`); strings.Contains(got, `"profile"`) {
		t.Errorf("profile false: %s", got)
	}
	call(t, s, "PUT", "/empty", `{"settings":{"index.number_of_shards":1}}`)
	call(t, s, "POST", "/empty/_close", "")
	expect(t, s, "POST", "/nothing*/_search", `{"profile":true}`, 200, `{"took":<*>,"timed_out":false,"_shards":{"total":0,"successful":0,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":0.0,"hits":[]},"profile":{"shards":[]}}`)
	expect(t, s, "POST", "/idx/_search", `{"profile":"yes"}`, 400, `<**>"type":"parsing_exception"<**>`)
}

// Each aggregation reports the aggregator class OpenSearch picks on the
// shard and its debug: the filter rewrite for top-level range and
// auto_date_histogram (a date_range ending before the last date stops the
// walk before its leaf counts), deferred sub-aggregations, terms'
// strategies, cardinality's collectors, nothing for metrics.
func TestProfileAggregatorClasses(t *testing.T) {
	s := aggsIndex(t, 1, profileProps, profileDocs()...)
	p := profileJSON(t, s, "/idx/_search", `{"profile":true,"size":0,"aggs":{
	"h":{"histogram":{"field":"price","interval":10}},
	"ad":{"auto_date_histogram":{"field":"sold","buckets":2}},
	"r":{"range":{"field":"price","ranges":[{"to":20},{"from":20}]}},
	"ru":{"range":{"field":"nope","ranges":[{"to":20}]}},
	"dr":{"date_range":{"field":"sold","ranges":[{"to":"2024-02-01"}]}},
	"f":{"filter":{"term":{"tag":"go"}},"aggs":{"lc":{"terms":{"field":"tag"}}}},
	"fs":{"filters":{"filters":{"a":{"term":{"tag":"go"}}}},"aggs":{"inner":{"auto_date_histogram":{"field":"sold"},"aggs":{"x":{"sum":{"field":"price"}}}}}},
	"mi":{"missing":{"field":"price"}},
	"pt":{"percentiles":{"field":"price"}},
	"ph":{"percentiles":{"field":"price","hdr":{}}},
	"pr":{"percentile_ranks":{"field":"price","values":[10]}},
	"st":{"stats":{"field":"price"}},
	"es":{"extended_stats":{"field":"price"}},
	"vc":{"value_count":{"field":"price"}},
	"th":{"top_hits":{"size":1}},
	"rt":{"rare_terms":{"field":"tag"},"aggs":{"y":{"min":{"field":"price"}}}},
	"sa":{"sampler":{},"aggs":{"z":{"max":{"field":"price"}}}},
	"co":{"composite":{"sources":[{"t":{"terms":{"field":"tag"}}}]}},
	"mt":{"multi_terms":{"terms":[{"field":"tag"},{"field":"price"}]}},
	"sig":{"significant_terms":{"field":"tag"}},
	"tm":{"terms":{"field":"tag","execution_hint":"map"}},
	"td":{"terms":{"field":"price"},"aggs":{"q":{"avg":{"field":"price"}}}},
	"tu":{"terms":{"field":"nope"}},
	"cu":{"cardinality":{"field":"nope"}},
	"cn":{"cardinality":{"field":"price"}}
	}}`)
	want := map[string]string{
		"h":        `NumericHistogramAggregator {"total_buckets":4}`,
		"ad":       `AutoDateHistogramAggregator.FromSingle {"inner_visited":0,"leaf_visited":1,"optimized_segments":1,"surviving_buckets":2,"unoptimized_segments":0}`,
		"r":        `RangeAggregator {"inner_visited":0,"leaf_visited":1,"optimized_segments":1,"unoptimized_segments":0}`,
		"ru":       `RangeAggregator.Unmapped null`,
		"dr":       `RangeAggregator {"inner_visited":0,"leaf_visited":0,"optimized_segments":1,"unoptimized_segments":0}`,
		"f":        `FilterAggregator null`,
		"f>lc":     `GlobalOrdinalsStringTermsAggregator {"collection_strategy":"dense","has_filter":false,"result_strategy":"terms","segments_with_multi_valued_ords":0,"segments_with_single_valued_ords":1}`,
		"fs":       `FiltersAggregator null`,
		"fs>inner": `AutoDateHistogramAggregator.FromMany {"deferred_aggregators":["x"],"surviving_buckets":3}`,
		"inner>x":  `SumAggregator null`,
		"mi":       `MissingAggregator null`,
		"pt":       `TDigestPercentilesAggregator null`,
		"ph":       `HDRPercentilesAggregator null`,
		"pr":       `TDigestPercentileRanksAggregator null`,
		"st":       `StatsAggregator null`,
		"es":       `ExtendedStatsAggregator null`,
		"vc":       `ValueCountAggregator null`,
		"th":       `TopHitsAggregator null`,
		"rt":       `StringRareTermsAggregator {"deferred_aggregators":["y"]}`,
		"rt>y":     `MinAggregator null`,
		"sa":       `SamplerAggregator {"deferred_aggregators":["z"]}`,
		"sa>z":     `MaxAggregator null`,
		"co":       `CompositeAggregator null`,
		"mt":       `MultiTermsAggregator null`,
		"sig":      `GlobalOrdinalsStringTermsAggregator {"collection_strategy":"dense","has_filter":false,"result_strategy":"significant_terms","segments_with_multi_valued_ords":0,"segments_with_single_valued_ords":1}`,
		"tm":       `MapStringTermsAggregator {"result_strategy":"terms","total_buckets":3}`,
		"td":       `NumericTermsAggregator {"deferred_aggregators":["q"],"result_strategy":"double_terms","total_buckets":4}`,
		"td>q":     `AvgAggregator null`,
		"tu":       `NonCollectingAggregator null`,
		"cu":       `CardinalityAggregator {"empty_collectors_used":1,"numeric_collectors_used":0,"ordinals_collectors_overhead_too_high":0,"ordinals_collectors_used":0,"string_hashing_collectors_used":0}`,
		"cn":       `CardinalityAggregator {"empty_collectors_used":0,"numeric_collectors_used":1,"ordinals_collectors_overhead_too_high":0,"ordinals_collectors_used":0,"string_hashing_collectors_used":0}`,
	}
	got := map[string]string{}
	var walk func(prefix string, list []any)
	walk = func(prefix string, list []any) {
		for _, a := range list {
			m := a.(map[string]any)
			d, _ := json.Marshal(m["debug"])
			got[prefix+m["description"].(string)] = m["type"].(string) + " " + string(d)
			if kids, ok := m["children"].([]any); ok {
				walk(m["description"].(string)+">", kids)
			}
		}
	}
	walk("", p["shards"].([]any)[0].(map[string]any)["aggregations"].([]any))
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got %s\nwant %s", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d profiled aggregations, want %d: %v", len(got), len(want), got)
	}
}

// Each query kind profiles as the Lucene query OpenSearch builds for it,
// described by Lucene's toString; compound queries list their parts.
func TestProfileQueryTypes(t *testing.T) {
	s := aggsIndex(t, 1, `{"tag":{"type":"keyword"},"title":{"type":"text"},"price":{"type":"double"},"sold":{"type":"date"},"c":{"type":"nested","properties":{"a":{"type":"keyword"}}}}`,
		`{"tag":"go","title":"the quick fox","price":10,"sold":"2024-01-05","c":[{"a":"x"}]}`, `{"tag":"rust","title":"lazy dog","price":20}`)
	for q, want := range map[string]string{
		`{"match":{"title":"quick dog"}}`:                                           `BooleanQuery "title:quick title:dog" [TermQuery "title:quick", TermQuery "title:dog"]`,
		`{"match_phrase":{"title":"quick fox"}}`:                                    `PhraseQuery "title:\"quick fox\""`,
		`{"prefix":{"tag":"g"}}`:                                                    `MultiTermQueryConstantScoreBlendedWrapper "tag:g*"`,
		`{"wildcard":{"tag":"g*o"}}`:                                                `MultiTermQueryConstantScoreBlendedWrapper "tag:g*o"`,
		`{"terms":{"tag":["rust","go"]}}`:                                           `MultiTermQueryConstantScoreBlendedWrapper "tag:(go rust)"`,
		`{"ids":{"values":["1"]}}`:                                                  `MultiTermQueryConstantScoreBlendedWrapper "_id:(1)"`,
		`{"exists":{"field":"price"}}`:                                              `FieldExistsQuery "FieldExistsQuery [field=price]"`,
		`{"range":{"sold":{"gte":"2024-01-01"}}}`:                                   `IndexOrDocValuesQuery "sold:[1704067200000 TO 9223372036854775807]"`,
		`{"range":{"tag":{"gte":"a"}}}`:                                             `MultiTermQueryConstantScoreBlendedWrapper "tag:[a TO *]"`,
		`{"terms":{"price":[20,10]}}`:                                               `IndexOrDocValuesQuery "price:{10.0 20.0}"`,
		`{"nested":{"path":"c","query":{"term":{"c.a":"x"}}}}`:                      `ESToParentBlockJoinQuery "ToParentBlockJoinQuery (c.a:x)"`,
		`{"match_none":{}}`:                                                         `MatchNoDocsQuery "MatchNoDocsQuery(\"User requested \"match_none\" query.\")"`,
		`{"dis_max":{"queries":[{"term":{"tag":"go"}},{"match":{"title":"fox"}}]}}`: `DisjunctionMaxQuery "(tag:go | title:fox)" [TermQuery "tag:go", TermQuery "title:fox"]`,
		`{"function_score":{"query":{"term":{"tag":"go"}},"weight":2}}`:             `FunctionScoreQuery "function score (tag:go)" [TermQuery "tag:go"]`,
		`{"constant_score":{"filter":{"term":{"tag":"go"}}}}`:                       `ConstantScoreQuery "ConstantScore(tag:go)" [TermQuery "tag:go"]`,
	} {
		p := profileJSON(t, s, "/idx/_search", `{"profile":true,"query":`+q+`}`)
		top := p["shards"].([]any)[0].(map[string]any)["searches"].([]any)[0].(map[string]any)["query"].([]any)[0].(map[string]any)
		var show func(m map[string]any) string
		show = func(m map[string]any) string {
			d, _ := json.Marshal(m["description"])
			out := m["type"].(string) + " " + string(d)
			if kids, ok := m["children"].([]any); ok {
				var parts []string
				for _, k := range kids {
					parts = append(parts, show(k.(map[string]any)))
				}
				out += " [" + strings.Join(parts, ", ") + "]"
			}
			return out
		}
		if got := show(top); got != want {
			t.Errorf("%s:\n got %s\nwant %s", q, got, want)
		}
	}
}

// A composite of one date_histogram source is counted from the BKD tree;
// a page of size buckets stops the walk once it needs more ranges, so the
// leaf it was visiting does not count.
func TestProfileCompositeRewrite(t *testing.T) {
	s := aggsIndex(t, 1, `{"date":{"type":"date"}}`, `{"date":"2016-01-01"}`, `{"date":"2016-01-02"}`, `{"date":"2016-02-01"}`, `{"date":"2016-03-01"}`)
	for size, want := range map[int]string{
		10: `{"optimized_segments":1,"unoptimized_segments":0,"inner_visited":0,"leaf_visited":1}`,
		2:  `{"optimized_segments":1,"unoptimized_segments":0,"inner_visited":0,"leaf_visited":0}`,
	} {
		body := `{"size":0,"profile":true,"aggs":{"test":{"composite":{"size":` + strconv.Itoa(size) + `,"sources":[{"date":{"date_histogram":{"field":"date","calendar_interval":"1d"}}}]}}}}`
		got := profileOf(t, s, "/idx/_search", body)
		if !strings.Contains(got, `"type":"CompositeAggregator","description":"test"`) || !strings.Contains(got, `"collect":0,"collect_count":0}`) ||
			!strings.Contains(got, `"debug":`+want) {
			t.Errorf("size %d: %s\nwant debug %s", size, got, want)
		}
	}
}

// Profiling changes nothing else in the response: hits, scores, totals and
// aggregations (top_hits and scripts included) are those of the same
// search without it, on one shard and on three.
func TestProfileKeepsResults(t *testing.T) {
	bodies := []string{
		`"query":{"match":{"tag":"go"}},"min_score":0.1,"post_filter":{"range":{"price":{"gte":20}}},"aggs":{"t":{"terms":{"field":"tag"},"aggs":{"top":{"top_hits":{"size":1,"sort":["price"]}},"s":{"scripted_metric":{"init_script":"state.n=0","map_script":"state.n+=1","combine_script":"return state.n","reduce_script":"int t=0; for (s in states) {t+=s} return t"}}}}}`,
		`"size":0,"aggs":{"g":{"global":{},"aggs":{"m":{"max":{"field":"price"}}}},"f":{"filters":{"filters":{"a":{"match_all":{}}},"other_bucket":true},"aggs":{"p":{"percentiles":{"field":"price"}}}},"h":{"date_histogram":{"field":"sold","calendar_interval":"week"}}}`,
		`"sort":["price"],"search_after":[10],"terminate_after":3,"query":{"bool":{"should":[{"term":{"tag":"go"}},{"term":{"tag":"zig"}}]}}`,
	}
	strip := func(t *testing.T, s *Server, body string) map[string]any {
		t.Helper()
		code, _, got := call(t, s, "POST", "/idx/_search", body)
		if code != 200 {
			t.Fatalf("%s: %d %s", body, code, got)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(got), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "took")
		delete(m, "profile")
		return m
	}
	for _, shards := range []int{1, 3} {
		s := aggsIndex(t, shards, profileProps, profileDocs()...)
		for _, b := range bodies {
			plain, profiled := strip(t, s, "{"+b+"}"), strip(t, s, `{"profile":true,`+b+"}")
			p, _ := json.Marshal(plain)
			q, _ := json.Marshal(profiled)
			if string(p) != string(q) {
				t.Errorf("%d shards, %s:\nplain    %s\nprofiled %s", shards, b, p, q)
			}
		}
	}
}
