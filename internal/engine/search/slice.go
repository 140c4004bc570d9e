package search

import (
	"encoding/base64"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Slice is one partition of a sliced scroll (SliceBuilder): the documents
// of slice ID out of Max, split on _id or a numeric field.
type Slice struct {
	Field   string // "_id" by default
	ID, Max int
}

// termsSliceSeed is TermsSliceQuery's fixed murmur3 seed.
const termsSliceSeed = 7919

// sliceLimit is SliceBuilder.toFilter's check for scrolls: max may not
// exceed index.max_slices_per_scroll (1024).
func (c *shardCtx) sliceLimit(s *Slice, scroll bool) *apierr.Error {
	if !scroll || c.idx == nil {
		return nil
	}
	return checkSliceLimit(s, Target{Index: c.idx})
}

// slice is SliceBuilder.toFilter for one shard: shards are dealt out to
// slices first, then a shard holding several slices splits its documents
// by a hash of their _id (TermsSliceQuery) or numeric values
// (DocValuesSliceQuery).
func (c *shardCtx) slice(s *Slice, shardID, numShards int) (node, *apierr.Error) {
	useTerms := s.Field == "_id"
	var kind fieldKind
	if !useTerms {
		f := c.field(s.Field)
		switch kind = kindOf(f); kind {
		case kindUnmapped:
			return nil, apierr.IllegalArgument("field %s not found", s.Field)
		case kindLong, kindDate, kindBool, kindDouble:
		default:
			return nil, apierr.IllegalArgument("cannot load numeric doc values on %s", s.Field)
		}
	}
	id, max := s.ID, s.Max
	if numShards > 1 {
		if max < numShards {
			if shardID%max != id {
				return &noneNode{reason: "this shard is not part of the slice"}, nil
			}
			return c.matchAll(1), nil
		}
		target := id % numShards
		if target != shardID {
			return &noneNode{reason: "this shard is not part of the slice"}, nil
		}
		inShard := max / numShards
		if max%numShards > target {
			inShard++
		}
		if inShard == 1 {
			return c.matchAll(1), nil
		}
		id, max = id/numShards, inShard
	}
	r := c.r
	in := func(h int32) bool { return floorMod(int64(h), max) == id }
	field := s.Field
	if kind == kindDouble {
		return c.doubleSlice(field, c.field(field).Type, in), nil
	}
	return &constNode{desc: "slice(" + field + ")", score: 1, make: func() iterator {
		var docs []int32
		var vals []int64
		for d := int32(0); d < r.MaxDoc(); d++ {
			if !r.Live(d) {
				continue
			}
			match := false
			if useTerms {
				match = in(murmur3(encodeID(r.Doc(d).ID), termsSliceSeed))
			} else if vals = r.Longs(field, d, vals[:0]); len(vals) == 0 {
				match = in(0)
			} else {
				for _, v := range vals {
					if in(int32(mix64(v))) {
						match = true
						break
					}
				}
			}
			if match {
				docs = append(docs, d)
			}
		}
		if len(docs) == 0 {
			return newEmpty()
		}
		return newSetIter(docs, 0)
	}}, nil
}

// shardOrdinal is the position of target i among the searched shards of its
// index, and their number: routing or a _shards preference that searches
// a subset renumbers the shards as SliceBuilder does (the searched shards
// in shard order); otherwise these are the shard id and the shard count.
func shardOrdinal(targets []Target, i int) (ord, count int) {
	for _, t := range targets {
		if t.Index == targets[i].Index {
			count++
			if t.Shard < targets[i].Shard {
				ord++
			}
		}
	}
	return ord, count
}

func floorMod(v int64, m int) int {
	r := int(v % int64(m))
	if r < 0 {
		r += m
	}
	return r
}

// mix64 is BitMixer.mix64 (David Stafford's variant 9).
func mix64(z int64) int64 {
	u := uint64(z)
	u = (u ^ u>>32) * 0x4cd6944c5cc20b6d
	u = (u ^ u>>29) * 0xfc12c5b19d3259e9
	return int64(u ^ u>>32)
}

// encodeID is Uid.encodeId, the _id's indexed form: digits packed two per
// byte, unpadded URL-safe base64 decoded, anything else UTF-8 behind a
// marker byte.
func encodeID(id string) []byte {
	if isDigits(id) {
		b := make([]byte, 1+(len(id)+1)/2)
		b[0] = 0xfe
		for i := 0; i < len(id); i += 2 {
			lo := byte(0x0f)
			if i+1 < len(id) {
				lo = id[i+1] - '0'
			}
			b[1+i/2] = (id[i]-'0')<<4 | lo
		}
		return b
	}
	if isBase64ID(id) {
		if b, err := base64.RawURLEncoding.DecodeString(id); err == nil && len(b) > 0 {
			if b[0] >= 0xfd {
				b = append([]byte{0xfd}, b...)
			}
			return b
		}
	}
	return append([]byte{0xff}, id...)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isBase64ID is Uid.isURLBase64WithoutPadding: URL-safe characters and a
// length and last character that leave no stray bits.
func isBase64ID(id string) bool {
	n := len(id)
	if n == 0 {
		return false
	}
	last := id[n-1]
	switch n & 3 {
	case 1:
		return false
	case 2:
		if last != 'A' && last != 'Q' && last != 'g' && last != 'w' {
			return false
		}
	case 3:
		ok := false
		for _, c := range []byte("AEIMQUYcgkosw048") {
			ok = ok || last == c
		}
		if !ok {
			return false
		}
	}
	for i := 0; i < n; i++ {
		c := id[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
