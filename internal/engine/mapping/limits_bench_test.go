package mapping

import (
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// BenchmarkParseDeepObject parses a document nested 900 objects deep with
// dynamic mapping (the limits then refuse its mapping): linear per field.
func BenchmarkParseDeepObject(b *testing.B) {
	doc, err := jsonout.Decode([]byte(strings.Repeat(`{"o":`, 900) + "1" + strings.Repeat("}", 900)))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		_, upd, perr := Empty().Parse("1", doc)
		if perr != nil || upd == nil {
			b.Fatal(perr)
		}
		if upd.CheckLimits(Limits{TotalFields: 1000, Depth: 20, NestedFields: 50, FieldNameLength: 1 << 62}) == nil {
			b.Fatal("the depth limit passed")
		}
	}
}
