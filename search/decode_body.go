package search

import (
	"bytes"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// resultBody is what the search calls hand the transport to decode a
// response into: it reads the aggregations in place, where the codec would
// first walk and copy them to call Aggregations.UnmarshalJSON, which for a
// response of many buckets cost more than decoding them.
type resultBody[S any] struct{ *Result[S] }

// DecodeBody decodes a whole search response body.
func (b resultBody[S]) DecodeBody(data []byte) error {
	return b.decodeBody(data)
}

// aggregationsKey is the member decodeBody takes out of the body.
const aggregationsKey = `"aggregations"`

// decodeBody decodes a search response. When the body's aggregations make
// up most of it, it walks the top-level object: the aggregations decode in
// place, the other members (a copy of them, as one object) with the codec.
// The walk costs in proportion to what comes before the aggregations (the
// hits, as the server writes them first), the codec's way in proportion to
// the aggregations, so a body of many hits and few buckets goes to the codec
// whole, as does a body the walk cannot read (the codec then says what is
// wrong with it).
func (r *Result[S]) decodeBody(data []byte) error {
	if !aggregationsFirst(data) {
		return jsonx.Unmarshal(data, r)
	}
	return r.decodeSplit(data)
}

// decodeSplit decodes a search response by walking its top-level object.
func (r *Result[S]) decodeSplit(data []byte) error {
	rest, err := r.splitAggregations(data)
	if err != nil {
		return err
	}
	if rest == nil {
		return jsonx.Unmarshal(data, r)
	}
	return jsonx.Unmarshal(rest, r)
}

// aggregationsFirst guesses whether the aggregations key comes within the
// first third of data. It looks for "ggregations": rather than the whole key,
// so that the search skips ahead to the rare 'g' instead of stopping at every
// quote. A wrong guess only costs time.
func aggregationsFirst(data []byte) bool {
	const tail = `ggregations":`
	third := data[:min(len(data), len(data)/3+len(aggregationsKey)+1)]
	at := bytes.Index(third, []byte(tail))
	return at >= 2 && string(third[at-2:at]) == `"a`
}

// span is where a top-level member is in the body.
type span struct{ start, end int }

// splitAggregations walks the members of the top-level object data,
// decoding the aggregations member into r.Aggregations (with several, the
// last wins, as with the codec). It returns the other members as one object,
// or nil for a body it cannot walk.
func (r *Result[S]) splitAggregations(data []byte) ([]byte, error) {
	i := jsonx.SkipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, nil
	}
	var buf [16]span
	kept := buf[:0]
	size := 2
	i++
	for first := true; ; first = false {
		i = jsonx.SkipSpace(data, i)
		if i < len(data) && data[i] == '}' && first {
			i++
			break
		}
		start := i
		if i >= len(data) || data[i] != '"' {
			return nil, nil
		}
		keyEnd, err := jsonx.StringEnd(data, i)
		if err != nil {
			return nil, nil
		}
		i = jsonx.SkipSpace(data, keyEnd)
		if i >= len(data) || data[i] != ':' {
			return nil, nil
		}
		var end int
		if string(data[start:keyEnd]) == aggregationsKey {
			if end, err = r.Aggregations.DecodeAt(data, i+1); err != nil {
				return nil, err
			}
		} else {
			if end, err = jsonx.ValueEnd(data, i+1); err != nil {
				return nil, nil
			}
			kept = append(kept, span{start, end})
			size += end - start + 1
		}
		i = jsonx.SkipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i++
			continue
		}
		if i < len(data) && data[i] == '}' {
			i++
			break
		}
		return nil, nil
	}
	if jsonx.SkipSpace(data, i) != len(data) {
		return nil, nil
	}
	rest := make([]byte, 0, size)
	rest = append(rest, '{')
	for n, m := range kept {
		if n > 0 {
			rest = append(rest, ',')
		}
		rest = append(rest, data[m.start:m.end]...)
	}
	return append(rest, '}'), nil
}
