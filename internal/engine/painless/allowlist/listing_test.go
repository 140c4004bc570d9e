package allowlist

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// fixture is a small data set in the package's format: two files, three
// contexts (one naming a file the data does not hold).
const fixture = `
# two files and their hierarchy
X tiny core
X scored core scoring
X broken core absent
P core
C java.lang.Object i
M java.lang.Object equals boolean java.lang.Object
M java.lang.Object toString java.lang.String
C java.lang.Appendable i
M java.lang.Appendable append java.lang.Appendable java.lang.CharSequence int int
C int n
C java.util.Map$Entry i
M java.util.Map$Entry getKey org.opensearch.painless.lookup.def
C java.lang.Number i
M java.lang.Number intValue int
M java.lang.Number toString java.lang.String
C java.lang.Integer i
K
K int
G java.lang.Integer MAX_VALUE int
S java.lang.Integer compare int int int
M java.lang.Integer compareTo int java.lang.Integer
M org.opensearch.painless.api.Augmentation fill java.lang.String [I [Lorg.opensearch.painless.lookup.def; int int int int int int int int
M java.lang.Integer fill java.lang.String int int
P scoring
C org.opensearch.script.ScoreScript n
C org.apache.lucene.util.BytesRef i
F org.apache.lucene.util.BytesRef length int
F org.apache.lucene.util.BytesRef offset int
C x.Base i
F x.Base length long
I x.Util saturation double double double
I x.Util cosineSimilarity float java.util.List x.V
B x.Decay decayDateExp double 4 java.lang.String java.lang.String java.lang.String double x.Date
B x.Rand randomScore double 2 org.opensearch.script.ScoreScript int
H java.lang.Object - c -
H java.lang.Appendable - i -
H int - c -
H java.util.Map$Entry - i -
H java.lang.Number java.lang.Object c java.io.Serializable
H java.lang.Integer java.lang.Number c java.lang.Comparable
H org.opensearch.painless.lookup.def java.lang.Object c -
H org.opensearch.script.ScoreScript java.lang.Object c -
H org.apache.lucene.util.BytesRef x.Base c -
H x.Base java.lang.Object c -
`

func fixtureLookup(t *testing.T, context string) *Lookup {
	t.Helper()
	d, err := parse(fixture)
	if err != nil {
		t.Fatal(err)
	}
	l, err := d.build(context)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func render(v any) string {
	b, err := jsonout.Append(nil, v)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

// TestListingExactShape checks a whole small listing: key order of every
// object, def and the primitives among the classes, the imported flag, and
// Object's methods copied into the interface and into def.
func TestListingExactShape(t *testing.T) {
	l := fixtureLookup(t, "tiny")
	delete(l.Classes, "java.lang.Integer")
	delete(l.Classes, "java.lang.Number")
	want := `{"name":"tiny","classes":[` +
		`{"name":"int","imported":true,"constructors":[],"static_methods":[],"methods":[],"static_fields":[],"fields":[]},` +
		`{"name":"java.lang.Appendable","imported":true,"constructors":[],"static_methods":[],"methods":[` +
		`{"declaring":"java.lang.Appendable","name":"append","return":"java.lang.Appendable","parameters":["java.lang.CharSequence","int","int"]},` +
		`{"declaring":"java.lang.Object","name":"equals","return":"boolean","parameters":["java.lang.Object"]},` +
		`{"declaring":"java.lang.Object","name":"toString","return":"java.lang.String","parameters":[]}],"static_fields":[],"fields":[]},` +
		`{"name":"java.lang.Object","imported":true,"constructors":[],"static_methods":[],"methods":[` +
		`{"declaring":"java.lang.Object","name":"equals","return":"boolean","parameters":["java.lang.Object"]},` +
		`{"declaring":"java.lang.Object","name":"toString","return":"java.lang.String","parameters":[]}],"static_fields":[],"fields":[]},` +
		`{"name":"java.util.Map$Entry","imported":true,"constructors":[],"static_methods":[],"methods":[` +
		`{"declaring":"java.lang.Object","name":"equals","return":"boolean","parameters":["java.lang.Object"]},` +
		`{"declaring":"java.util.Map$Entry","name":"getKey","return":"org.opensearch.painless.lookup.def","parameters":[]},` +
		`{"declaring":"java.lang.Object","name":"toString","return":"java.lang.String","parameters":[]}],"static_fields":[],"fields":[]},` +
		`{"name":"org.opensearch.painless.lookup.def","imported":true,"constructors":[],"static_methods":[],"methods":[` +
		`{"declaring":"java.lang.Object","name":"equals","return":"boolean","parameters":["java.lang.Object"]},` +
		`{"declaring":"java.lang.Object","name":"toString","return":"java.lang.String","parameters":[]}],"static_fields":[],"fields":[]}` +
		`],"imported_methods":[],"class_bindings":[],"instance_bindings":[]}`
	if got := render(l.Listing()); got != want {
		t.Errorf("listing:\n got %s\nwant %s", got, want)
	}
}

// TestListingOrdersAndInheritance checks getSortValue orders (Java string
// order of "name/arity", so "fill/10" sorts before "fill/2"), constructors
// by their "<init>/arity" key, statics kept apart and not inherited, and
// the most specific superclass definition winning.
func TestListingOrdersAndInheritance(t *testing.T) {
	l := fixtureLookup(t, "tiny")
	c := l.Classes["java.lang.Integer"].listing()
	var names []string
	for _, m := range mustList(t, c, "methods") {
		o := m.(jsonout.Object)
		name, _ := o.Get("name")
		decl, _ := o.Get("declaring")
		params, _ := o.Get("parameters")
		names = append(names, name.(string)+"/"+decl.(string)+"/"+strconv.Itoa(len(params.([]any))))
	}
	want := []string{
		"compareTo/java.lang.Integer/1",
		"equals/java.lang.Object/1",
		"fill/org.opensearch.painless.api.Augmentation/10",
		"fill/java.lang.Integer/2",
		"intValue/java.lang.Number/0",
		"toString/java.lang.Number/0", // Number's overrides Object's
	}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("methods %v, want %v", names, want)
	}
	if got := render(mustList(t, c, "constructors")); got != `[{"declaring":"java.lang.Integer","parameters":[]},{"declaring":"java.lang.Integer","parameters":["int"]}]` {
		t.Errorf("constructors %s", got)
	}
	if got := render(mustList(t, c, "static_methods")); got != `[{"declaring":"java.lang.Integer","name":"compare","return":"int","parameters":["int","int"]}]` {
		t.Errorf("static methods %s", got)
	}
	if got := render(mustList(t, c, "static_fields")); got != `[{"declaring":"java.lang.Integer","name":"MAX_VALUE","type":"int"}]` {
		t.Errorf("static fields %s", got)
	}
	// Number's listing is not changed by Integer's members.
	if n := len(l.Classes["java.lang.Number"].Methods); n != 3 {
		t.Errorf("Number has %d methods, want intValue, toString and Object's equals", n)
	}
}

// TestListingImportsBindingsAndFields covers a two-file context: a
// @no_import class, imported methods and class bindings sorted by
// name/arity with read_only, and a superclass field kept beside the
// class's own fields.
func TestListingImportsBindingsAndFields(t *testing.T) {
	l := fixtureLookup(t, "scored")
	out := l.Listing()
	if got := render(mustList(t, out, "imported_methods")); got != `[{"declaring":"x.Util","name":"cosineSimilarity","return":"float","parameters":["java.util.List","x.V"]},`+
		`{"declaring":"x.Util","name":"saturation","return":"double","parameters":["double","double"]}]` {
		t.Errorf("imported methods %s", got)
	}
	if got := render(mustList(t, out, "class_bindings")); got != `[{"declaring":"x.Decay","name":"decayDateExp","return":"double","read_only":4,"parameters":["java.lang.String","java.lang.String","java.lang.String","double","x.Date"]},`+
		`{"declaring":"x.Rand","name":"randomScore","return":"double","read_only":2,"parameters":["org.opensearch.script.ScoreScript","int"]}]` {
		t.Errorf("class bindings %s", got)
	}
	if l.Classes["org.opensearch.script.ScoreScript"].Imported {
		t.Error("a @no_import class with a package is not imported")
	}
	bytesRef := l.Classes["org.apache.lucene.util.BytesRef"].listing()
	if got := render(mustList(t, bytesRef, "fields")); got != `[{"declaring":"org.apache.lucene.util.BytesRef","name":"length","type":"int"},{"declaring":"org.apache.lucene.util.BytesRef","name":"offset","type":"int"}]` {
		t.Errorf("BytesRef fields %s (its own length hides x.Base's)", got)
	}
	var order []string
	for _, c := range mustList(t, out, "classes") {
		n, _ := c.(jsonout.Object).Get("name")
		order = append(order, n.(string))
	}
	want := []string{"int", "java.lang.Appendable", "java.lang.Integer", "java.lang.Number", "java.lang.Object",
		"java.util.Map$Entry", "org.apache.lucene.util.BytesRef", "org.opensearch.painless.lookup.def",
		"org.opensearch.script.ScoreScript", "x.Base"}
	if !reflect.DeepEqual(order, want) {
		t.Errorf("classes %v, want %v", order, want)
	}
}

// TestIncompleteContext: a context naming a file the data lacks is refused
// with the file named, never listed in part.
func TestIncompleteContext(t *testing.T) {
	d, err := parse(fixture)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.build("broken")
	var inc *IncompleteError
	if !errors.As(err, &inc) || !reflect.DeepEqual(inc.Missing, []string{"absent"}) {
		t.Fatalf("err %v", err)
	}
}

// TestParseRejectsMalformed: each malformed fact names its line.
func TestParseRejectsMalformed(t *testing.T) {
	for _, bad := range []string{
		"C java.lang.Object i",      // class outside a file
		"P a\nC java.lang.Object x", // bad import flag
		"P a\nM x y z",              // method outside a class
		"P a\nB d n r 3 p1 p2",      // binding arity above its parameters
		"P a\nF d n",                // field outside a class
		"H a b q -",                 // bad kind
		"Z what",                    // unknown fact
		"X ctx",                     // context without files
		"X ctx a\nX ctx a",          // context twice
	} {
		if _, err := parse(bad); err == nil || !strings.Contains(err.Error(), "allowlist data") {
			t.Errorf("%q: err %v", bad, err)
		}
	}
}

// TestEmbeddedData: the shipped data parses and lists every context a 2.19
// node with k-NN has, each with the base allowlists first.
func TestEmbeddedData(t *testing.T) {
	d, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"aggregation_selector", "aggs", "aggs_combine", "aggs_init", "aggs_map", "aggs_reduce",
		"bucket_aggregation", "derived_field", "field", "filter", "ingest", "interval", "moving-function",
		"number_sort", "painless_test", "processor_conditional", "score", "script_heuristic", "search",
		"similarity", "similarity_weight", "string_sort", "template", "terms_set", "update"}
	if got := ContextNames(); !reflect.DeepEqual(got, want) {
		t.Errorf("contexts %v", got)
	}
	for _, name := range want {
		if d.contexts[name][0] != "org.opensearch.txt" || len(d.contexts[name]) < 13 {
			t.Errorf("%s: files %v", name, d.contexts[name])
		}
	}
	if got := d.contexts["score"][13:]; !reflect.DeepEqual(got, []string{"org.opensearch.score.txt", "knn_allowlist.txt"}) {
		t.Errorf("score's own files %v", got)
	}
	if !IsContext("moving-function") || IsContext("nope") || IsContext("") {
		t.Error("IsContext")
	}
	// Every context's files are in the data and every type they name
	// resolves: each context builds, with def and Object in it.
	for _, name := range want {
		l, err := Build(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !l.Classes[defClass].Imported || len(l.Classes[objectClass].Methods) != 3 {
			t.Errorf("%s: def or Object missing", name)
		}
	}
}

func mustList(t *testing.T, o jsonout.Object, key string) []any {
	t.Helper()
	v, ok := o.Get(key)
	if !ok {
		t.Fatalf("no %s", key)
	}
	return v.([]any)
}

// TestEmbeddedTypesResolve: as PainlessLookupBuilder refuses a member whose
// type is not a class of the same lookup, every type the shipped data names
// for a context (arrays by their element) is a class of that context.
func TestEmbeddedTypesResolve(t *testing.T) {
	for _, name := range ContextNames() {
		l, err := Build(name)
		if err != nil {
			t.Fatal(err)
		}
		check := func(where, typ string) {
			elem := strings.TrimLeft(typ, "[")
			if elem != typ {
				if strings.HasPrefix(elem, "L") && strings.HasSuffix(elem, ";") {
					elem = elem[1 : len(elem)-1]
				} else if prim, ok := map[string]string{"Z": "boolean", "B": "byte", "S": "short", "C": "char",
					"I": "int", "J": "long", "F": "float", "D": "double"}[elem]; ok {
					elem = prim
				}
			}
			if _, ok := l.Classes[elem]; !ok {
				t.Errorf("%s: %s names %s, not a class of the context", name, where, typ)
			}
		}
		methods := func(owner string, ms map[string]Method) {
			for k, m := range ms {
				check(owner+"."+k, m.Return)
				for _, p := range m.Parameters {
					check(owner+"."+k, p)
				}
			}
		}
		for cn, c := range l.Classes {
			methods(cn, c.Methods)
			methods(cn, c.StaticMethods)
			for _, k := range c.Constructors {
				for _, p := range k.Parameters {
					check(cn+".<init>", p)
				}
			}
			for fn, f := range c.Fields {
				check(cn+"."+fn, f.Type)
			}
			for fn, f := range c.StaticFields {
				check(cn+"."+fn, f.Type)
			}
		}
		methods("imported", l.Imported)
		for k, b := range l.Bindings {
			check(k, b.Return)
			for _, p := range b.Parameters {
				check(k, p)
			}
		}
	}
}
