package search

import (
	"encoding/json"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

// fastDecoder reads a search response in one pass over the body: the
// members every answer has (took, _shards, the hits and each hit's
// metadata and _source) by hand, aggregations in place, and the rarer
// members (highlight, sort, fields, inner hits, suggest, profile...) with
// the codec, each from its own bytes. The codec would first copy the body,
// then copy each raw _source twice and each hit's strings once more; here a
// page's raw sources share one copy, and a hit's _index, the same on most
// hits, is copied once.
//
// It gives up (ok false) on anything it does not read exactly as the codec
// would: an escaped key, a key that differs only in case from a field's, a
// value of an unexpected kind. The caller then decodes the body with the
// codec from scratch, which also says what is wrong with a malformed body.
type fastDecoder[S any] struct {
	sc    jsonx.Scanner
	data  []byte
	slab  []byte   // the copies of raw sources, one allocation for the page
	hits  []Hit[S] // hits not yet handed out, allocated a few at a time
	index string   // the last _index read, reused while hits repeat it
}

// decodeFast decodes data into r, which must be zero, reporting false when
// the codec must decode it instead (r is then partly filled).
func (r *Result[S]) decodeFast(data []byte) bool {
	d := fastDecoder[S]{sc: jsonx.NewScanner(data), data: data}
	return d.result(r)
}

// The fields of each object the decoder reads by name, for telling an
// unknown member (skipped, as the codec does) from one the codec would
// match regardless of case.
var (
	resultFields = []string{"_scroll_id", "pit_id", "took", "timed_out", "terminated_early", "num_reduce_phases", "phase_took", "_shards", "_clusters", "hits", "aggregations", "suggest", "profile", "ext", "processor_results"}
	shardsFields = []string{"total", "successful", "skipped", "failed", "failures"}
	hitsFields   = []string{"total", "max_score", "hits", "collapse_field", "collapse_values"}
	totalFields  = []string{"value", "relation"}
	hitFields    = []string{"_index", "_id", "_score", "_version", "_seq_no", "_primary_term", "_routing", "_shard", "_node", "_nested", "_ignored", "ignored_field_values", "_source", "fields", "highlight", "sort", "matched_queries", "_explanation", "inner_hits"}
)

func (d *fastDecoder[S]) result(r *Result[S]) bool {
	sc := &d.sc
	if !sc.Open('{') {
		return false
	}
	ok := true
	for first := true; ok && sc.Next('}', &first); {
		key, plain := sc.Key()
		if !plain {
			return false
		}
		switch key {
		case "took":
			ok = d.int64(&r.Took)
		case "timed_out":
			ok = d.bool(&r.TimedOut)
		case "_shards":
			ok = d.shards(&r.Shards)
		case "hits":
			ok = d.hitsSection(&r.Hits)
		case "aggregations":
			sc.Peek()
			end, err := r.Aggregations.DecodeAt(d.data, sc.Pos())
			ok = err == nil
			sc.SetPos(end)
		case "_scroll_id":
			ok = d.str(&r.ScrollID)
		case "pit_id":
			ok = d.str(&r.PitID)
		case "terminated_early":
			ok = d.codec(&r.TerminatedEarly)
		case "num_reduce_phases":
			ok = d.codec(&r.NumReducePhases)
		case "phase_took":
			ok = d.codec(&r.PhaseTook)
		case "_clusters":
			ok = d.codec(&r.Clusters)
		case "suggest":
			ok = d.codec(&r.Suggest)
		case "profile":
			ok = d.codec(&r.Profile)
		case "ext":
			ok = d.codec(&r.Ext)
		case "processor_results":
			ok = d.codec(&r.ProcessorResults)
		default:
			ok = d.unknown(key, resultFields)
		}
	}
	sc.End()
	return ok && sc.Err() == nil
}

func (d *fastDecoder[S]) shards(s *types.ShardStatistics) bool {
	sc := &d.sc
	if sc.Null() {
		return sc.Err() == nil
	}
	if !sc.Open('{') {
		return false
	}
	ok := true
	for first := true; ok && sc.Next('}', &first); {
		key, plain := sc.Key()
		if !plain {
			return false
		}
		switch key {
		case "total":
			ok = d.int(&s.Total)
		case "successful":
			ok = d.int(&s.Successful)
		case "failed":
			ok = d.int(&s.Failed)
		case "skipped":
			ok = d.codec(&s.Skipped)
		case "failures":
			ok = d.codec(&s.Failures)
		default:
			ok = d.unknown(key, shardsFields)
		}
	}
	return ok && sc.Err() == nil
}

func (d *fastDecoder[S]) hitsSection(h *Hits[S]) bool {
	sc := &d.sc
	if sc.Null() {
		return sc.Err() == nil
	}
	if !sc.Open('{') {
		return false
	}
	ok := true
	for first := true; ok && sc.Next('}', &first); {
		key, plain := sc.Key()
		if !plain {
			return false
		}
		switch key {
		case "total":
			ok = d.total(&h.Total)
		case "max_score":
			ok = d.floatPtr(&h.MaxScore)
		case "hits":
			ok = d.hitList(&h.Hits)
		case "collapse_field":
			ok = d.str(&h.CollapseField)
		case "collapse_values":
			ok = d.codec(&h.CollapseValues)
		default:
			ok = d.unknown(key, hitsFields)
		}
	}
	return ok && sc.Err() == nil
}

// total reads hits.total: the object form by hand, the integer form
// (rest_total_hits_as_int) with TotalHits' own decoder, which remembers it.
func (d *fastDecoder[S]) total(dst **types.TotalHits) bool {
	sc := &d.sc
	if sc.Null() {
		*dst = nil
		return sc.Err() == nil
	}
	if sc.Peek() != '{' {
		return d.codec(dst)
	}
	sc.Open('{')
	var value int64
	var relation string
	ok := true
	for first := true; ok && sc.Next('}', &first); {
		key, plain := sc.Key()
		if !plain {
			return false
		}
		switch key {
		case "value":
			ok = d.int64(&value)
		case "relation":
			ok = d.str(&relation)
		default:
			ok = d.unknown(key, totalFields)
		}
	}
	if !ok || sc.Err() != nil {
		return false
	}
	*dst = &types.TotalHits{Value: value, Relation: relation}
	return true
}

func (d *fastDecoder[S]) hitList(dst *[]*Hit[S]) bool {
	sc := &d.sc
	if sc.Null() {
		*dst = nil
		return sc.Err() == nil
	}
	if !sc.Open('[') {
		return false
	}
	list := (*dst)[:0]
	if list == nil {
		list = make([]*Hit[S], 0, 10)
	}
	for first := true; sc.Next(']', &first); {
		if sc.Null() {
			list = append(list, nil)
			continue
		}
		h := d.newHit()
		if !d.hit(h) {
			return false
		}
		list = append(list, h)
	}
	*dst = list
	return sc.Err() == nil
}

// newHit returns a zero hit, from a block of hits allocated together.
func (d *fastDecoder[S]) newHit() *Hit[S] {
	if len(d.hits) == 0 {
		d.hits = make([]Hit[S], 10)
	}
	h := &d.hits[0]
	d.hits = d.hits[1:]
	return h
}

func (d *fastDecoder[S]) hit(h *Hit[S]) bool {
	sc := &d.sc
	if !sc.Open('{') {
		return false
	}
	ok := true
	for first := true; ok && sc.Next('}', &first); {
		key, plain := sc.Key()
		if !plain {
			return false
		}
		switch key {
		case "_index":
			ok = d.indexName(&h.Index)
		case "_id":
			ok = d.str(&h.ID)
		case "_score":
			ok = d.floatPtr(&h.Score)
		case "_source":
			ok = d.source(&h.Source)
		case "_version":
			ok = d.int64Ptr(&h.Version)
		case "_seq_no":
			ok = d.int64Ptr(&h.SeqNo)
		case "_primary_term":
			ok = d.int64Ptr(&h.PrimaryTerm)
		case "_routing":
			ok = d.str(&h.Routing)
		case "_shard":
			ok = d.str(&h.Shard)
		case "_node":
			ok = d.str(&h.Node)
		case "_nested":
			ok = d.codec(&h.Nested)
		case "_ignored":
			ok = d.codec(&h.Ignored)
		case "ignored_field_values":
			ok = d.codec(&h.IgnoredValues)
		case "fields":
			ok = d.codec(&h.Fields)
		case "highlight":
			ok = d.codec(&h.Highlight)
		case "sort":
			ok = d.codec(&h.Sort)
		case "matched_queries":
			ok = d.codec(&h.MatchedQueries)
		case "_explanation":
			ok = d.codec(&h.Explanation)
		case "inner_hits":
			ok = d.codec(&h.InnerHits)
		default:
			ok = d.unknown(key, hitFields)
		}
	}
	return ok && sc.Err() == nil
}

// source reads a hit's _source: a raw one is copied into the page's slab
// (capped, so appending to it cannot reach the next hit's bytes), any other
// type is decoded by the codec.
func (d *fastDecoder[S]) source(dst *S) bool {
	raw := d.sc.Skip()
	if raw == nil {
		return false
	}
	p, isRaw := any(dst).(*json.RawMessage)
	if !isRaw {
		return jsonx.Unmarshal(raw, dst) == nil
	}
	if cap(d.slab)-len(d.slab) < len(raw) {
		// What is left of the body bounds the sources still to come.
		d.slab = make([]byte, 0, len(raw)+len(d.data)-d.sc.Pos())
	}
	start := len(d.slab)
	d.slab = append(d.slab, raw...)
	*p = d.slab[start:len(d.slab):len(d.slab)]
	return true
}

// codec decodes the next value into dst with the JSON codec.
func (d *fastDecoder[S]) codec(dst any) bool {
	raw := d.sc.Skip()
	return raw != nil && jsonx.Unmarshal(raw, dst) == nil
}

// unknown passes over the value of a member no field is named after, as
// the codec does, unless the codec would match it to a field regardless
// of case.
func (d *fastDecoder[S]) unknown(key string, fields []string) bool {
	for _, f := range fields {
		if strings.EqualFold(key, f) {
			return false
		}
	}
	return d.sc.Skip() != nil
}

// str reads a string; null leaves dst as it is, as with the codec.
func (d *fastDecoder[S]) str(dst *string) bool {
	sc := &d.sc
	if sc.Null() {
		return sc.Err() == nil
	}
	start := sc.Pos()
	s, plain := sc.Str()
	if sc.Err() != nil {
		return false
	}
	if !plain {
		return jsonx.Unmarshal(d.data[start:sc.Pos()], dst) == nil
	}
	*dst = strings.Clone(s)
	return true
}

// indexName reads an _index, sharing the copy of the previous hit's.
func (d *fastDecoder[S]) indexName(dst *string) bool {
	sc := &d.sc
	if sc.Peek() == '"' {
		start := sc.Pos()
		s, plain := sc.Str()
		if plain && sc.Err() == nil {
			if s != d.index {
				d.index = strings.Clone(s)
			}
			*dst = d.index
			return true
		}
		sc.SetPos(start)
	}
	return d.str(dst)
}

func (d *fastDecoder[S]) bool(dst *bool) bool {
	sc := &d.sc
	if !sc.Null() {
		*dst = sc.Bool()
	}
	return sc.Err() == nil
}

func (d *fastDecoder[S]) int64(dst *int64) bool {
	sc := &d.sc
	if sc.Null() {
		return sc.Err() == nil
	}
	n, ok := sc.Int()
	if ok {
		*dst = n
	}
	return ok
}

func (d *fastDecoder[S]) int(dst *int) bool {
	sc := &d.sc
	if sc.Null() {
		return sc.Err() == nil
	}
	n, ok := sc.Int()
	if !ok || int64(int(n)) != n {
		return false
	}
	*dst = int(n)
	return true
}

func (d *fastDecoder[S]) int64Ptr(dst **int64) bool {
	sc := &d.sc
	if sc.Null() {
		*dst = nil
		return sc.Err() == nil
	}
	n, ok := sc.Int()
	if ok {
		*dst = &n
	}
	return ok
}

func (d *fastDecoder[S]) floatPtr(dst **float64) bool {
	sc := &d.sc
	if sc.Null() {
		*dst = nil
		return sc.Err() == nil
	}
	f, ok := sc.Float()
	if ok {
		*dst = &f
	}
	return ok
}
