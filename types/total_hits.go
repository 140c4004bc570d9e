package types

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// TotalHits is "hits.total": how many documents matched. Relation is "eq" when
// Value is exact and "gte" when it is a lower bound (track_total_hits capped it).
// With rest_total_hits_as_int the server writes a plain integer; TotalHits reads
// both forms and writes back the form it read.
type TotalHits struct {
	Value    int64  `json:"value"`
	Relation string `json:"relation"`

	asInt bool
}

// The values of TotalHits.Relation.
const (
	RelationEqual        = "eq"
	RelationGreaterEqual = "gte"
)

type totalHitsObject struct {
	Value    int64  `json:"value"`
	Relation string `json:"relation"`
}

// UnmarshalJSON reads {"value":N,"relation":"eq"} or a bare integer.
func (t *TotalHits) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] != '{' {
		n, err := strconv.ParseInt(string(b), 10, 64)
		if err != nil {
			return err
		}
		*t = TotalHits{Value: n, Relation: RelationEqual, asInt: true}
		return nil
	}
	var o totalHitsObject
	if err := jsonx.Unmarshal(b, &o); err != nil {
		return err
	}
	*t = TotalHits{Value: o.Value, Relation: o.Relation}
	return nil
}

// MarshalJSON writes the object form, or the integer form when that is what was read.
func (t TotalHits) MarshalJSON() ([]byte, error) {
	if t.asInt {
		return strconv.AppendInt(nil, t.Value, 10), nil
	}
	return jsonx.Marshal(totalHitsObject{Value: t.Value, Relation: t.Relation})
}

// IsLowerBound reports whether Value only bounds the real count from below.
func (t TotalHits) IsLowerBound() bool { return t.Relation == RelationGreaterEqual }
