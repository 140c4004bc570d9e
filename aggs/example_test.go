package aggs_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/query"
)

// Builders marshal to the aggregation DSL; put them in search.Request.Aggs.
func ExampleTerms() {
	a := aggs.Aggs{
		"by_tag": aggs.Terms("tags").
			WithSize(5).
			WithOrder(aggs.OrderBy("avg_price", aggs.Desc)).
			Sub("avg_price", aggs.Avg("price").WithMissing(0)),
		"recent": aggs.Filter(query.Range("published").Gte("now-30d/d")).
			Sub("per_day", aggs.DateHistogram("published").WithCalendarInterval(aggs.Day)),
	}
	b, err := json.Marshal(a)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	// Output:
	// {"by_tag":{"terms":{"field":"tags","size":5,"order":{"avg_price":"desc"}},"aggs":{"avg_price":{"avg":{"field":"price","missing":0}}}},"recent":{"filter":{"range":{"published":{"gte":"now-30d/d"}}},"aggs":{"per_day":{"date_histogram":{"field":"published","calendar_interval":"day"}}}}}
}

// Results decode from the typed_keys response the SDK asks for; the
// accessors take the names of the request and say what went wrong.
func ExampleAggregations_Terms() {
	body := []byte(`{"sterms#by_tag":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[
		{"key":"go","doc_count":3,"avg#avg_price":{"value":31.5}},
		{"key":"rust","doc_count":1,"avg#avg_price":{"value":null}}]}}`)
	var a aggs.Aggregations
	if err := json.Unmarshal(body, &a); err != nil {
		log.Fatal(err)
	}
	tags, err := a.Terms("by_tag")
	if err != nil {
		log.Fatal(err)
	}
	for _, b := range tags.Buckets {
		avg, _ := b.Aggregations.Avg("avg_price")
		if avg.Value == nil {
			fmt.Println(b.Key, b.DocCount, "no prices")
			continue
		}
		fmt.Println(b.Key, b.DocCount, *avg.Value)
	}
	_, err = a.DateHistogram("by_tag")
	fmt.Println(err, errors.Is(err, aggs.ErrWrongType))
	_, err = a.Terms("by_author")
	fmt.Println(err, errors.Is(err, aggs.ErrNotFound))
	// Output:
	// go 3 31.5
	// rust 1 no prices
	// aggs: aggregation "by_tag" is sterms, not date_histogram true
	// aggs: no aggregation named "by_author" true
}

// A type switch covers every result type.
func ExampleAggregate() {
	var a aggs.Aggregations
	if err := json.Unmarshal([]byte(`{"stats#price":{"count":2,"min":10.0,"max":20.0,"avg":15.0,"sum":30.0},"cardinality#authors":{"value":2}}`), &a); err != nil {
		log.Fatal(err)
	}
	for name, agg := range a.All() {
		switch r := agg.(type) {
		case *aggs.StatsAggregate:
			fmt.Println(name, "avg", *r.Avg, "of", r.Count)
		case *aggs.ValueAggregate:
			fmt.Println(name, *r.Value)
		}
	}
	// Output:
	// price avg 15 of 2
	// authors 2
}
