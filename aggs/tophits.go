package aggs

import (
	"errors"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// DecodeSource unmarshals the hit's _source into v.
func (h *TopHit) DecodeSource(v any) error {
	if len(h.Source) == 0 {
		return errors.New("aggs: top hit " + h.ID + " has no _source")
	}
	return jsonx.Unmarshal(h.Source, v)
}

// Sources decodes the _source of every hit of a top_hits result into T.
//
//	top, err := bucket.Aggregations.TopHits("latest")
//	books, err := aggs.Sources[Book](top)
func Sources[T any](a *TopHitsAggregate) ([]T, error) {
	if a == nil {
		return nil, errors.New("aggs: no top_hits result")
	}
	out := make([]T, len(a.Hits.Hits))
	for i := range a.Hits.Hits {
		if err := a.Hits.Hits[i].DecodeSource(&out[i]); err != nil {
			return nil, errors.New("aggs: top hit " + strconv.Itoa(i) + ": " + err.Error())
		}
	}
	return out, nil
}
