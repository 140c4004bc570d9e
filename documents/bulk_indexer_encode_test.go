package documents

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"

	"github.com/clustersearch/clustersearch-go/types"
)

// TestIndexerLinesMatchBulk checks that the indexer's hand-written action
// lines are the bytes Bulk writes, for plain and escaped metadata alike.
func TestIndexerLinesMatchBulk(t *testing.T) {
	n, yes := int64(7), true
	full := BulkMeta{Index: "logs", ID: "a-1", Routing: "r", IfSeqNo: &n, IfPrimaryTerm: &n, Version: &n,
		VersionType: types.VersionType("external"), RequireAlias: &yes, Pipeline: "p"}
	doc := map[string]any{"msg": "x<y & \"z\"", "n": 1}
	ops := []BulkOperation{
		&BulkIndex{BulkMeta: BulkMeta{ID: "1"}, Document: doc},
		&BulkIndex{BulkMeta: full, Document: json.RawMessage("{\"a\":\n1}")},
		&BulkCreate{BulkMeta: BulkMeta{Index: "i"}, Document: []byte(`{"b":2}`)},
		&BulkCreate{BulkMeta: BulkMeta{}, Document: doc},
		&BulkDelete{BulkMeta: full},
		&BulkIndex{BulkMeta: BulkMeta{ID: "a<b>\"c\\\u00e9\n"}, Document: doc},
		&BulkUpdate{BulkMeta: BulkMeta{ID: "u"}, Body: UpdateRequest{Doc: doc}},
		&BulkIndex{BulkMeta: BulkMeta{ID: "m"}, Document: multiLineDoc{}},
		&BulkCreate{BulkMeta: BulkMeta{ID: "s"}, Document: struct {
			A string `json:"a"`
			B []int  `json:"b,omitempty"`
		}{A: "\u2028\xff"}},
	}
	enc := jsonx.NewLineEncoder()
	for i, op := range ops {
		want, werr := AppendBulkLines([]byte("prefix\n"), op)
		got, gerr := appendIndexerLines([]byte("prefix\n"), op, enc)
		if (werr == nil) != (gerr == nil) || string(got) != string(want) {
			t.Errorf("op %d: got %q (%v), want %q (%v)", i, got, gerr, want, werr)
		}
	}
	for i, op := range []BulkOperation{&BulkDelete{}, &BulkIndex{Document: "{}"}, &BulkIndex{}, (*BulkIndex)(nil), nil,
		&BulkIndex{BulkMeta: BulkMeta{ID: "nan"}, Document: map[string]float64{"x": math.NaN()}}} {
		if got, err := appendIndexerLines([]byte("kept\n"), op, enc); err == nil || string(got) != "kept\n" {
			t.Errorf("bad op %d: got %q, %v; want the buffer as it was and an error", i, got, err)
		}
		if _, err := AppendBulkLines(nil, op); err == nil {
			t.Errorf("bad op %d: Bulk takes it", i)
		}
	}
}

// multiLineDoc marshals itself with newlines between its tokens.
type multiLineDoc struct{}

func (multiLineDoc) MarshalJSON() ([]byte, error) { return []byte("{\r\n  \"a\": 1\n}"), nil }
