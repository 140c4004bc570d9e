package search

import (
	"encoding/base64"
	"errors"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/roaring"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// bitmapTerms is a terms query with value_type bitmap
// (TermsQueryBuilder.doToQuery): on an integer field, the documents whose
// value is in the serialized Roaring bitmap, with a constant score. The
// bitmap is the query's one value, or the stored value a lookup with
// store: true reads. Anything else is the ordinary terms query on what
// the value became (handled reports false then, with the query to run).
func (c *shardCtx) bitmapTerms(q *dsl.Terms, boost float32) (n node, err *apierr.Error, plain *dsl.Terms) {
	raw := q.BitmapBytes
	if q.Lookup != nil {
		vals := c.lookups[q]
		if !q.Lookup.Store {
			return nil, nil, q // source values: strings for the ordinary query
		}
		if len(vals) == 0 {
			return &noneNode{reason: "no bitmap found"}, nil, nil
		}
		if len(vals) != 1 {
			return nil, apierr.IllegalArgument("Invalid value for bitmap type: Expected a single base64 encoded serialized bitmap."), nil
		}
		// A stored binary field gives its bytes; the fake keeps them as the
		// base64 text of the source.
		b, derr := base64.StdEncoding.DecodeString(vals[0].Str)
		if derr != nil {
			b, derr = base64.RawStdEncoding.DecodeString(strings.TrimRight(vals[0].Str, "="))
		}
		if derr != nil {
			return nil, nil, q
		}
		raw = b
	}
	f := c.field(q.Field)
	if f == nil {
		return &noneNode{reason: "unmapped field"}, nil, nil
	}
	switch f.Type {
	case mapping.TypeInteger:
	case mapping.TypeLong, mapping.TypeShort, mapping.TypeByte, mapping.TypeDouble, mapping.TypeFloat,
		mapping.TypeHalfFloat, mapping.TypeUnsignedLong:
		return nil, c.failedToCreate(apierr.IllegalArgument("Field [%s] of type [%s] does not support bitmap queries", f.Type, f.Type)), nil
	default:
		// Other fields take the bytes as one term.
		return nil, nil, &dsl.Terms{Base: q.Base, Field: q.Field, Values: []xcontent.Value{{Kind: xcontent.String, Str: string(raw)}}}
	}
	bm, derr := roaring.Decode(raw)
	if derr != nil {
		cause := apierr.New("buffer_underflow_exception", "")
		if errors.Is(derr, roaring.ErrCookie) {
			cause = apierr.New("invalid_roaring_format", derr.Error())
		}
		return nil, c.failedToCreate(apierr.IllegalArgument("Failed to deserialize the bitmap.").WithCause(cause)), nil
	}
	values := c.r.LongValues(f.Path)
	var buf []int64
	return c.predNode("BitmapIndexQuery(field="+f.Path+")", boost, func(slot int32) bool {
		buf = values(slot, buf[:0])
		for _, v := range buf {
			// The bitmap holds Java ints: a negative value is its
			// unsigned 32-bit pattern.
			if bm.Contains(uint32(int32(v))) {
				return true
			}
		}
		return false
	}), nil, nil
}
