package dsl

import (
	"errors"
	"testing"
	"time"
)

var fuzzSeeds = []string{
	`{"match_all":{}}`,
	`{"bool":{"must":[{"match":{"t":{"query":"a b","operator":"and","fuzziness":"AUTO:2,5"}}}],"filter":{"range":{"d":{"gte":"now-1d/d"}}},"should":[],"must_not":[{"terms":{"x":[1,2]}}],"minimum_should_match":"2<75%"}}`,
	`{"function_score":{"query":{"term":{"a":"b"}},"functions":[{"gauss":{"d":{"origin":"now","scale":"1d"}}},{"weight":2}],"boost_mode":"sum"}}`,
	`{"nested":{"path":"p","query":{"multi_match":{"query":"x","fields":["a^2","b"],"type":"cross_fields"}}}}`,
	`{"query_string":{"query":"a AND b","fields":["x"]}}`,
	`{"simple_query_string":{"query":"a","flags":3}}`,
	`{"dis_max":{"queries":{"prefix":{"f":"x"}}}}`,
	`{"ids":{"values":["1",2]}}`,
	`{"constant_score":{"filter":{"exists":{"field":"f"}}}}`,
	`{"regexp":{"f":{"value":"a.*","flags":"ALL"}}}`,
	`{"fuzzy":{"f":{"value":"x","fuzziness":2}}}`,
	`{"match":{"f":["a"]}}`,
	`{"bool":{"must":null}}`,
	`{"knn":{"v":{"vector":[1,2.5],"k":3,"filter":{"term":{"a":"b"}},"method_parameters":{"ef_search":10},"rescore":{"oversample_factor":2},"expand_nested_docs":true}}}`,
	`{"knn":{"v":{"vector":["1"],"max_distance":"0.5","rescore":false}}}`,
	`{"knn":{"v":[1,2]}}`,
}

// FuzzParse checks that no input makes the parser panic and that every
// rejection is an OpenSearch-shaped *Error (400, or 500 where OpenSearch
// itself answers 500).
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := ParseJSON(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Status != 400 && e.Status != 500) || e.Type == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		if q == nil || q.Kind() == "" || q.Common() == nil {
			t.Fatalf("nil query without error")
		}
	})
}

// FuzzDateMath checks date math and formats never panic.
func FuzzDateMath(f *testing.F) {
	for _, s := range []string{"now-1d/d", "2024-01-01||+1M/M", "2024-01-15T10:20:30.5+01:00", "1700000000000", "now+", "15/01/2024"} {
		f.Add(s, "strict_date_optional_time||epoch_millis||dd/MM/yyyy", true)
	}
	now := time.Date(2024, 3, 15, 13, 45, 30, 0, time.UTC)
	f.Fuzz(func(t *testing.T, expr, format string, roundUp bool) {
		df, err := ParseDateFormat(format)
		if err != nil {
			if err.Status != 400 {
				t.Fatalf("format error %v", err)
			}
			return
		}
		if _, err := ParseDateMath(expr, now, df, nil, roundUp); err != nil && err.Type == "" {
			t.Fatalf("untyped error")
		}
	})
}

// FuzzMinimumShouldMatch checks the spec calculator never panics nor goes
// negative.
func FuzzMinimumShouldMatch(f *testing.F) {
	for _, s := range []string{"3", "-25%", "2<-25% 9<-3", "3<", "<"} {
		f.Add(5, s)
	}
	f.Fuzz(func(t *testing.T, n int, spec string) {
		if n < 0 || n > 1<<20 {
			return
		}
		if got, err := MinimumShouldMatch(n, spec); err == nil && got < 0 {
			t.Fatalf("negative result %d", got)
		}
	})
}

var benchQuery = []byte(`{
  "bool": {
    "must": [
      {"match": {"title": {"query": "quick brown fox", "operator": "and"}}},
      {"range": {"published": {"gte": "now-1d/d", "lt": "now/d"}}}
    ],
    "filter": [
      {"term": {"status.keyword": "active"}},
      {"terms": {"tags": ["a", "b", "c"]}},
      {"exists": {"field": "author"}}
    ],
    "should": [{"match_phrase": {"body": {"query": "lazy dog", "slop": 2}}}],
    "must_not": [{"ids": {"values": ["1", "2"]}}],
    "minimum_should_match": 1
  }
}`)

// BenchmarkParseBool parses a typical bool query from bytes (JSON reading
// included).
func BenchmarkParseBool(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ParseJSON(benchQuery); err != nil {
			b.Fatal(err)
		}
	}
}
