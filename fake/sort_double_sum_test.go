package fake

import (
	"encoding/json"
	"testing"
)

// A sum or avg sort of a multi-valued double adds the values in doc-values
// order (ascending), as Lucene's MultiValueMode does: another order rounds
// to another double.
func TestSortDoubleSumInDocValuesOrder(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/ds", `{"mappings":{"properties":{"field":{"type":"double"}}}}`, 200, "")
	expect(t, s, "PUT", "/ds/_doc/4?refresh=true", `{"field":[450359962737049.7,5.8,-1.9,-2.0]}`, 201, "")
	for mode, want := range map[string]float64{"avg": 112589990684262.89, "sum": 450359962737051.56} {
		got := expect(t, s, "POST", "/ds/_search", `{"sort":[{"field":{"mode":"`+mode+`"}}]}`, 200, "")
		var r struct {
			Hits struct {
				Hits []struct{ Sort []float64 } `json:"hits"`
			} `json:"hits"`
		}
		if err := json.Unmarshal([]byte(got), &r); err != nil || len(r.Hits.Hits) != 1 || r.Hits.Hits[0].Sort[0] != want {
			t.Errorf("%s: %s (want %v)", mode, got, want)
		}
	}
}
