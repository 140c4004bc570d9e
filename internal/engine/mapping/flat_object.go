package mapping

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// A flat_object field indexes a whole JSON object without mapping its
// keys. Stored per document:
//
//	<field>            Keywords (doc values): every key at any depth; postings: every leaf value
//	<field>.<path>     a keyword (postings and doc values) per leaf value, e.g. flat.inner.a
//
// so term, terms, prefix, wildcard, range and exists on "flat" search the
// values and on "flat.inner.a" the values at that path, as keyword queries.

// flatObject indexes one flat_object value (an object or an array of them).
func (p *docParser) flatObject(fld *Field, v any) *apierr.Error {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		for _, e := range x {
			if err := p.flatObject(fld, e); err != nil {
				return err
			}
		}
		return nil
	case jsonout.Object:
		return p.flatWalk(fld, fld.Path, x)
	}
	return p.failField(fld, v, apierr.New(apierr.TypeParsing, "["+fld.Path+"] unexpected token ["+valueToken(v)+"] in flat_object field value"))
}

func (p *docParser) flatWalk(root *Field, path string, obj jsonout.Object) *apierr.Error {
	for _, e := range obj {
		p.out.Values = append(p.out.Values, Value{Field: root, Kind: KindDocKeyword, Str: e.Key})
		if err := p.flatValue(root, path+"."+e.Key, e.Value); err != nil {
			return err
		}
	}
	return nil
}

func (p *docParser) flatValue(root *Field, path string, v any) *apierr.Error {
	switch x := v.(type) {
	case nil:
		return nil
	case jsonout.Object:
		return p.flatWalk(root, path, x)
	case []any:
		for _, e := range x {
			if err := p.flatValue(root, path, e); err != nil {
				return err
			}
		}
		return nil
	}
	text, _ := scalarText(v)
	leaf := &Field{Name: path[strings.LastIndexByte(path, '.')+1:], Path: path, Type: TypeKeyword}
	p.out.Values = append(p.out.Values,
		Value{Field: root, Kind: KindIndexKeyword, Str: text},
		Value{Field: leaf, Kind: KindKeyword, Str: text})
	return nil
}

// FlatLeaf returns the keyword field a path inside a flat_object field
// reads ("flat.inner.a"), or nil when no flat_object holds the path.
func (m *Mapping) FlatLeaf(path string) *Field {
	for i := strings.LastIndexByte(path, '.'); i > 0; i = strings.LastIndexByte(path[:i], '.') {
		if f := m.Lookup(path[:i]); f != nil {
			if f.Type != TypeFlatObject {
				return nil
			}
			return &Field{Name: path[i+1:], Path: path, Type: TypeKeyword}
		}
	}
	return nil
}
