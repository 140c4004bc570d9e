package search

import (
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// scoreJSON renders a float32 as Java's Float.toString (1.0, 0.2876821).
func scoreJSON(f float32) json.Number { return json.Number(similarity.FormatFloat(f)) }

// ScoreJSON renders a score for a response body.
func ScoreJSON(f float32) json.Number { return scoreJSON(f) }
