package searchexec

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// hitSlab holds what rendering a page of hits would otherwise allocate hit
// by hit: the hits' fields, their ids, scores and sources (boxed by
// pointer, which costs nothing) and the boxed index name. The bytes written are the
// same; a search answer makes a few allocations instead of several per hit.
type hitSlab struct {
	fields  []jsonout.Field
	scores  []search.Score
	sources [][]byte
	strs    []string
	index   *indices.Index
	name    any // index's name, boxed once
}

// hitFieldsPerSlot is the room each hit gets in the slab; a hit with more
// fields grows its own object.
const hitFieldsPerSlot = 8

func newHitSlab(n int) *hitSlab {
	return &hitSlab{fields: make([]jsonout.Field, 0, n*hitFieldsPerSlot), scores: make([]search.Score, 0, n), sources: make([][]byte, 0, n), strs: make([]string, 0, n)}
}

// object returns an empty object for the next hit, backed by the slab.
func (s *hitSlab) object() jsonout.Object {
	if s == nil || cap(s.fields)-len(s.fields) < hitFieldsPerSlot {
		return make(jsonout.Object, 0, hitFieldsPerSlot)
	}
	at := len(s.fields)
	s.fields = s.fields[:at+hitFieldsPerSlot]
	return jsonout.Object(s.fields[at : at : at+hitFieldsPerSlot])
}

// indexName returns the boxed name of x.
func (s *hitSlab) indexName(x *indices.Index) any {
	if s == nil {
		return x.Name
	}
	if s.index != x {
		s.index, s.name = x, x.Name
	}
	return s.name
}

// score is scoreOrNull with the score kept in the slab.
func (s *hitSlab) score(f float32) any {
	if s == nil || math.IsNaN(float64(f)) || len(s.scores) == cap(s.scores) {
		return scoreOrNull(f)
	}
	s.scores = append(s.scores, search.Score(f))
	return &s.scores[len(s.scores)-1]
}

// source returns src as raw JSON kept in the slab (nil when it is full).
func (s *hitSlab) source(src []byte) any {
	if s == nil || len(s.sources) == cap(s.sources) {
		return nil
	}
	s.sources = append(s.sources, src)
	return rawJSON{&s.sources[len(s.sources)-1]}
}

// str returns v as a JSON string kept in the slab.
func (s *hitSlab) str(v string) any {
	if s == nil || len(s.strs) == cap(s.strs) {
		return v
	}
	s.strs = append(s.strs, v)
	return slabString{&s.strs[len(s.strs)-1]}
}

// slabString is a string held by pointer, so that boxing it allocates
// nothing; it writes what the string itself writes.
type slabString struct{ s *string }

// AppendJSON implements jsonout.Appender.
func (v slabString) AppendJSON(dst []byte) []byte { return jsonout.AppendString(dst, *v.s) }

// rawJSON is JSON written as it is, held by pointer so that boxing it
// allocates nothing; it writes what a json.RawMessage of the same bytes
// writes.
type rawJSON struct{ b *[]byte }

// AppendJSON implements jsonout.Appender.
func (r rawJSON) AppendJSON(dst []byte) []byte {
	if len(*r.b) == 0 {
		return append(dst, "null"...)
	}
	return append(dst, *r.b...)
}
