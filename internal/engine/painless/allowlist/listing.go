package allowlist

import (
	"sort"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Listing renders a context's lookup as PainlessContextInfo.toXContent:
// classes sorted by name, constructors by "<init>/arity", methods, imported
// methods and bindings by "name/arity", fields by name (each getSortValue,
// compared as Java strings compare).
func (l *Lookup) Listing() jsonout.Object {
	classes := make([]*Class, 0, len(l.Classes))
	for _, c := range l.Classes {
		classes = append(classes, c)
	}
	sort.Slice(classes, func(i, j int) bool { return classes[i].Name < classes[j].Name })
	classList := make([]any, len(classes))
	for i, c := range classes {
		classList[i] = c.listing()
	}
	bindings := make([]any, 0, len(l.Bindings))
	for _, k := range sortedKeys(l.Bindings) {
		b := l.Bindings[k]
		bindings = append(bindings, jsonout.Object{
			{Key: "declaring", Value: b.Declaring},
			{Key: "name", Value: b.Name},
			{Key: "return", Value: b.Return},
			{Key: "read_only", Value: b.ReadOnly},
			{Key: "parameters", Value: anyList(b.Parameters)},
		})
	}
	return jsonout.Object{
		{Key: "name", Value: l.Context},
		{Key: "classes", Value: classList},
		{Key: "imported_methods", Value: methodList(l.Imported)},
		{Key: "class_bindings", Value: bindings},
		// Allowlist files cannot declare instance bindings; only a plugin's
		// Java code can, and none of the fake's plugins does.
		{Key: "instance_bindings", Value: []any{}},
	}
}

func (c *Class) listing() jsonout.Object {
	arities := make([]string, 0, len(c.Constructors))
	byKey := map[string]Constructor{}
	for n, k := range c.Constructors {
		key := "<init>/" + strconv.Itoa(n) // buildPainlessConstructorKey
		arities = append(arities, key)
		byKey[key] = k
	}
	sort.Strings(arities)
	ctors := make([]any, len(arities))
	for i, key := range arities {
		k := byKey[key]
		ctors[i] = jsonout.Object{{Key: "declaring", Value: k.Declaring}, {Key: "parameters", Value: anyList(k.Parameters)}}
	}
	return jsonout.Object{
		{Key: "name", Value: c.Name},
		{Key: "imported", Value: c.Imported},
		{Key: "constructors", Value: ctors},
		{Key: "static_methods", Value: methodList(c.StaticMethods)},
		{Key: "methods", Value: methodList(c.Methods)},
		{Key: "static_fields", Value: fieldList(c.StaticFields)},
		{Key: "fields", Value: fieldList(c.Fields)},
	}
}

func methodList(ms map[string]Method) []any {
	out := make([]any, 0, len(ms))
	for _, k := range sortedKeys(ms) {
		m := ms[k]
		out = append(out, jsonout.Object{
			{Key: "declaring", Value: m.Declaring},
			{Key: "name", Value: m.Name},
			{Key: "return", Value: m.Return},
			{Key: "parameters", Value: anyList(m.Parameters)},
		})
	}
	return out
}

func fieldList(fs map[string]Field) []any {
	out := make([]any, 0, len(fs))
	for _, k := range sortedKeys(fs) {
		f := fs[k]
		out = append(out, jsonout.Object{{Key: "declaring", Value: f.Declaring}, {Key: "name", Value: f.Name}, {Key: "type", Value: f.Type}})
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func anyList(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
