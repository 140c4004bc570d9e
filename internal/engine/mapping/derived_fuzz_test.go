package mapping

import (
	"bytes"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// FuzzParseDerived checks that any derived section parses or fails without
// panicking, and that what parses prints, then re-parses to the same print.
func FuzzParseDerived(f *testing.F) {
	for _, s := range []string{
		`{"d":{"type":"keyword","script":"emit('x')"}}`,
		`{"o":{"type":"object","script":{"source":"emit(params._source.j)","params":{"a":[1,{"b":null}]}},"properties":{"k":"ip"},"prefilter_field":"j","format":"yyyy","ignore_malformed":"true"}}`,
		`{"d":[]}`, `[]`, `{"a.b":{"type":"long"}}`, `{"d":{"type":"date","script":{"id":"s1"}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonout.Decode(data)
		if err != nil {
			return
		}
		defs, perr := ParseDerived(v)
		if perr != nil || len(defs) == 0 {
			return
		}
		first, _ := jsonout.Marshal(renderDerived(defs))
		again, _ := jsonout.Decode(first)
		defs2, perr := ParseDerived(again)
		if perr != nil {
			t.Fatalf("%s does not parse again: %v", first, perr)
		}
		second, _ := jsonout.Marshal(renderDerived(defs2))
		if !bytes.Equal(first, second) {
			t.Fatalf("print changed:\n%s\n%s", first, second)
		}
	})
}
