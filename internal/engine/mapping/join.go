package mapping

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// TypeJoin is the parent-join module's join field: one per index, at the
// root, naming each document's relation. A document of a parent relation
// indexes its own id, one of a child relation its parent's id, under the
// hidden keyword field "<join>#<parent relation>"; the join queries and
// aggregations join on that field within a shard (children are routed to
// their parent's shard).
const TypeJoin = "join"

// JoinSpec is the parsed definition of a join field.
type JoinSpec struct {
	// Relations are the parents in definition order.
	Relations []JoinRelation
	// idFields are the "<join>#<parent>" keyword fields by parent name.
	idFields map[string]*Field
}

// JoinRelation is one parent relation and its children.
type JoinRelation struct {
	Parent   string
	Children []string // in the order the mapping prints them
}

// parseJoinParams reads a join field's relations and eager_global_ordinals
// (ParentJoinFieldMapper.TypeParser) and checks them as its builder does.
func parseJoinParams(f *Field, def jsonout.Object, prefix string, multi bool) *apierr.Error {
	if prefix != "" || multi {
		return apierr.IllegalArgument("join field [%s] cannot be added inside an object or in a multi-field", f.Path)
	}
	spec := &JoinSpec{idFields: map[string]*Field{}}
	eager := true
	for _, p := range def {
		switch p.Key {
		case "type":
		case "eager_global_ordinals":
			b, ok := boolValue(p.Value)
			if !ok {
				return apierr.IllegalArgument("Could not convert [eager_global_ordinals] to boolean")
			}
			eager = b
		case "relations":
			rels, ok := p.Value.(jsonout.Object)
			if !ok {
				return apierr.Parse("relations should be a hash but was of type: class %s", javaTypeName(p.Value))
			}
			for _, r := range rels {
				var children []string
				if arr, isArr := r.Value.([]any); isArr {
					for _, c := range arr {
						children = append(children, javaToString(c))
					}
					children = javaHashSetOrder(children)
				} else {
					children = []string{javaToString(r.Value)}
				}
				spec.Relations = append(spec.Relations, JoinRelation{Parent: r.Key, Children: children})
			}
		default:
			return apierr.MapperParsing("Mapping definition for [%s] has unsupported parameters:  [%s : %s]", f.Name, p.Key, javaToString(p.Value))
		}
	}
	seen := map[string]bool{}
	var conflicts []string
	for _, r := range spec.Relations {
		for _, c := range r.Children {
			if seen[c] {
				conflicts = append(conflicts, "["+c+"] cannot have multiple parents")
			}
			seen[c] = true
		}
	}
	if conflicts != nil {
		return apierr.IllegalArgument("invalid definition for join field [%s]:\n[%s]", f.Name, strings.Join(conflicts, ", "))
	}
	spec.index(f.Path)
	f.Join = spec
	f.Params = map[string]any{"eager_global_ordinals": eager, "relations": spec.render()}
	return nil
}

// index builds the parent-id fields of the spec.
func (s *JoinSpec) index(path string) {
	s.idFields = make(map[string]*Field, len(s.Relations))
	for _, r := range s.Relations {
		name := path + "#" + r.Parent
		s.idFields[r.Parent] = &Field{Name: name, Path: name, Type: TypeKeyword, Params: map[string]any{}, Hidden: true}
	}
}

// render prints the relations as GET _mapping does: a lone child as a
// string, several as an array.
func (s *JoinSpec) render() jsonout.Object {
	o := jsonout.Object{}
	for _, r := range s.Relations {
		if len(r.Children) == 1 {
			o = append(o, jsonout.Field{Key: r.Parent, Value: r.Children[0]})
			continue
		}
		cs := make([]any, len(r.Children))
		for i, c := range r.Children {
			cs[i] = c
		}
		o = append(o, jsonout.Field{Key: r.Parent, Value: cs})
	}
	return o
}

// ParentOf returns the parent relation of a child relation ("" when name
// is not a child).
func (s *JoinSpec) ParentOf(child string) string {
	for _, r := range s.Relations {
		for _, c := range r.Children {
			if c == child {
				return r.Parent
			}
		}
	}
	return ""
}

// ChildrenOf returns the children of a parent relation (nil when name is
// not a parent).
func (s *JoinSpec) ChildrenOf(parent string) []string {
	for _, r := range s.Relations {
		if r.Parent == parent {
			return r.Children
		}
	}
	return nil
}

// IsParent reports whether name is a parent relation.
func (s *JoinSpec) IsParent(name string) bool { return s.ChildrenOf(name) != nil }

// IDField is the keyword field that holds the parent ids of a parent
// relation: "<join>#<parent>".
func (s *JoinSpec) IDField(parent string) *Field { return s.idFields[parent] }

// JoinField returns the index's join field, or nil.
func (m *Mapping) JoinField() *Field {
	for _, f := range m.Root.Props {
		if f.Type == TypeJoin {
			return f
		}
	}
	return nil
}

// joinIDField resolves "<join>#<parent>" to its keyword field, or nil.
func (m *Mapping) joinIDField(path string) *Field {
	name, parent, ok := strings.Cut(path, "#")
	if !ok {
		return nil
	}
	if f := m.Root.Props[name]; f != nil && f.Join != nil {
		return f.Join.IDField(parent)
	}
	return nil
}

// checkOneJoin refuses a second join field (each registers the
// _parent_join meta field).
func checkOneJoin(props map[string]*Field) *apierr.Error {
	n := 0
	for _, f := range props {
		if f.Type == TypeJoin {
			n++
		}
	}
	if n > 1 {
		return apierr.MapperParsing("Field [_parent_join] is defined more than once")
	}
	return nil
}

// joinValue indexes a document's join field (ParentJoinFieldMapper.parse):
// the relation name, and the parent id (a child) or its own id (a parent)
// under the parent's id field. A child needs a routing.
func (p *docParser) joinValue(fld *Field, v any) *apierr.Error {
	fail := func(e *apierr.Error) *apierr.Error { return apierr.MapperParsing("failed to parse").WithCause(e) }
	var name, parent string
	hasName, hasParent := false, false
	switch x := v.(type) {
	case jsonout.Object:
		for _, e := range x {
			switch val := e.Value.(type) {
			case string:
				switch e.Key {
				case "name":
					name, hasName = val, true
				case "parent":
					parent, hasParent = val, true
				default:
					return fail(apierr.IllegalArgument("unknown field name [%s] in join field [%s]", e.Key, fld.Path))
				}
			case json.Number:
				if e.Key != "parent" {
					return fail(apierr.IllegalArgument("unknown field name [%s] in join field [%s]", e.Key, fld.Path))
				}
				parent, hasParent = javaNumberString(val), true
			}
		}
	case string:
		name, hasName = x, true
	default:
		return fail(apierr.New(apierr.TypeIllegalState, "[null] expected START_OBJECT or VALUE_STRING but was: "+valueToken(v)))
	}
	spec := fld.Join
	asParent := hasName && spec.IsParent(name)
	parentOf := ""
	if hasName {
		parentOf = spec.ParentOf(name)
	}
	if !asParent && parentOf == "" {
		shown := name
		if !hasName {
			shown = "null"
		}
		return fail(apierr.IllegalArgument("unknown join name [%s] for field [%s]", shown, fld.Path))
	}
	if parentOf != "" {
		if !hasParent {
			return fail(apierr.IllegalArgument("[parent] is missing for join field [%s]", fld.Path))
		}
		if p.routed && p.routing == "" { // nil: a stored document parsed again
			return fail(apierr.IllegalArgument("[routing] is missing for join field [%s]", fld.Path))
		}
		p.out.Values = append(p.out.Values, Value{Field: spec.IDField(parentOf), Kind: KindKeyword, Str: parent})
	}
	if asParent {
		p.out.Values = append(p.out.Values, Value{Field: spec.IDField(name), Kind: KindKeyword, Str: p.id})
	}
	p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindKeyword, Str: name})
	return nil
}

// javaNumberString is Number.toString of a JSON number as Jackson reads
// it: integers as they are, decimals as a Java double prints.
func javaNumberString(n json.Number) string {
	s := n.String()
	if isInteger(s) {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return strconv.FormatInt(i, 10)
		}
		return s
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s
	}
	return fmtJavaDouble(f)
}

// mergeJoin merges a join field update (ParentJoinFieldMapper.mergeOptions):
// parents and children may be added, never removed, and a relation may not
// change side.
func mergeJoin(old, nf *Field) (*Field, *apierr.Error) {
	os, ns := old.Join, nf.Join
	var conflicts []string
	for _, r := range os.Relations {
		if !ns.IsParent(r.Parent) {
			conflicts = append(conflicts, "cannot remove parent ["+r.Parent+"] in join field ["+old.Path+"]")
		}
	}
	for _, r := range ns.Relations {
		if !os.IsParent(r.Parent) {
			if os.ParentOf(r.Parent) != "" {
				conflicts = append(conflicts, "cannot create parent ["+r.Parent+"] from an existing child")
			}
			for _, c := range r.Children {
				if os.IsParent(c) {
					conflicts = append(conflicts, "cannot create child ["+c+"] from an existing parent")
				}
			}
			continue
		}
		for _, c := range os.ChildrenOf(r.Parent) {
			found := false
			for _, nc := range r.Children {
				found = found || nc == c
			}
			if !found {
				conflicts = append(conflicts, "cannot remove child ["+c+"] in join field ["+old.Path+"]")
			}
		}
	}
	if conflicts != nil {
		return nil, apierr.IllegalArgument("Mapper for [%s] conflicts with existing mapping:\n[%s]", old.Path, strings.Join(conflicts, ", "))
	}
	out := nf.clone()
	out.Join = &JoinSpec{Relations: ns.Relations}
	out.Join.index(out.Path)
	return out, nil
}

// javaHashSetOrder orders strings as a java.util.HashSet built from them
// (new HashSet<>(collection), sized for the whole collection) iterates:
// duplicates dropped, by bucket of String.hashCode, then insertion order.
func javaHashSetOrder(in []string) []string {
	var uniq []string
	seen := map[string]bool{}
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			uniq = append(uniq, s)
		}
	}
	return javahash.Strings(uniq, javahash.TableSize(len(uniq), javahash.CollectionCapacity(len(in))))
}
