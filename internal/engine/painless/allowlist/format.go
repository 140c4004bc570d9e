package allowlist

import (
	"bufio"
	_ "embed" // data.txt
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The data format, one fact a line, fields separated by single spaces; type
// names are spelled as Class.getName spells them ("int", "[D",
// "java.util.Map$Entry", "org.opensearch.painless.lookup.def"):
//
//	X context file...                    a script context and its allowlist files, in load order
//	P file                               the facts of one allowlist file follow
//	C class i|n                          a class, imported (i) or @no_import (n)
//	K param...                           a constructor of the last class
//	M declaring name return param...     an instance method of the last class
//	S declaring name return param...     a static method of the last class
//	F declaring name type                an instance field of the last class
//	G declaring name type                a static field of the last class
//	I declaring name return param...     an imported (static_import from_class) method
//	B declaring name return n param...   a class binding whose constructor takes n of the params
//	H class super|- c|i iface,...|-      a class's superclass, kind and direct interfaces
//
// Blank lines and lines starting with # are ignored.

//go:embed data.txt
var embedded string

// dataSet is every fact of one data file.
type dataSet struct {
	contexts map[string][]string // context -> allowlist files
	order    []string            // contexts as listed
	files    map[string]*file
	types    map[string]typeInfo // hierarchy, by class name
}

// file is one allowlist file's facts.
type file struct {
	classes  []*classDecl
	imported []Method
	bindings []Binding
}

// classDecl is one class block of an allowlist file.
type classDecl struct {
	name          string
	noImport      bool
	constructors  []Constructor
	methods       []Method
	staticMethods []Method
	fields        []Field
	staticFields  []Field
}

// typeInfo is what the lookup needs of a Java type's place in the hierarchy.
type typeInfo struct {
	super      string
	iface      bool
	interfaces []string
}

// Constructor is one allowlisted constructor (PainlessContextConstructorInfo).
type Constructor struct {
	Declaring  string
	Parameters []string
}

// Method is one allowlisted method or imported method
// (PainlessContextMethodInfo).
type Method struct {
	Declaring  string
	Name       string
	Return     string
	Parameters []string
	// target is the class the method was allowlisted on
	// (PainlessMethod.targetClass), which decides inheritance.
	target string
}

// Field is one allowlisted field (PainlessContextFieldInfo).
type Field struct {
	Declaring string
	Name      string
	Type      string
}

// Binding is one class binding (PainlessContextClassBindingInfo).
type Binding struct {
	Declaring  string
	Name       string
	Return     string
	ReadOnly   int
	Parameters []string
}

// loaded parses the embedded data once; the result is never changed.
var loaded = sync.OnceValues(func() (*dataSet, error) { return parse(embedded) })

// parse reads the data format.
func parse(text string) (*dataSet, error) {
	d := &dataSet{contexts: map[string][]string{}, files: map[string]*file{}, types: map[string]typeInfo{}}
	var f *file
	var c *classDecl
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if s == "" || s[0] == '#' {
			continue
		}
		w := strings.Split(s, " ")
		bad := func(why string) error { return fmt.Errorf("allowlist data line %d: %s: %q", line, why, s) }
		need := func(n int) bool { return len(w) >= n }
		switch w[0] {
		case "X":
			if !need(2) {
				return nil, bad("context without a name")
			}
			if _, dup := d.contexts[w[1]]; dup {
				return nil, bad("context listed twice")
			}
			d.contexts[w[1]] = w[2:]
			d.order = append(d.order, w[1])
		case "P":
			if !need(2) {
				return nil, bad("file without a name")
			}
			f = &file{}
			d.files[w[1]] = f
			c = nil
		case "C":
			if f == nil || len(w) != 3 || (w[2] != "i" && w[2] != "n") {
				return nil, bad("class outside a file or malformed")
			}
			c = &classDecl{name: w[1], noImport: w[2] == "n"}
			f.classes = append(f.classes, c)
		case "K":
			if c == nil {
				return nil, bad("constructor outside a class")
			}
			c.constructors = append(c.constructors, Constructor{Declaring: c.name, Parameters: w[1:]})
		case "M", "S":
			if c == nil || !need(4) {
				return nil, bad("method outside a class or malformed")
			}
			m := Method{Declaring: w[1], Name: w[2], Return: w[3], Parameters: w[4:], target: c.name}
			if w[0] == "M" {
				c.methods = append(c.methods, m)
			} else {
				c.staticMethods = append(c.staticMethods, m)
			}
		case "F", "G":
			if c == nil || len(w) != 4 {
				return nil, bad("field outside a class or malformed")
			}
			fl := Field{Declaring: w[1], Name: w[2], Type: w[3]}
			if w[0] == "F" {
				c.fields = append(c.fields, fl)
			} else {
				c.staticFields = append(c.staticFields, fl)
			}
		case "I":
			if f == nil || !need(4) {
				return nil, bad("imported method outside a file or malformed")
			}
			f.imported = append(f.imported, Method{Declaring: w[1], Name: w[2], Return: w[3], Parameters: w[4:]})
		case "B":
			if f == nil || !need(5) {
				return nil, bad("class binding outside a file or malformed")
			}
			n, err := strconv.Atoi(w[4])
			if err != nil || n < 0 || n > len(w)-5 {
				return nil, bad("class binding with a bad constructor arity")
			}
			f.bindings = append(f.bindings, Binding{Declaring: w[1], Name: w[2], Return: w[3], ReadOnly: n, Parameters: w[5:]})
		case "H":
			if len(w) != 5 || (w[3] != "c" && w[3] != "i") {
				return nil, bad("malformed hierarchy")
			}
			t := typeInfo{iface: w[3] == "i"}
			if w[2] != "-" {
				t.super = w[2]
			}
			if w[4] != "-" {
				t.interfaces = strings.Split(w[4], ",")
			}
			d.types[w[1]] = t
		default:
			return nil, bad("unknown fact")
		}
	}
	for _, name := range d.order {
		if len(d.contexts[name]) == 0 {
			return nil, fmt.Errorf("allowlist data: context %q has no allowlist files", name)
		}
	}
	return d, sc.Err()
}
