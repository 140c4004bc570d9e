package mapping

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestParseDerivedErrors(t *testing.T) {
	cases := []struct{ body, want string }{
		{`"x"`, "derived must be a map type"},
		{`{"d":"x"}`, "Expected map for property [derived_fields] on field [d] but got a class java.lang.String"},
		{`{"d":{"type":"integer"}}`, "Type [integer] isn't supported in Derived field context."},
		{`{"d":{"script":"emit(1)"}}`, "Type [] isn't supported in Derived field context."},
		{`{"d":{"type":"object","properties":"k"}}`, "[properties] must be an object, got String[k] for field [d]"},
		{`{"d":{"type":"object","properties":{"k":{"type":"keyword"}}}}`, "[properties] values can only be strings, but got LinkedHashMap[{type=keyword}] for field [d]"},
		{`{"d":{"type":"object","properties":{"k":null}}}`, "[properties] values can't be null (field [d])"},
		{`{"d":{"type":"keyword","ignore_malformed":"yes"}}`, "Failed to parse value [yes] as only [true] or [false] are allowed."},
		{`{"d":{"type":"keyword","script":{"lang":"painless"}}}`, "must specify either [source] for an inline script or [id] for a stored script"},
		{`{"d":{"type":"keyword","doc_values":true}}`, "unknown parameter [doc_values] on mapper [d] of type [derived]"},
	}
	for _, c := range cases {
		v, err := jsonout.Decode([]byte(c.body))
		if err != nil {
			t.Fatal(err)
		}
		_, perr := ParseDerived(v)
		if perr == nil || perr.Reason != c.want {
			t.Errorf("%s: got %v, want %q", c.body, perr, c.want)
		}
	}
}

// The default date format and ignore_malformed=false are defaults: they
// do not print.
func TestDerivedRendersOnlyWhatDiffersFromDefaults(t *testing.T) {
	v, _ := jsonout.Decode([]byte(`{"derived":{"d":{"type":"date","script":{"source":"emit(1L)","params":{}},"format":"strict_date_optional_time||epoch_millis","ignore_malformed":false,"prefilter_field":""}}}`))
	m, err := ParseMappings(v)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := jsonout.Marshal(m.Render())
	if want := `{"derived":{"d":{"type":"date","script":{"source":"emit(1L)","lang":"painless"}}}}`; string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
}
