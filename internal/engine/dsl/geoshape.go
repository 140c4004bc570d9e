package dsl

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// GeoShape is the geo_shape query: documents whose shape (or point) of
// Field relates to Shape by Relation. Shape is nil when the query names an
// indexed shape, which the search layer fetches.
type GeoShape struct {
	Base
	Field          string
	Shape          *mapping.Shape
	Relation       string // intersects (default), disjoint, within, contains
	IgnoreUnmapped bool
	// Indexed shape: the document ID in Index (routed by Routing) whose
	// Path field holds the shape; Path defaults to "shape".
	IndexedID, IndexedIndex, IndexedPath, IndexedRouting string
}

// Kind returns "geo_shape".
func (*GeoShape) Kind() string { return "geo_shape" }

func parseGeoShape(obj *xcontent.Value) (Query, *Error) {
	q := &GeoShape{Base: newBase(obj), Relation: "intersects"}
	haveShape := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		// geo_shape takes no validation_method: the key is a field name.
		if ok, err := readGeoOption(m.Key, v, &q.Base, &q.IgnoreUnmapped, nil); ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		if v.Kind != xcontent.Object {
			return nil, parsingAt(v, "[geo_shape] query does not support ["+m.Key+"]")
		}
		if q.Field != "" {
			return nil, parsingAt(v, "[geo_shape] point specified twice. ["+m.Key+"]")
		}
		q.Field = m.Key
		for j := range v.Members {
			fm := &v.Members[j]
			fv := &fm.Value
			switch fm.Key {
			case "shape":
				s, err := queryShape(fv)
				if err != nil {
					return nil, err
				}
				q.Shape, haveShape = s, true
			case "relation":
				r := strings.ToLower(fv.Text())
				switch r {
				case "intersects", "disjoint", "within", "contains":
					q.Relation = r
				default:
					return nil, parsingAt(fv, "Unknown shape operation ["+fv.Text()+" ]")
				}
			case "indexed_shape":
				if fv.Kind != xcontent.Object {
					return nil, parsingAt(fv, "[geo_shape] query does not support ["+fm.Key+"]")
				}
				for k := range fv.Members {
					im := &fv.Members[k]
					switch im.Key {
					case "id":
						q.IndexedID = im.Value.Text()
					case "index":
						q.IndexedIndex = im.Value.Text()
					case "path":
						q.IndexedPath = im.Value.Text()
					case "routing":
						q.IndexedRouting = im.Value.Text()
					default:
						return nil, parsingAt(&im.Value, "[geo_shape] unknown token ["+tokenOf(&im.Value)+"] after ["+im.Key+"]")
					}
				}
			case "strategy":
				// a prefix-tree option: the vector field ignores it
			default:
				return nil, parsingAt(fv, "[geo_shape] query does not support ["+fm.Key+"]")
			}
		}
	}
	if q.Field == "" {
		return nil, illegalArgument("fieldName is required")
	}
	if !haveShape && q.IndexedID == "" {
		return nil, illegalArgument("either shape or indexedShapeId is required")
	}
	if q.IndexedPath == "" {
		q.IndexedPath = "shape"
	}
	return q, nil
}

func tokenOf(v *xcontent.Value) string {
	switch v.Kind {
	case xcontent.Object:
		return "START_OBJECT"
	case xcontent.Array:
		return "START_ARRAY"
	}
	return "VALUE_STRING"
}

// queryShape parses a query's shape as GeometryParser(true, true, true)
// does: right orientation, open rings closed, Z ignored.
func queryShape(v *xcontent.Value) (*mapping.Shape, *Error) {
	doc, derr := jsonout.Decode(v.AppendJSON(nil))
	if derr != nil {
		return nil, parseException(derr.Error())
	}
	s, err := ParseQueryShape(doc)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// ParseQueryShape parses a shape given to a geo_shape query (inline, or
// read from an indexed document); an EMPTY geometry gives an empty shape.
func ParseQueryShape(doc any) (*mapping.Shape, *Error) {
	s, err := mapping.ParseShape(doc, mapping.ShapeOptions{Coerce: true, IgnoreZ: true})
	if err != nil {
		return nil, &Error{Type: err.Type, Reason: err.Msg, Status: 400}
	}
	if s == nil {
		s = &mapping.Shape{}
	}
	return s, nil
}
