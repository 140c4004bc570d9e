package rest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// aggsFuzzMapping holds every common field type, so fuzzed aggregations meet
// each values source: keyword, text with fielddata, the numbers, dates,
// boolean, ip, unsigned_long, geo_point, nested objects, a range, a
// rank_feature and a knn_vector.
const aggsFuzzMapping = `"mappings":{"properties":{
"k":{"type":"keyword"},"t":{"type":"text","fielddata":true},"l":{"type":"long"},"i":{"type":"integer"},
"d":{"type":"double"},"f":{"type":"float"},"dt":{"type":"date"},"dn":{"type":"date_nanos"},"b":{"type":"boolean"},
"ip":{"type":"ip"},"u":{"type":"unsigned_long"},"g":{"type":"geo_point"},"sf":{"type":"scaled_float","scaling_factor":100},
"r":{"type":"integer_range"},"rf":{"type":"rank_feature"},"v":{"type":"knn_vector","dimension":2},"n":{"type":"nested","properties":{"k":{"type":"keyword"},"l":{"type":"long"}}}}}`

// aggsFuzzDocs are the documents of the aggregation fuzz indexes: multi-
// valued fields, a document missing most of them, extreme numbers.
var aggsFuzzDocs = []string{
	`{"k":"a","t":"the quick fox","l":1,"i":3,"d":1.5,"f":0.25,"dt":"2020-01-01T00:00:00Z","dn":"2020-01-01T00:00:00.123456789Z","b":true,"ip":"10.0.0.1","u":18446744073709551615,"g":{"lat":52.37,"lon":4.89},"sf":1.23,"r":{"gte":1,"lte":5},"rf":2.5,"v":[1,2],"n":[{"k":"x","l":1},{"k":"y","l":2}]}`,
	`{"k":["b","c"],"t":"lazy dog","l":[-9223372036854775808,9223372036854775807],"i":-1,"d":[-1e300,1e300],"f":3.5,"dt":["1970-01-01","2024-02-29T12:00:00Z"],"dn":"2024-01-01","b":[false,true],"ip":["::1","192.168.1.1"],"u":0,"g":["48.85,2.35",[-122.4,37.7]],"sf":-5,"r":{"gte":-10,"lt":0},"n":{"k":"x","l":3}}`,
	`{"k":"a","t":"quick quick brown","l":5,"d":0,"dt":"2021-06-15","b":false,"ip":"2001:db8::1","u":9223372036854775808,"g":"u173zq","sf":0,"rf":0.5,"v":[-3.5,1e10]}`,
	`{"other":1}`,
	`{"k":"d","l":7,"i":0,"d":2.25,"dt":"2020-01-03T10:00:00Z","n":[]}`,
}

// aggsFuzzServer is a search server with two indexes of aggsFuzzDocs: a1
// on one shard and a3 on three.
func aggsFuzzServer(t testing.TB) http.Handler {
	t.Helper()
	v, _ := version.Parse("2.19.0")
	c := clock.NewManual(time.Date(2024, 5, 18, 10, 30, 0, 0, time.UTC))
	b := &Backend{Cluster: cluster.New("fuzz", 1, v), Indices: indices.New(c, v), Clock: c}
	srv := NewServer(b.Routes()...)
	srv.Add(b.SearchRoutes()...)
	for _, idx := range []struct{ name, shards string }{{"a1", "1"}, {"a3", "3"}} {
		if code, out := serve(srv, "PUT", "/"+idx.name, `{"settings":{"number_of_shards":`+idx.shards+`},`+aggsFuzzMapping+`}`); code != 200 {
			t.Fatalf("create %s: %d %s", idx.name, code, out)
		}
		var bulk strings.Builder
		for _, d := range aggsFuzzDocs {
			bulk.WriteString("{\"index\":{}}\n" + d + "\n")
		}
		if code, out := serve(srv, "POST", "/"+idx.name+"/_bulk?refresh=true", bulk.String()); code != 200 || strings.Contains(out, `"errors":true`) {
			t.Fatalf("bulk %s: %d %s", idx.name, code, out)
		}
	}
	return srv
}

// serve runs one request through h without a network round trip.
func serve(h http.Handler, method, target, body string) (int, string) {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if strings.Contains(target, "_bulk") || strings.Contains(target, "_msearch") {
		req.Header.Set("Content-Type", "application/x-ndjson")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// realServer5xx are the error types OpenSearch itself answers with a 5xx
// status for an aggregation request: the bucket limit, and the Java
// exceptions the engine mirrors where OpenSearch lets one escape (an HDR
// histogram fed a negative value, a missing adjacency_matrix filters, a
// null bucket value in bucket_sort, bad order paths, a parent pipeline
// under a single-bucket aggregation, ...).
var realServer5xx = []string{`"type":"too_many_buckets_exception"`, `"type":"array_index_out_of_bounds_exception"`,
	`"type":"aggregation_execution_exception"`, `"type":"illegal_state_exception"`, `"type":"null_pointer_exception"`,
	`"type":"unsupported_operation_exception"`, `"type":"class_cast_exception","reason":"class org.opensearch.search.aggregations.bucket.`}

// checkAggsAnswer fails unless the answer to an aggregation search is what
// OpenSearch could give: valid JSON, 200 or a 4xx error envelope, a 5xx
// only of a type the real server answers with one (or the fake's 501).
func checkAggsAnswer(t *testing.T, idx, aggs string, code int, out string) {
	t.Helper()
	if !json.Valid([]byte(out)) {
		t.Fatalf("%s %s: status %d, invalid JSON %q", idx, aggs, code, out)
	}
	if code == 200 || code == 501 {
		return
	}
	if code >= 500 && !realServer500(out) {
		ok := false
		for _, s := range realServer5xx {
			ok = ok || strings.Contains(out, s)
		}
		if !ok {
			t.Fatalf("%s %s: status %d: %s", idx, aggs, code, out)
		}
	}
	checkShaped(t, min(code, 499), out)
}

// aggsFuzzSeeds has a valid body of every registered aggregation type, and
// nested combinations: sub-aggregations, pipelines with buckets_path,
// scripts.
var aggsFuzzSeeds = []string{
	`{"x":{"avg":{"field":"l"}},"y":{"sum":{"field":"d","missing":1}},"z":{"min":{"field":"dt"}},"w":{"max":{"field":"u"}}}`,
	`{"x":{"value_count":{"field":"k"}},"y":{"stats":{"field":"sf"}},"z":{"extended_stats":{"field":"i","sigma":3}}}`,
	`{"x":{"cardinality":{"field":"ip","precision_threshold":1}},"y":{"cardinality":{"field":"t"}}}`,
	`{"x":{"terms":{"field":"k","size":2,"order":{"m":"desc"},"show_term_doc_count_error":true},"aggs":{"m":{"max":{"field":"l"}}}}}`,
	`{"x":{"terms":{"field":"ip","include":{"partition":0,"num_partitions":2},"missing":"1.1.1.1"}},"y":{"terms":{"field":"t","include":"qu.*","exclude":["fox"]}},"z":{"terms":{"field":"b","value_type":"boolean"}}}`,
	`{"x":{"histogram":{"field":"d","interval":0.5,"offset":0.1,"min_doc_count":0,"extended_bounds":{"min":-3,"max":3}}}}`,
	`{"x":{"histogram":{"field":"sf","interval":1e-300}}}`,
	`{"x":{"date_histogram":{"field":"dt","calendar_interval":"month","time_zone":"+01:00","format":"yyyy-MM","min_doc_count":0}}}`,
	`{"x":{"date_histogram":{"field":"dn","fixed_interval":"1ms","hard_bounds":{"min":"2020-01-01","max":"2020-01-02"}}}}`,
	`{"x":{"date_histogram":{"field":"dt","fixed_interval":"1ms"}}}`,
	`{"x":{"range":{"field":"l","ranges":[{"to":2},{"from":2,"to":6,"key":"mid"},{"from":6}],"keyed":true}}}`,
	`{"x":{"date_range":{"field":"dt","format":"yyyy","ranges":[{"to":"now-4y/y"},{"from":"2020"}]}}}`,
	`{"x":{"filter":{"term":{"k":"a"}},"aggs":{"y":{"filters":{"filters":{"q":{"match":{"t":"quick"}}},"other_bucket_key":"o"}}}}}`,
	`{"x":{"filters":{"filters":[{"range":{"l":{"gte":1}}},{"exists":{"field":"g"}}],"other_bucket":true}}}`,
	`{"x":{"missing":{"field":"ip"}},"y":{"global":{},"aggs":{"z":{"avg":{"field":"d"}}}}}`,
	`{"x":{"percentiles":{"field":"l","percents":[1,50,99.9],"keyed":false}},"y":{"percentile_ranks":{"field":"d","values":[0,2],"hdr":{"number_of_significant_value_digits":3}}}}`,
	`{"x":{"percentiles":{"field":"d","tdigest":{"compression":1e9}}}}`,
	`{"x":{"median_absolute_deviation":{"field":"i","compression":50}},"y":{"weighted_avg":{"value":{"field":"d"},"weight":{"field":"i","missing":1}}}}`,
	`{"x":{"terms":{"field":"k"},"aggs":{"h":{"top_hits":{"size":1,"sort":[{"l":"desc"}],"_source":["k"],"highlight":{"fields":{"t":{}}},"version":true,"seq_no_primary_term":true,"explain":true}}}}}`,
	`{"x":{"scripted_metric":{"init_script":"state.s = 0","map_script":"state.s += doc['l'].size()","combine_script":"return state.s","reduce_script":"long t = 0; for (s in states) { t += s } return t"}}}`,
	`{"x":{"geo_bounds":{"field":"g","wrap_longitude":false}},"y":{"geo_centroid":{"field":"g"}},"z":{"matrix_stats":{"fields":["l","d"]}}}`,
	`{"x":{"multi_terms":{"terms":[{"field":"k"},{"field":"b"}],"size":3}}}`,
	`{"x":{"auto_date_histogram":{"field":"dt","buckets":3,"minimum_interval":"day"}}}`,
	`{"x":{"auto_date_histogram":{"field":"dt","buckets":1000000000}}}`,
	`{"x":{"variable_width_histogram":{"field":"d","buckets":2}}}`,
	`{"x":{"nested":{"path":"n"},"aggs":{"y":{"terms":{"field":"n.k"},"aggs":{"z":{"reverse_nested":{},"aggs":{"w":{"terms":{"field":"k"}}}}}}}}}`,
	`{"x":{"composite":{"size":2,"sources":[{"a":{"terms":{"field":"k","missing_bucket":true}}},{"h":{"histogram":{"field":"l","interval":5}}},{"d":{"date_histogram":{"field":"dt","calendar_interval":"1d"}}}],"after":{"a":"a","h":0,"d":0}}}}`,
	`{"x":{"significant_terms":{"field":"k","min_doc_count":1}},"y":{"significant_text":{"field":"t","min_doc_count":1}}}`,
	`{"x":{"sampler":{"shard_size":2},"aggs":{"y":{"terms":{"field":"k"}}}},"z":{"diversified_sampler":{"field":"k","max_docs_per_value":1}}}`,
	`{"x":{"rare_terms":{"field":"k","max_doc_count":2}},"y":{"adjacency_matrix":{"filters":{"a":{"term":{"k":"a"}},"b":{"term":{"b":true}}}}}}`,
	`{"x":{"ip_range":{"field":"ip","ranges":[{"mask":"10.0.0.0/8"},{"from":"::1"}]}},"y":{"geo_distance":{"field":"g","origin":"52,4","unit":"km","ranges":[{"to":100},{"from":100}]}}}`,
	`{"x":{"geohash_grid":{"field":"g","precision":12}},"y":{"geotile_grid":{"field":"g","precision":29,"bounds":{"top_left":"60,0","bottom_right":"40,10"}}}}`,
	`{"x":{"children":{"type":"c"}},"y":{"parent":{"type":"c"}}}`,
	`{"h":{"date_histogram":{"field":"dt","calendar_interval":"year"},"aggs":{"s":{"sum":{"field":"l"}},"d":{"derivative":{"buckets_path":"s"}},"c":{"cumulative_sum":{"buckets_path":"s"}},"m":{"moving_fn":{"buckets_path":"s","window":2,"script":"MovingFunctions.unweightedAvg(values)"}},"v":{"moving_avg":{"buckets_path":"s","model":"holt"}},"sd":{"serial_diff":{"buckets_path":"s","lag":1}}}},"a":{"avg_bucket":{"buckets_path":"h>s"}},"b":{"sum_bucket":{"buckets_path":"h>_count"}},"mi":{"min_bucket":{"buckets_path":"h>s"}},"ma":{"max_bucket":{"buckets_path":"h>s"}}}`,
	`{"t":{"terms":{"field":"k"},"aggs":{"s":{"stats":{"field":"d"}},"bs":{"bucket_script":{"buckets_path":{"a":"s.avg","c":"_count"},"script":"params.a * params.c"}},"sel":{"bucket_selector":{"buckets_path":{"c":"_count"},"script":"params.c > 1"}},"srt":{"bucket_sort":{"sort":[{"s.max":"desc"}],"size":1}}}},"st":{"stats_bucket":{"buckets_path":"t>s.sum"}},"es":{"extended_stats_bucket":{"buckets_path":"t>_count","sigma":1}},"pb":{"percentiles_bucket":{"buckets_path":"t>s.avg","percents":[50]}}}`,
	`{"x":{"terms":{"script":{"source":"doc['l'].size() > 0 ? doc['l'].value : -1"},"size":1000000000,"shard_size":2147483647}}}`,
	`{"x":{"histogram":{"field":"l","interval":1,"min_doc_count":0}}}`,
	`{"x":{"date_histogram":{"field":"dt","fixed_interval":"1ms","min_doc_count":0}}}`,
	`{"x":{"date_histogram":{"field":"dt","calendar_interval":"1d","extended_bounds":{"min":"1000-01-01","max":"9000-01-01"}}}}`,
	`{"x":{"terms":{"field":"r"}},"y":{"histogram":{"field":"r","interval":2}},"z":{"avg":{"field":"g"}}}`,
	`{"x":{"nested":{"path":"n"},"aggs":{"y":{"top_hits":{"size":2}}}},"z":{"terms":{"field":"u","order":{"_key":"asc"}},"meta":{"m":1}}}`,
}

// FuzzSearchAggs runs searches with fuzzed aggs bodies over indexes holding
// every common field type, on one shard and on three: no panic, no hang,
// valid JSON, and a status OpenSearch could answer (200, a 4xx error, the
// 503 of too_many_buckets, or the fake's 501 for what it does not do).
//
//	go test ./internal/engine/rest -run '^$' -fuzz '^FuzzSearchAggs$' -parallel 1 -fuzztime 60s -fuzzminimizetime 10s
func FuzzSearchAggs(f *testing.F) {
	for _, s := range aggsFuzzSeeds {
		f.Add(s)
	}
	srv := aggsFuzzServer(f)
	f.Fuzz(func(t *testing.T, aggs string) {
		if !json.Valid([]byte(aggs)) {
			return // the request parser's own fuzzers cover broken JSON
		}
		for _, idx := range []string{"a1", "a3"} {
			start := time.Now()
			code, out := serve(srv, "POST", "/"+idx+"/_search?typed_keys", `{"size":0,"aggs":`+aggs+`}`)
			if d := time.Since(start); d > 3*time.Second {
				t.Fatalf("%s %s: took %v", idx, aggs, d)
			}
			checkAggsAnswer(t, idx, aggs, code, out)
		}
	})
}

// FuzzSearchAggsTyped builds always-valid aggs bodies from typed parts (a
// type, a field, two options with a number and a string, sub-aggregations
// or not), so the mutator explores values instead of breaking the JSON.
//
//	go test ./internal/engine/rest -run '^$' -fuzz '^FuzzSearchAggsTyped$' -parallel 1 -fuzztime 60s -fuzzminimizetime 10s
func FuzzSearchAggsTyped(f *testing.F) {
	fields := []string{"k", "t", "l", "i", "d", "f", "dt", "dn", "b", "ip", "u", "g", "sf", "r", "n.k", "nope"}
	for i, typ := range []string{"avg", "sum", "min", "max", "value_count", "stats", "extended_stats", "cardinality", "terms", "histogram",
		"date_histogram", "range", "date_range", "missing", "percentiles", "percentile_ranks", "median_absolute_deviation", "top_hits",
		"multi_terms", "auto_date_histogram", "variable_width_histogram", "significant_terms", "significant_text", "diversified_sampler",
		"rare_terms", "ip_range", "geo_distance", "geohash_grid", "geotile_grid", "geo_bounds", "geo_centroid"} {
		f.Add(typ, fields[i%len(fields)], "interval", 1.0, "format", "yyyy", i%2 == 0)
		f.Add(typ, fields[(i+5)%len(fields)], "size", 3.0, "missing", "1", false)
	}
	f.Add("histogram", "d", "interval", 1e-300, "min_doc_count", "0", true)
	f.Add("date_histogram", "dt", "fixed_interval", 0.0, "fixed_interval", "1ms", false)
	f.Add("percentiles", "d", "compression", 1e9, "method", "tdigest", false)
	f.Add("geohash_grid", "g", "precision", 12.0, "size", "1000000", true)
	f.Add("auto_date_histogram", "dt", "buckets", 1e9, "minimum_interval", "second", true)
	f.Add("range", "ip", "ranges", 0.0, "keyed", "true", true)
	f.Add("terms", "k", "size", 0.0, "execution_hint", "map", true)
	srv := aggsFuzzServer(f)
	f.Fuzz(func(t *testing.T, typ, field, k1 string, v1 float64, k2, v2 string, subs bool) {
		q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
		num, err := json.Marshal(v1)
		if err != nil {
			return // NaN or an infinity: not JSON
		}
		v2json := q(v2)
		if json.Valid([]byte(v2)) && v2 != "" {
			v2json = v2 // a literal number, object or array
		}
		body := `{"x":{` + q(typ) + `:{"field":` + q(field) + `,` + q(k1) + `:` + string(num) + `,` + q(k2) + `:` + v2json + `}`
		if subs {
			body += `,"aggs":{"s":{"avg":{"field":"l"}},"c":{"cumulative_sum":{"buckets_path":"s"}},"h":{"top_hits":{"size":1}}}`
		}
		body += `},"y":{"max_bucket":{"buckets_path":"x>_count"}}}`
		if !json.Valid([]byte(body)) {
			return
		}
		for _, idx := range []string{"a1", "a3"} {
			start := time.Now()
			code, out := serve(srv, "POST", "/"+idx+"/_search?typed_keys", `{"size":0,"aggs":`+body+`}`)
			if d := time.Since(start); d > 3*time.Second {
				t.Fatalf("%s %s: took %v", idx, body, d)
			}
			checkAggsAnswer(t, idx, body, code, out)
		}
	})
}

// FuzzSearchQueries runs fuzzed query bodies of the newer query types
// (span_*, intervals, more_like_this, terms_set, distance_feature,
// rank_feature, geo queries, knn) over the aggregation fuzz indexes: the
// same checks as the aggregation fuzzers.
//
//	go test ./internal/engine/rest -run '^$' -fuzz '^FuzzSearchQueries$' -parallel 1 -fuzztime 60s -fuzzminimizetime 10s
func FuzzSearchQueries(f *testing.F) {
	for _, s := range []string{
		`{"span_near":{"clauses":[{"span_term":{"t":"quick"}},{"span_multi":{"match":{"prefix":{"t":"f"}}}}],"slop":1,"in_order":true}}`,
		`{"span_or":{"clauses":[{"span_first":{"match":{"span_term":{"t":"lazy"}},"end":2}},{"span_not":{"include":{"span_term":{"t":"quick"}},"exclude":{"span_term":{"t":"brown"}},"pre":1,"post":1}}]}}`,
		`{"span_containing":{"big":{"span_near":{"clauses":[{"span_term":{"t":"the"}},{"span_term":{"t":"fox"}}],"slop":5}},"little":{"span_term":{"t":"quick"}}}}`,
		`{"span_within":{"big":{"span_near":{"clauses":[{"span_term":{"t":"the"}},{"span_term":{"t":"fox"}}],"slop":5}},"little":{"field_masking_span":{"query":{"span_term":{"t":"quick"}},"field":"t"}}}}`,
		`{"intervals":{"t":{"all_of":{"ordered":true,"max_gaps":2,"intervals":[{"match":{"query":"quick"}},{"any_of":{"intervals":[{"match":{"query":"fox"}},{"prefix":{"prefix":"bro"}},{"wildcard":{"pattern":"b*n"}},{"fuzzy":{"term":"foz"}}]}}],"filter":{"not_containing":{"match":{"query":"lazy"}}}}}}}`,
		`{"more_like_this":{"fields":["t"],"like":["quick fox",{"_index":"a1","_id":"1"},{"doc":{"t":"lazy brown dog"}}],"min_term_freq":1,"min_doc_freq":1,"max_query_terms":25,"minimum_should_match":"30%"}}`,
		`{"terms_set":{"k":{"terms":["a","b","c"],"minimum_should_match_field":"i"}}}`,
		`{"terms_set":{"k":{"terms":["a","b"],"minimum_should_match_script":{"source":"Math.min(params.num_terms, doc['l'].value)"}}}}`,
		`{"distance_feature":{"field":"dt","pivot":"7d","origin":"now"}}`,
		`{"distance_feature":{"field":"g","pivot":"1000km","origin":[4.89,52.37],"boost":2}}`,
		`{"rank_feature":{"field":"l","saturation":{"pivot":8}}}`,
		`{"geo_distance":{"distance":"500km","g":{"lat":50,"lon":5},"distance_type":"plane"}}`,
		`{"geo_bounding_box":{"g":{"top_left":"60,-10","bottom_right":"40,20"},"validation_method":"COERCE"}}`,
		`{"geo_polygon":{"g":{"points":[[0,40],[10,40],[10,60],[0,60]]}}}`,
		`{"geo_shape":{"g":{"shape":{"type":"envelope","coordinates":[[0,60],[10,40]]},"relation":"intersects"}}}`,
		`{"knn":{"v":{"vector":[1,2],"k":2}}}`,
		`{"bool":{"should":[{"span_term":{"k":"a"}},{"intervals":{"k":{"match":{"query":"a","max_gaps":-1}}}}],"minimum_should_match":1}}`,
	} {
		f.Add(s)
	}
	srv := aggsFuzzServer(f)
	f.Fuzz(func(t *testing.T, query string) {
		if !json.Valid([]byte(query)) {
			return
		}
		for _, idx := range []string{"a1", "a3"} {
			start := time.Now()
			code, out := serve(srv, "POST", "/"+idx+"/_search", `{"query":`+query+`}`)
			if d := time.Since(start); d > 3*time.Second {
				t.Fatalf("%s %s: took %v", idx, query, d)
			}
			checkAggsAnswer(t, idx, query, code, out)
		}
	})
}

// FuzzSearchAggsPipelines nests a fuzzed pipeline (type, buckets_path,
// gap_policy, script) under a fuzzed parent aggregation and beside it,
// over sub-aggregations of every kind of result.
//
//	go test ./internal/engine/rest -run '^$' -fuzz '^FuzzSearchAggsPipelines$' -parallel 1 -fuzztime 60s -fuzzminimizetime 10s
func FuzzSearchAggsPipelines(f *testing.F) {
	parents := []string{`"terms":{"field":"k"}`, `"histogram":{"field":"l","interval":3}`, `"date_histogram":{"field":"dt","calendar_interval":"year"}`,
		`"auto_date_histogram":{"field":"dt","buckets":3}`, `"filters":{"filters":{"a":{"match_all":{}}}}`, `"range":{"field":"d","ranges":[{"to":1}]}`,
		`"nested":{"path":"n"}`, `"composite":{"sources":[{"a":{"terms":{"field":"k"}}}]}`, `"significant_terms":{"field":"k"}`,
		`"multi_terms":{"terms":[{"field":"k"},{"field":"l"}]}`, `"geohash_grid":{"field":"g"}`, `"rare_terms":{"field":"k"}`, `"filter":{"match_all":{}}`,
		`"adjacency_matrix":{"filters":{"a":{"match_all":{}}}}`, `"variable_width_histogram":{"field":"d"}`, `"ip_range":{"field":"ip","ranges":[{"to":"::1"}]}`}
	pipes := []string{"avg_bucket", "sum_bucket", "min_bucket", "max_bucket", "stats_bucket", "extended_stats_bucket", "percentiles_bucket",
		"derivative", "cumulative_sum", "moving_fn", "moving_avg", "serial_diff", "bucket_script", "bucket_selector", "bucket_sort"}
	paths := []string{"s", "_count", "st.avg", "p[50.0]", "f>s", "_key", "h.value", "t._bucket_count", "st.std_deviation_bounds.upper"}
	for i, p := range pipes {
		f.Add(parents[i%len(parents)], p, paths[i%len(paths)], "skip", "params._value0 + 1", uint8(i))
		f.Add(parents[(i+7)%len(parents)], p, paths[(i+3)%len(paths)], "insert_zeros", "MovingFunctions.max(values)", uint8(i+1))
	}
	srv := aggsFuzzServer(f)
	f.Fuzz(func(t *testing.T, parent, pipe, path, gap, script string, opts uint8) {
		q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
		bp := q(path)
		if opts&1 != 0 {
			bp = `{"a":` + q(path) + `}`
		}
		pipeBody := `{` + q(pipe) + `:{"buckets_path":` + bp + `,"gap_policy":` + q(gap) + `,"script":` + q(script)
		if opts&2 != 0 {
			pipeBody += `,"window":` + string('0'+rune(opts>>4)) + `,"lag":` + string('0'+rune(opts>>4))
		}
		pipeBody += `}}`
		subs := `"s":{"sum":{"field":"l"}},"st":{"extended_stats":{"field":"d"}},"p":{"percentiles":{"field":"i"}},"f":{"filter":{"term":{"b":true}},"aggs":{"s":{"max":{"field":"d"}}}},"h":{"cardinality":{"field":"k"}},"t":{"terms":{"field":"ip"}}`
		body := `{"x":{` + parent + `,"aggs":{` + subs + `,"pp":` + pipeBody + `}}`
		if opts&4 != 0 {
			body += `,"sib":` + strings.Replace(pipeBody, q(path), q("x>"+path), 1)
		}
		body += `}`
		if !json.Valid([]byte(body)) {
			return
		}
		for _, idx := range []string{"a1", "a3"} {
			start := time.Now()
			code, out := serve(srv, "POST", "/"+idx+"/_search?typed_keys", `{"size":0,"aggs":`+body+`}`)
			if d := time.Since(start); d > 3*time.Second {
				t.Fatalf("%s %s: took %v", idx, body, d)
			}
			checkAggsAnswer(t, idx, body, code, out)
		}
	})
}
