package mapping

import (
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// NestedDoc is the hidden Lucene document of one nested object: the values
// it carries (its own, plus those its nested children copy up with
// include_in_parent).
type NestedDoc struct {
	Path   string // full path of the nested field
	Values []Value
}

// nestedObject parses one object of a nested field into its own document, as
// DocumentParser does: the object's values leave the enclosing document, and
// when the object ends they are copied to the parent document
// (include_in_parent) and to the root document (include_in_root). Inner
// objects end first, so Parsed.Nested lists children before their parents.
func (p *docParser) nestedObject(fld *Field, full string, sub jsonout.Object) *apierr.Error {
	p.nestStarts = append(p.nestStarts, len(p.out.Values))
	if err := p.object(fld, full, sub); err != nil {
		return err
	}
	// Root copies of deeper objects may have moved this object's start.
	start := p.nestStarts[len(p.nestStarts)-1]
	p.nestStarts = p.nestStarts[:len(p.nestStarts)-1]
	vals := slices.Clone(p.out.Values[start:])
	p.out.Values = p.out.Values[:start]
	p.out.Nested = append(p.out.Nested, NestedDoc{Path: full, Values: vals})
	inParent, inRoot := p.current().NestedIncludes(full)
	parentIsRoot := len(p.nestStarts) == 0
	if inParent {
		p.out.Values = append(p.out.Values, vals...)
	}
	if inRoot && !(inParent && parentIsRoot) {
		if parentIsRoot {
			p.out.Values = append(p.out.Values, vals...)
		} else {
			// The root document's values are those before the outermost open
			// nested object; insert there and shift the open objects' starts.
			at := p.nestStarts[0]
			p.out.Values = slices.Insert(p.out.Values, at, vals...)
			for i := range p.nestStarts {
				p.nestStarts[i] += len(vals)
			}
		}
	}
	return nil
}

// checkDottedNested rejects a dotted field name that reaches through a
// nested object ({"a.x":1} with a nested): DocumentParser's getMapper will not
// expand dots across a nested mapper's boundary.
func (p *docParser) checkDottedNested(path, name string, parts []string) *apierr.Error {
	m := p.current()
	prefix := path
	for _, part := range parts[:len(parts)-1] {
		if prefix == "" {
			prefix = part
		} else {
			prefix += "." + part
		}
		f := m.Lookup(prefix)
		if f == nil || !f.IsObject() {
			return nil
		}
		if f.Type == TypeNested {
			return apierr.MapperParsing("Cannot add a value for field [%s] since one of the intermediate objects is mapped as a nested object: [%s]", name, prefix)
		}
	}
	return nil
}

// NestedIncludes returns the effective include_in_parent and include_in_root
// of the nested field at path. As RootObjectMapper.fixRedundantIncludes does
// in 2.x, include_in_root is dropped where include_in_parent already reaches
// the root (every nested level above copies into its parent); a plain object
// on the way breaks that chain, as the fix's recursion does.
func (m *Mapping) NestedIncludes(path string) (inParent, inRoot bool) {
	included := true // the root "includes" itself
	cur := m.Root
	for rest := path; rest != ""; {
		seg, tail, _ := strings.Cut(rest, ".")
		rest = tail
		if cur = cur.Props[seg]; cur == nil {
			return false, false
		}
		if cur.Type != TypeNested {
			included = false
			continue
		}
		inParent, _ = cur.Params["include_in_parent"].(bool)
		inRoot, _ = cur.Params["include_in_root"].(bool)
		viaParent := included && inParent
		if viaParent && inRoot {
			inRoot = false
		}
		included = viaParent || inRoot
	}
	return inParent, inRoot
}

// fixRedundantIncludes normalises the include flags of the nested fields
// under obj as RootObjectMapper.fixRedundantIncludes does after a mapping is
// parsed or merged: include_in_root goes where include_in_parent already
// reaches the root (included: obj's documents reach the root; a plain object
// on the way does not pass it on). False flags are dropped too: the default,
// and GET _mapping prints an include flag only when it is true.
func fixRedundantIncludes(obj *Field, included bool) {
	for _, f := range obj.Props {
		if !f.IsObject() {
			continue
		}
		if f.Type != TypeNested {
			fixRedundantIncludes(f, false)
			continue
		}
		inParent, _ := f.Params["include_in_parent"].(bool)
		inRoot, _ := f.Params["include_in_root"].(bool)
		viaParent := included && inParent
		if !inParent {
			delete(f.Params, "include_in_parent")
		}
		if !inRoot || viaParent {
			delete(f.Params, "include_in_root")
		}
		fixRedundantIncludes(f, viaParent || inRoot)
	}
}

// checkIncludesKept refuses a mapping update that changes a nested field's
// include_in_parent / include_in_root. The real server rejects it with a
// mapper_exception (500) the fake's error table does not hold; a clear 501
// beats accepting the update and ignoring it.
func checkIncludesKept(old, nf *Field) *apierr.Error {
	if old.Type != TypeNested || nf.Type != TypeNested {
		return nil
	}
	for _, p := range []string{"include_in_parent", "include_in_root"} {
		was, _ := old.Params[p].(bool)
		now, _ := nf.Params[p].(bool)
		if was != now {
			return apierr.Unsupported("updating [" + p + "] on a nested object mapping")
		}
	}
	return nil
}

// Carries reports whether the documents at nested path docPath ("" for the
// root documents) hold the indexed values of field: a field under a nested
// object below docPath lives in that object's hidden document and reaches
// docPath only through include_in_parent (every level up) or, for the root,
// include_in_root.
func (m *Mapping) Carries(docPath, field string) bool {
	if docPath != "" && !strings.HasPrefix(field, docPath+".") {
		return false // not a field of docPath's objects
	}
	// The nested objects between docPath and field, outermost first.
	var levels []string
	for i := len(docPath) + 1; i < len(field); i++ {
		if field[i] != '.' {
			continue
		}
		if f := m.Lookup(field[:i]); f != nil && f.Type == TypeNested {
			levels = append(levels, field[:i])
		}
	}
	for i := len(levels) - 1; i >= 0; i-- {
		inParent, inRoot := m.NestedIncludes(levels[i])
		if docPath == "" && inRoot {
			return true
		}
		if !inParent {
			return false
		}
	}
	return true
}
