// Package aggs holds typed builders for OpenSearch aggregations and the typed
// results a search decodes them into.
//
// Requests: one constructor per aggregation type, returning a struct whose
// exported fields are the type's options, with chainable setters for the
// common ones. Bucket aggregations take sub-aggregations with Sub:
//
//	body := &search.Request{
//		Size: query.Ptr(0),
//		Aggs: aggs.Aggs{
//			"by_tag": aggs.Terms("tags").WithSize(20).
//				WithOrder(aggs.OrderByCount(aggs.Desc)).
//				Sub("avg_price", aggs.Avg("price")),
//			"per_day": aggs.DateHistogram("ts").WithCalendarInterval(aggs.Day),
//		},
//	}
//
// Raw and Map are escape hatches for anything the package does not model.
//
// Responses: search.Response.Aggregations is an Aggregations value. The
// search functions ask the server for typed_keys when the request has
// aggregations, so every aggregation (and every sub-aggregation inside a
// bucket) decodes into its concrete type: *TermsAggregate,
// *DateHistogramAggregate, *ValueAggregate and so on, all implementing the
// sealed Aggregate interface. Names never carry the "type#" prefix.
// Accessors by name say what went wrong:
//
//	terms, err := resp.Aggregations.Terms("by_tag")
//	// err wraps ErrNotFound or ErrWrongType
//	for _, b := range terms.Buckets {
//		avg, _ := b.Aggregations.Avg("avg_price")
//		fmt.Println(b.Key, b.DocCount, *avg.Value)
//	}
//
// Bodies without prefixes (typed_keys=false, or a stored raw response) still
// decode: by shape for Get and type switches, and as the asked type for the
// typed accessors.
package aggs

import (
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Aggregation is one aggregation of a request. Every builder of this package
// implements it, and so do Raw, Map and jsonx.RawMessage.
type Aggregation interface {
	json.Marshaler
}

// Aggs maps aggregation names to their definitions: the "aggs" object of a
// search request or of a bucket aggregation.
type Aggs map[string]Aggregation

// MarshalJSON renders the aggregations in name order after checking each
// name (OpenSearch rejects '[', ']' and '>') and that no definition is nil.
func (a Aggs) MarshalJSON() ([]byte, error) {
	names := make([]string, 0, len(a))
	for name := range a {
		names = append(names, name)
	}
	sort.Strings(names)
	out := []byte{'{'}
	for i, name := range names {
		if err := checkName(name); err != nil {
			return nil, err
		}
		agg := a[name]
		if isNil(agg) {
			return nil, errors.New("aggs: aggregation " + strconv.Quote(name) + " has no definition")
		}
		b, err := agg.MarshalJSON()
		if err != nil {
			return nil, errors.New("aggs: aggregation " + strconv.Quote(name) + ": " + err.Error())
		}
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, name)
		out = append(out, ':')
		out = append(out, b...)
	}
	return append(out, '}'), nil
}

// checkName applies the server's rule for aggregation names.
func checkName(name string) error {
	if name == "" || strings.ContainsAny(name, "[]>") {
		return errors.New("aggs: invalid aggregation name " + strconv.Quote(name) + ": names can contain any character except '[', ']', and '>'")
	}
	return nil
}

// Raw is an aggregation given as ready JSON, for example
// aggs.Raw(`{"children":{"type":"answer"}}`). It is sent as is and must
// be one JSON object.
type Raw []byte

// MarshalJSON returns the aggregation after checking that it is valid JSON.
func (r Raw) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return nil, errors.New("aggs: empty raw aggregation")
	}
	if !jsonx.Valid(r) {
		return nil, errors.New("aggs: raw aggregation is not valid JSON")
	}
	return r, nil
}

// Map is an aggregation given as a Go map, marshalled as is, for example
// aggs.Map{"children": map[string]any{"type": "answer"}}.
type Map map[string]any

// MarshalJSON renders the map.
func (m Map) MarshalJSON() ([]byte, error) {
	if len(m) == 0 {
		return nil, errors.New("aggs: empty aggregation map")
	}
	return jsonx.Marshal(map[string]any(m))
}

// render writes {"<kind>": body, "meta": meta, "aggs": subs}, the envelope of
// every aggregation.
func render(kind string, body any, meta map[string]any, subs Aggs) ([]byte, error) {
	b, err := jsonx.Marshal(body)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(kind)+len(b)+16)
	out = append(out, '{')
	out = strconv.AppendQuote(out, kind)
	out = append(out, ':')
	out = append(out, b...)
	if meta != nil {
		m, err := jsonx.Marshal(meta)
		if err != nil {
			return nil, err
		}
		out = append(out, `,"meta":`...)
		out = append(out, m...)
	}
	if len(subs) > 0 {
		s, err := subs.MarshalJSON()
		if err != nil {
			return nil, err
		}
		out = append(out, `,"aggs":`...)
		out = append(out, s...)
	}
	return append(out, '}'), nil
}

// addSub stores a sub-aggregation, creating the map on first use.
func addSub(subs *Aggs, name string, a Aggregation) {
	if *subs == nil {
		*subs = Aggs{}
	}
	(*subs)[name] = a
}
