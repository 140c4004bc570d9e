package mapping

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// legacyShapeParams answers the prefix-tree parameters that select
// LegacyGeoShapeFieldMapper, which the fake does not model.
func legacyShapeParams(unknown []string) *apierr.Error {
	for _, k := range unknown {
		switch k {
		case "tree", "tree_levels", "precision", "strategy", "distance_error_pct", "points_only":
			return apierr.Unsupported("the legacy prefix-tree geo_shape parameter [" + k + "]")
		}
	}
	return nil
}

// shapeOrientation is ShapeBuilder.Orientation.fromString; the mapping
// prints the enum name (RIGHT or LEFT).
func shapeOrientation(field string, v any) (any, *apierr.Error) {
	s := strings.ToLower(javaToString(v))
	switch s {
	case "right", "counterclockwise", "ccw":
		return "RIGHT", nil
	case "left", "clockwise", "cw":
		return "LEFT", nil
	}
	return nil, apierr.MapperParsing("Failed to parse mapping [%s]: Unknown orientation [%s]", field, s)
}

// ShapeOptionsOf returns the parse options of a geo_shape field: coerce
// off and ignore_z_value on unless the mapping says otherwise.
func ShapeOptionsOf(f *Field) ShapeOptions {
	opt := ShapeOptions{IgnoreZ: true}
	if b, ok := f.Params["coerce"].(bool); ok {
		opt.Coerce = b
	}
	if b, ok := f.Params["ignore_z_value"].(bool); ok {
		opt.IgnoreZ = b
	}
	return opt
}

// geoShape indexes one geo_shape value (GeoJSON object or WKT string): its
// doc value is the encoded shape (EncodeShape), which the geo_shape query
// decodes and tests.
func (p *docParser) geoShape(fld *Field, v any) *apierr.Error {
	s, err := ParseShape(v, ShapeOptionsOf(fld))
	if err != nil {
		if p.ignoreMalformed(fld) {
			return nil
		}
		// AbstractGeometryFieldMapper's message names no document id or value.
		return apierr.MapperParsing("failed to parse field [%s] of type [%s]", fld.Path, fld.Type).WithCause(err.APIError())
	}
	if s == nil {
		return nil
	}
	idx, _ := fld.Params["index"].(bool)
	dv, _ := fld.Params["doc_values"].(bool)
	_, idxSet := fld.Params["index"]
	_, dvSet := fld.Params["doc_values"]
	if idxSet && !idx && dvSet && !dv {
		return nil
	}
	p.out.Values = append(p.out.Values, Value{Field: fld, Kind: KindDocKeyword, Str: EncodeShape(*s)})
	return nil
}
