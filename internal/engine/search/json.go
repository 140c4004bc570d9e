package search

import (
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// scoreJSON renders a float32 as Java's Float.toString (1.0, 0.2876821).
func scoreJSON(f float32) json.Number { return json.Number(similarity.FormatFloat(f)) }

// ScoreJSON renders a score for a response body.
func ScoreJSON(f float32) json.Number { return scoreJSON(f) }

// Score is a score in a response body: jsonout writes it as Java's
// Float.toString, as ScoreJSON does, without building a string first.
type Score float32

// AppendJSON implements jsonout.Appender.
func (s Score) AppendJSON(dst []byte) []byte { return similarity.AppendFloat(dst, float32(s)) }

// MarshalJSON implements json.Marshaler, for bodies encoded elsewhere.
func (s Score) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil), nil }
