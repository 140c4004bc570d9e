package mapping

import (
	"reflect"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func completionMapping(t testing.TB, def string) *Mapping {
	t.Helper()
	v, err := jsonout.Decode([]byte(`{"properties":{"c":` + def + `,"k":{"type":"keyword"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, perr := ParseMappings(v)
	if perr != nil {
		t.Fatal(perr)
	}
	return m
}

// entries parses a document and decodes its completion entries.
func entries(t *testing.T, m *Mapping, doc string) []CompletionEntry {
	t.Helper()
	v, err := jsonout.Decode([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	p, _, perr := m.Parse("1", v)
	if perr != nil {
		t.Fatalf("%s: %v", doc, perr)
	}
	var out []CompletionEntry
	for _, val := range p.Values {
		if val.Kind == KindCompletion {
			e, ok := DecodeCompletion(val.Str)
			if !ok {
				t.Fatalf("undecodable %q", val.Str)
			}
			out = append(out, e)
		}
	}
	return out
}

func TestCompletionInputs(t *testing.T) {
	m := completionMapping(t, `{"type":"completion","max_input_length":5}`)
	got := entries(t, m, `{"c":["b",{"input":["a","b"],"weight":3},{"input":"a","weight":"2"}," \t\u0001","\u00a0","\ud83d\ude00abcdef"]}`)
	// Distinct inputs in first-seen order: b's string weight 1 is replaced
	// by the object's 3; a keeps 3 over 2; inputs Java's trim empties are
	// dropped (a no-break space is kept); the emoji (two UTF-16 units) and
	// three letters fill max_input_length.
	want := []CompletionEntry{{Input: "b", Weight: 3}, {Input: "a", Weight: 3}, {Input: "\u00a0", Weight: 1}, {Input: "\U0001F600abc", Weight: 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
	ctx := completionMapping(t, `{"type":"completion","contexts":[{"name":"kind","type":"category"},{"name":"from","type":"category","path":"k"}]}`)
	got = entries(t, ctx, `{"k":["x","y"],"c":{"input":"a","contexts":{"kind":[1,true,"s"]}}}`)
	want = []CompletionEntry{{Input: "a", Weight: 1, Contexts: []CompletionContext{{0, "1"}, {0, "true"}, {0, "s"}, {1, "x"}, {1, "y"}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

func TestCompletionForm(t *testing.T) {
	stop, _ := analysis.Builtin("stop")
	simple, _ := analysis.Builtin("simple")
	tests := []struct {
		a           analysis.Analyzer
		text        string
		sep, posInc bool
		want        string
	}{
		{simple, "Nirvana - Best Of", true, true, "nirvana\x1fbest\x1fof"},
		{simple, "Nirvana - Best Of", false, true, "nirvanabestof"},
		{stop, "the beatles", true, true, "\x1e\x1fbeatles"},
		{stop, "the beatles", true, false, "beatles"},
		{simple, "!!", true, true, ""},
	}
	for _, tt := range tests {
		if got := CompletionForm(tt.a.Analyze(nil, tt.text), tt.sep, tt.posInc); got != tt.want {
			t.Errorf("%q sep=%v posInc=%v: %q, want %q", tt.text, tt.sep, tt.posInc, got, tt.want)
		}
	}
}

func TestCompletionEncodingRoundTrip(t *testing.T) {
	e := CompletionEntry{Form: "a\x1fb", Input: "A B", Weight: 2147483647, Contexts: []CompletionContext{{0, ""}, {3, "ctx\x00"}}}
	got, ok := DecodeCompletion(EncodeCompletion(&e))
	if !ok || !reflect.DeepEqual(got, e) {
		t.Errorf("got %+v, %v", got, ok)
	}
	if _, ok := DecodeCompletion("\xff"); ok {
		t.Error("decoded garbage")
	}
}

// FuzzCompletionInput parses arbitrary values of a completion field with
// contexts: each gives entries or an error, never a panic, and every
// entry survives the keyword encoding.
func FuzzCompletionInput(f *testing.F) {
	for _, s := range []string{
		`"Nirvana"`, `["a","b"]`, `{"input":["a","b"],"weight":34,"contexts":{"kind":["x",1]}}`,
		`[{"input":"a","weight":"7"},{"input":"a","weight":9}]`, `{"input":"a","weight":1.5}`, `{"input":"a","weight":-1}`,
		`{"input":{}}`, `{"foo":1}`, `5`, `[null]`, `{"input":"a","contexts":{"nope":"x"}}`, `{"input":"a","contexts":["x"]}`,
		`{"input":"` + strings.Repeat("é", 60) + `","contexts":{"kind":"z"}}`, `null`, `[]`,
	} {
		f.Add(s)
	}
	m := completionMapping(f, `{"type":"completion","max_input_length":8,"contexts":[{"name":"kind","type":"category"},{"name":"from","type":"category","path":"k"}]}`)
	f.Fuzz(func(t *testing.T, value string) {
		v, err := jsonout.Decode([]byte(`{"k":"z","c":` + value + `}`))
		if err != nil {
			return
		}
		p, _, perr := m.Parse("1", v)
		if perr != nil {
			if perr.Status != 400 {
				t.Fatalf("status %d: %v", perr.Status, perr)
			}
			return
		}
		for _, val := range p.Values {
			if val.Kind != KindCompletion {
				continue
			}
			e, ok := DecodeCompletion(val.Str)
			if !ok || UTF16Len(e.Input) > 9 || len(e.Contexts) == 0 {
				t.Fatalf("entry %+v from %s", e, value)
			}
		}
	})
}
