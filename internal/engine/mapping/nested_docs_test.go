package mapping

import (
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// nestedMapping has every include combination, over two levels.
const nestedMapping = `{"properties":{
	"t":{"type":"keyword"},
	"a":{"type":"nested","properties":{"x":{"type":"keyword"},
		"b":{"type":"nested","include_in_root":true,"properties":{"y":{"type":"keyword"}}},
		"c":{"type":"nested","include_in_parent":true,"properties":{"z":{"type":"keyword"}}}}},
	"p":{"type":"nested","include_in_parent":true,"properties":{"q":{"type":"keyword"},
		"r":{"type":"nested","include_in_parent":true,"include_in_root":true,"properties":{"s":{"type":"keyword"}}}}},
	"d":{"type":"nested","include_in_parent":true,"include_in_root":true,"properties":{"w":{"type":"keyword"}}},
	"o":{"properties":{"n":{"type":"nested","include_in_parent":true,"properties":{"v":{"type":"keyword"}}}}}}}`

func mustMapping(t testing.TB, src string) *Mapping {
	t.Helper()
	v, err := jsonout.Decode([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, perr := ParseMappings(v)
	if perr != nil {
		t.Fatal(perr)
	}
	return m
}

// render lists values as field=value in order.
func render(vals []Value) string {
	var parts []string
	for _, v := range vals {
		parts = append(parts, v.Field.Path+"="+v.Str)
	}
	return strings.Join(parts, " ")
}

func TestParseSplitsNestedObjects(t *testing.T) {
	m := mustMapping(t, nestedMapping)
	doc, _ := jsonout.Decode([]byte(`{"t":"t1","a":[{"x":"x1","b":[{"y":"y1"},{"y":"y2"}],"c":{"z":"z1"}},{"x":"x2"}],
		"p":{"q":"q1","r":{"s":"s1"}},"d":{"w":"w1"},"o":{"n":[{"v":"v1"}]}}`))
	p, _, err := m.Parse("1", doc)
	if err != nil {
		t.Fatal(err)
	}
	// Root: its own t, a.b's values (include_in_root, inserted where the
	// first a object began), p's doc with r's copy (include_in_parent up to
	// the root; r's include_in_root is redundant and dropped), d once, o.n.
	if got, want := render(p.Values), "t=t1 a.b.y=y1 a.b.y=y2 p.q=q1 p.r.s=s1 d.w=w1 o.n.v=v1"; got != want {
		t.Errorf("root values\n got %s\nwant %s", got, want)
	}
	want := []string{
		"a.b: a.b.y=y1", "a.b: a.b.y=y2", "a.c: a.c.z=z1", "a: a.x=x1 a.c.z=z1", "a: a.x=x2",
		"p.r: p.r.s=s1", "p: p.q=q1 p.r.s=s1", "d: d.w=w1", "o.n: o.n.v=v1",
	}
	if len(p.Nested) != len(want) {
		t.Fatalf("%d nested docs, want %d", len(p.Nested), len(want))
	}
	for i, nd := range p.Nested {
		if got := nd.Path + ": " + render(nd.Values); got != want[i] {
			t.Errorf("nested doc %d = %s, want %s", i, got, want[i])
		}
	}
}

func TestDottedNamesStopAtNestedObjects(t *testing.T) {
	m := mustMapping(t, nestedMapping)
	for src, want := range map[string]string{
		`{"a.x":"1"}`:       "Cannot add a value for field [a.x] since one of the intermediate objects is mapped as a nested object: [a]",
		`{"a":{"b.y":"1"}}`: "Cannot add a value for field [b.y] since one of the intermediate objects is mapped as a nested object: [a.b]",
		`{"o.n.v":"1"}`:     "Cannot add a value for field [o.n.v] since one of the intermediate objects is mapped as a nested object: [o.n]",
		`{"o.n":{"v":"1"}}`: "",
		`{"t.k":"1"}`:       "", // through a leaf: not this check's business
		`{"new.thing":"1"}`: "",
	} {
		doc, _ := jsonout.Decode([]byte(src))
		_, _, err := m.Parse("1", doc)
		got := ""
		if err != nil {
			got = err.Reason
		}
		if want == "" && err != nil && strings.Contains(got, "intermediate") || want != "" && got != want {
			t.Errorf("%s: %q, want %q", src, got, want)
		}
		if want != "" && (err.Type != "mapper_parsing_exception" || err.Status != 400) {
			t.Errorf("%s: %s %d", src, err.Type, err.Status)
		}
	}
}

func TestNestedIncludesAndCarries(t *testing.T) {
	m := mustMapping(t, nestedMapping)
	for _, c := range []struct {
		path             string
		inParent, inRoot bool
	}{
		{"a", false, false}, {"a.b", false, true}, {"a.c", true, false},
		{"p", true, false}, {"p.r", true, false}, // root reached through p already
		{"d", true, false}, {"o.n", true, false}, {"nope", false, false}, {"t", false, false},
	} {
		if p, r := m.NestedIncludes(c.path); p != c.inParent || r != c.inRoot {
			t.Errorf("NestedIncludes(%s) = %v, %v; want %v, %v", c.path, p, r, c.inParent, c.inRoot)
		}
	}
	for _, c := range []struct {
		doc, field string
		want       bool
	}{
		{"", "t", true}, {"", "a.x", false}, {"", "a.b.y", true}, {"", "a.c.z", false},
		{"a", "a.x", true}, {"a", "a.b.y", false}, {"a", "a.c.z", true}, {"a", "t", false},
		{"", "p.r.s", true}, {"p", "p.r.s", true}, {"", "o.n.v", true}, {"a.b", "a.b.y", true},
	} {
		if got := m.Carries(c.doc, c.field); got != c.want {
			t.Errorf("Carries(%q, %s) = %v, want %v", c.doc, c.field, got, c.want)
		}
	}
}

// FuzzParseNested checks that the nested split never panics and that every
// nested document holds values of its own path only.
func FuzzParseNested(f *testing.F) {
	for _, s := range []string{
		`{"a":[{"x":"1","b":{"y":"2"}},{"c":[{"z":"3"},{"z":"4"}]}]}`,
		`{"p":{"r":[{"s":"x"}],"q":"y"},"d":[{"w":"1"},{"w":"2"}],"o":{"n":{"v":"v"}}}`,
		`{"a.b.y":"1","a":{"b.y":"2"}}`, `{"a":[[{"x":"1"}]]}`, `{"a":{"x":{"k":1}}}`, `{"a":1}`,
	} {
		f.Add(s)
	}
	m := mustMapping(f, nestedMapping)
	f.Fuzz(func(t *testing.T, src string) {
		doc, err := jsonout.Decode([]byte(src))
		if err != nil {
			return
		}
		p, _, perr := m.Parse("1", doc)
		if perr != nil {
			return
		}
		for _, v := range p.Values {
			if !m.Carries("", v.Field.Path) {
				t.Fatalf("root holds %s", v.Field.Path)
			}
		}
		for _, nd := range p.Nested {
			for _, v := range nd.Values {
				if !strings.HasPrefix(v.Field.Path, nd.Path+".") || !m.Carries(nd.Path, v.Field.Path) {
					t.Fatalf("nested doc %s holds %s", nd.Path, v.Field.Path)
				}
			}
		}
	})
}

// GET _mapping prints include flags only when true, before dynamic, with
// redundant include_in_root dropped (not under a plain object, where the
// 2.x fix does not reach).
func TestNestedIncludesRender(t *testing.T) {
	m := mustMapping(t, `{"properties":{
		"d":{"type":"nested","dynamic":"strict","include_in_root":true,"include_in_parent":true},
		"f":{"type":"nested","include_in_parent":false,"include_in_root":"false"},
		"o":{"properties":{"n":{"type":"nested","include_in_parent":true,"include_in_root":true}}}}}`)
	got, _ := jsonout.Marshal(m.Render())
	want := `{"properties":{"d":{"type":"nested","include_in_parent":true,"dynamic":"strict"},"f":{"type":"nested"},` +
		`"o":{"properties":{"n":{"type":"nested","include_in_parent":true,"include_in_root":true}}}}}`
	if string(got) != want {
		t.Errorf("render\n got %s\nwant %s", got, want)
	}
	// A merged mapping is fixed the same way.
	upd := mustMapping(t, `{"properties":{"g":{"type":"nested","include_in_parent":true,"include_in_root":true}}}`)
	merged, err := m.Merge(upd)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := jsonout.Marshal(merged.Lookup("g").render()); string(got) != `{"type":"nested","include_in_parent":true}` {
		t.Errorf("merged g = %s", got)
	}
}

func TestNestedIncludesCannotChange(t *testing.T) {
	m := mustMapping(t, `{"properties":{"n":{"type":"nested","include_in_parent":true}}}`)
	for src, bad := range map[string]bool{
		`{"properties":{"n":{"type":"nested","include_in_parent":true,"properties":{"x":{"type":"keyword"}}}}}`: false,
		`{"properties":{"n":{"type":"nested"}}}`:                                                                                      true,
		`{"properties":{"n":{"type":"nested","include_in_parent":true,"include_in_root":true}}}`:                                      false, // redundant, fixed
		`{"properties":{"n":{"type":"nested","include_in_parent":true,"properties":{"m":{"type":"nested","include_in_root":true}}}}}`: false,
	} {
		_, err := m.Merge(mustMapping(t, src))
		if bad != (err != nil) || bad && (err.Status != 501 || !strings.Contains(err.Reason, "updating [include_in_parent] on a nested object mapping")) {
			t.Errorf("%s: %v", src, err)
		}
	}
}
