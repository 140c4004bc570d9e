package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestParseAllowlist reads AllowlistLoader's syntax: annotations, the
// augmented form, constructors, fields, @no_import and a static_import
// block (with "bound_to" glued to the closing parenthesis, as score.txt has).
func TestParseAllowlist(t *testing.T) {
	f, err := parseAllowlist("t.txt", `
# comment
class int @no_import {
}
class java.lang.String {
  ()
  String org.opensearch.painless.api.Augmentation sha1()
  String format(String,def[])
  double random() @nondeterministic
}
class java.lang.Integer {
  int MAX_VALUE
}
static_import {
    double saturation(double, double) from_class x.Utils
    double decay(double, double)bound_to x.Utils$Decay
}
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.classes) != 3 || !f.classes[0].noImport || f.classes[1].noImport {
		t.Fatalf("classes %+v", f.classes)
	}
	s := f.classes[1]
	if len(s.ctors) != 1 || len(s.ctors[0]) != 0 || len(s.methods) != 3 {
		t.Fatalf("String %+v", s)
	}
	if m := s.methods[0]; m.augmented != "org.opensearch.painless.api.Augmentation" || m.name != "sha1" || m.ret != "String" {
		t.Errorf("augmented %+v", m)
	}
	if m := s.methods[1]; strings.Join(m.params, "|") != "String|def[]" {
		t.Errorf("format %+v", m)
	}
	if m := s.methods[2]; m.name != "random" || len(m.params) != 0 {
		t.Errorf("annotated %+v", m)
	}
	if fd := f.classes[2].fields; len(fd) != 1 || fd[0].typ != "int" || fd[0].name != "MAX_VALUE" {
		t.Errorf("fields %+v", fd)
	}
	if len(f.imports) != 2 || f.imports[0].bound || !f.imports[1].bound || f.imports[1].class != "x.Utils$Decay" ||
		strings.Join(f.imports[1].params, "|") != "double|double" {
		t.Errorf("imports %+v", f.imports)
	}
	if _, err := parseAllowlist("bad.txt", "class x.Y {\n  what is this\n}\n"); err == nil {
		t.Error("a member line of three words is not a field")
	}
}

// TestJavaNames: allowlist type names become Class.getName spellings, def
// erased to Object only for reflection.
func TestJavaNames(t *testing.T) {
	r := newResolver(map[string]*allowFile{"a": {classes: []*classBlock{
		{name: "java.lang.String"}, {name: "java.util.Map$Entry"}, {name: "x.Hidden", noImport: true}}}})
	for in, want := range map[string]string{
		"int": "int", "double[]": "[D", "def": defClass, "def[]": "[L" + defClass + ";", "String[][]": "[[Ljava.lang.String;",
		"Map.Entry": "java.util.Map$Entry", "java.util.Map.Entry": "java.util.Map$Entry", "x.Hidden": "x.Hidden",
	} {
		if got, err := r.javaName(in, false); err != nil || got != want {
			t.Errorf("%s: %q %v, want %q", in, got, err, want)
		}
	}
	if got, _ := r.javaName("def[]", true); got != "[Ljava.lang.Object;" {
		t.Errorf("erased def[]: %q", got)
	}
	if _, err := r.javaName("Hidden", false); err == nil {
		t.Error("a @no_import class has no short name")
	}
}

// TestReflection asks the JDK what PainlessLookupBuilder asks it. It needs
// a JDK, which the project does not install: without java on PATH it is
// skipped (the generator is run by hand, not in CI).
func TestReflection(t *testing.T) {
	javaBin, err := exec.LookPath("java")
	if err != nil {
		t.Skip("no java on PATH: the generator's reflection needs a JDK")
	}
	r := newReflector(javaBin)
	defer r.close()
	for _, c := range []struct {
		class, name, decl string
		params            []string
		static            bool
	}{
		{"java.lang.Boolean", "compare", "java.lang.Boolean", []string{"boolean", "boolean"}, true},
		{"java.util.ArrayList", "add", "java.util.ArrayList", []string{"java.lang.Object"}, false},
		{"java.util.AbstractList", "size", "java.util.AbstractCollection", nil, false},
		{"org.opensearch.painless.api.Debug", "explain", "org.opensearch.painless.api.Debug", []string{"java.lang.Object"}, true},
	} {
		decl, static, err := r.method(c.class, c.name, c.params)
		if err != nil || decl != c.decl || static != c.static {
			t.Errorf("%s.%s: %s %v %v", c.class, c.name, decl, static, err)
		}
	}
	if decl, static, err := r.field("java.lang.Integer", "MAX_VALUE"); err != nil || decl != "java.lang.Integer" || !static {
		t.Errorf("field: %s %v %v", decl, static, err)
	}
	if _, _, err := r.method("java.lang.String", "noSuchMethod", nil); err == nil {
		t.Error("a missing method is an error")
	}
	h, err := r.hierarchy(map[string]bool{"org.apache.lucene.util.BytesRef": true, "java.lang.Integer": true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"H org.apache.lucene.util.BytesRef java.lang.Object c java.lang.Comparable,java.lang.Cloneable\n",
		"H java.lang.Integer java.lang.Number c java.lang.Comparable,",
		"H java.lang.Comparable - i -\n",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("hierarchy lacks %q:\n%s", want, h)
		}
	}
}
