package search

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// scoreHost gives a score script's randomScore and term statistics
// functions the document being scored and its shard (ScoreScript).
type scoreHost struct{ s *searchScript }

// RandomScore is ScoreScriptUtils.RandomScoreDoc (field "": the document's
// number in the shard) and RandomScoreField (the string form of the field's
// first doc value), murmur3-hashed with the seed mixed with a salt of the
// index name and shard; the low 24 bits make the score.
func (h scoreHost) RandomScore(seed int32, field string) (float64, bool) {
	c := h.s.c
	salt := javaHash(c.idx.Name)<<10 | int32(c.shard)
	salted := bitMix(salt, seed)
	var value string
	if field == "" {
		value = strconv.Itoa(int(h.s.slot))
	} else {
		f, ok := h.s.docField(field)
		if !ok {
			return 0, false
		}
		switch f.Kind {
		case painless.DocStrings:
			vs := f.Strings(nil)
			if len(vs) == 0 {
				return 0, false
			}
			value = vs[0]
		case painless.DocDoubles:
			vs := f.Doubles(nil)
			if len(vs) == 0 {
				return 0, false
			}
			value = javafmt.Double(vs[0])
		default:
			if f.Longs == nil {
				return 0, false
			}
			vs := f.Longs(nil)
			if len(vs) == 0 {
				return 0, false
			}
			value = strconv.FormatInt(vs[0], 10)
		}
	}
	hash := murmur3([]byte(value), salted)
	return float64(float32(hash&0xFFFFFF) / float32(1<<24)), true
}

// TermFreq is the term's frequency in the current document's field.
func (h scoreHost) TermFreq(field, term string) int32 {
	it := h.s.c.r.Postings(field, term)
	if it == nil || !it.Advance(h.s.slot) || it.Doc != h.s.slot {
		return 0
	}
	return it.Freq()
}

// TotalTermFreq is the term's frequency summed over the shard's documents.
func (h scoreHost) TotalTermFreq(field, term string) int64 {
	it := h.s.c.r.Postings(field, term)
	var n int64
	for it != nil && it.Next() {
		n += int64(it.Freq())
	}
	return n
}

// SumTotalTermFreq is the field's number of terms over the shard.
func (h scoreHost) SumTotalTermFreq(field string) int64 {
	st, _ := h.s.c.r.FieldStats(field)
	return st.SumTotalTermFreq
}
