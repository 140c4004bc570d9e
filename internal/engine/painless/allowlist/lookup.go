package allowlist

import (
	"sort"
	"strconv"
	"strings"
)

// defClass is Painless's dynamic type (org.opensearch.painless.lookup.def):
// PainlessLookupBuilder registers it in every lookup before any allowlist.
const defClass = "org.opensearch.painless.lookup.def"

// objectClass is where every superclass chain ends and what interfaces
// inherit from (copyPainlessClassMembers(Object.class, iface)).
const objectClass = "java.lang.Object"

// Class is one class of a context's lookup (PainlessClass) with what the
// listing prints of it.
type Class struct {
	Name          string // Class.getName
	Imported      bool   // its short name resolves to it in this context
	Constructors  map[int]Constructor
	StaticMethods map[string]Method // by name/arity
	Methods       map[string]Method // by name/arity, inherited ones included
	StaticFields  map[string]Field
	Fields        map[string]Field // inherited ones included
}

// Lookup is one script context's PainlessLookup.
type Lookup struct {
	Context  string
	Classes  map[string]*Class
	Imported map[string]Method  // by name/arity
	Bindings map[string]Binding // by name/arity
	types    map[string]typeInfo
}

// IncompleteError reports a context whose allowlist files the data set does
// not hold, so no faithful listing can be built for it.
type IncompleteError struct {
	Context string
	Missing []string
}

// Error implements error.
func (e *IncompleteError) Error() string {
	return "the allowlist data of context [" + e.Context + "] lacks " + strings.Join(e.Missing, ", ")
}

// methodKey is PainlessLookupUtility.buildPainlessMethodKey.
func methodKey(name string, arity int) string { return name + "/" + strconv.Itoa(arity) }

// ContextNames returns the script contexts, sorted as
// PainlessContextAction.Response sorts them (String.compareTo).
func ContextNames() []string {
	d, err := loaded()
	if err != nil {
		return nil
	}
	out := append([]string(nil), d.order...)
	sort.Strings(out)
	return out
}

// IsContext reports whether name is a script context Painless serves.
func IsContext(name string) bool {
	d, err := loaded()
	if err != nil {
		return false
	}
	_, ok := d.contexts[name]
	return ok
}

// Build makes the lookup of a context from the embedded data.
func Build(context string) (*Lookup, error) {
	d, err := loaded()
	if err != nil {
		return nil, err
	}
	return d.build(context)
}

func (d *dataSet) build(context string) (*Lookup, error) {
	names, ok := d.contexts[context]
	if !ok {
		return nil, &IncompleteError{Context: context, Missing: []string{"the context itself"}}
	}
	var files []*file
	var missing []string
	for _, n := range names {
		f, ok := d.files[n]
		if !ok {
			missing = append(missing, n)
			continue
		}
		files = append(files, f)
	}
	if len(missing) > 0 {
		return nil, &IncompleteError{Context: context, Missing: missing}
	}
	l := &Lookup{Context: context, Classes: map[string]*Class{}, Imported: map[string]Method{}, Bindings: map[string]Binding{}, types: d.types}
	l.class(defClass)
	// "def" resolves to the def class in every lookup.
	importable := map[string]bool{defClass: true}
	for _, f := range files {
		for _, cd := range f.classes {
			l.class(cd.name)
			if !cd.noImport {
				importable[cd.name] = true
			}
		}
	}
	for _, f := range files {
		for _, cd := range f.classes {
			c := l.Classes[cd.name]
			for _, k := range cd.constructors {
				if _, dup := c.Constructors[len(k.Parameters)]; !dup {
					c.Constructors[len(k.Parameters)] = k
				}
			}
			addMethods(c.Methods, cd.methods)
			addMethods(c.StaticMethods, cd.staticMethods)
			addFields(c.Fields, cd.fields)
			addFields(c.StaticFields, cd.staticFields)
		}
		addMethods(l.Imported, f.imported)
		for _, b := range f.bindings {
			k := methodKey(b.Name, len(b.Parameters))
			if _, dup := l.Bindings[k]; !dup {
				l.Bindings[k] = b
			}
		}
	}
	for name, c := range l.Classes {
		// PainlessContextInfo: the class is "imported" when its short name
		// (after the package, '$' read as '.') resolves to it.
		c.Imported = importable[name] || canonical(name) == shortName(name)
	}
	l.inherit()
	return l, nil
}

func (l *Lookup) class(name string) *Class {
	c := l.Classes[name]
	if c == nil {
		c = &Class{Name: name, Constructors: map[int]Constructor{}, StaticMethods: map[string]Method{},
			Methods: map[string]Method{}, StaticFields: map[string]Field{}, Fields: map[string]Field{}}
		l.Classes[name] = c
	}
	return c
}

// addMethods keeps the first method of each key, as PainlessLookupBuilder
// accepts a repeated identical method and refuses any other.
func addMethods(into map[string]Method, ms []Method) {
	for _, m := range ms {
		k := methodKey(m.Name, len(m.Parameters))
		if _, dup := into[k]; !dup {
			into[k] = m
		}
	}
}

func addFields(into map[string]Field, fs []Field) {
	for _, f := range fs {
		if _, dup := into[f.Name]; !dup {
			into[f.Name] = f
		}
	}
}

// canonical is a class's canonical name ('$' of nested classes as '.').
func canonical(name string) string { return strings.ReplaceAll(name, "$", ".") }

// shortName is the name a class is imported under.
func shortName(name string) string { return canonical(name[strings.LastIndexByte(name, '.')+1:]) }

// inherit is PainlessLookupBuilder.copyPainlessClassMembers: every class
// gets the non-static methods and fields of its allowlisted superclasses
// and superinterfaces, the most specific allowlisted definition winning;
// interfaces also get Object's.
func (l *Lookup) inherit() {
	names := make([]string, 0, len(l.Classes))
	for n := range l.Classes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, target := range names {
		l.copyInterfaces(target, target)
		for sup := l.types[target].super; sup != ""; sup = l.types[sup].super {
			if _, ok := l.Classes[sup]; ok {
				l.copyMembers(sup, target)
			}
			l.copyInterfaces(sup, target)
		}
	}
	if _, ok := l.Classes[objectClass]; ok {
		for _, target := range names {
			if l.types[target].iface {
				l.copyMembers(objectClass, target)
			}
		}
	}
}

func (l *Lookup) copyInterfaces(from, target string) {
	for _, i := range l.types[from].interfaces {
		if _, ok := l.Classes[i]; ok {
			l.copyMembers(i, target)
		}
		l.copyInterfaces(i, target)
	}
}

func (l *Lookup) copyMembers(from, target string) {
	src, dst := l.Classes[from], l.Classes[target]
	for k, m := range src.Methods {
		old, ok := dst.Methods[k]
		if !ok || old.target != m.target && l.assignable(old.target, m.target) {
			dst.Methods[k] = m
		}
	}
	for k, f := range src.Fields {
		old, ok := dst.Fields[k]
		if !ok || old.Declaring != f.Declaring && l.assignable(old.Declaring, f.Declaring) {
			dst.Fields[k] = f
		}
	}
}

// assignable is Class.isAssignableFrom: whether sub is super or one of its
// subtypes.
func (l *Lookup) assignable(super, sub string) bool {
	if super == sub || super == objectClass {
		return true
	}
	t, ok := l.types[sub]
	if !ok {
		return false
	}
	if t.super != "" && l.assignable(super, t.super) {
		return true
	}
	for _, i := range t.interfaces {
		if l.assignable(super, i) {
			return true
		}
	}
	return false
}
