package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// geoShapeQuery is the geo_shape query on a geo_shape field (the shapes
// each document keeps, tested exactly) or a geo_point field (its points as
// a multi-point; contains is refused as VectorGeoPointShapeQueryProcessor
// refuses it). Constant score: the boost.
func (c *shardCtx) geoShapeQuery(q *dsl.GeoShape, boost float32) (node, *apierr.Error) {
	f := c.field(q.Field)
	if f == nil {
		if q.IgnoreUnmapped {
			return &noneNode{reason: "unmapped field [" + q.Field + "]"}, nil
		}
		return nil, c.queryShardErr("failed to find type for field ["+q.Field+"]", nil)
	}
	shape := q.Shape
	if shape == nil || shape.Empty() {
		return &noneNode{reason: "empty shape"}, nil
	}
	desc := f.Path + ":" + strings.ToUpper(q.Relation)
	switch f.Type {
	case mapping.TypeGeoShape:
		var buf []string
		return c.predNode(desc, boost, func(slot int32) bool {
			buf = c.r.Keywords(f.Path, slot, buf[:0])
			if len(buf) == 0 {
				return false
			}
			var d mapping.Shape
			for _, enc := range buf {
				part := mapping.DecodeShape(enc)
				d.Points = append(d.Points, part.Points...)
				d.Lines = append(d.Lines, part.Lines...)
				d.Polygons = append(d.Polygons, part.Polygons...)
			}
			return shapeRelates(&d, shape, q.Relation)
		}), nil
	case mapping.TypeGeoPoint:
		if q.Relation == "contains" {
			return nil, c.queryShardErr("CONTAINS query relation not supported for Field ["+q.Field+"]", nil)
		}
		values := c.r.LongValues(f.Path)
		var buf []int64
		return c.predNode(desc, boost, func(slot int32) bool {
			buf = values(slot, buf[:0])
			if len(buf) == 0 {
				return false
			}
			d := mapping.Shape{Points: make([]mapping.XY, len(buf))}
			for i, v := range buf {
				lat, lon := mapping.DecodeGeoPoint(v)
				d.Points[i] = mapping.XY{X: lon, Y: lat}
			}
			return shapeRelates(&d, shape, q.Relation)
		}), nil
	}
	return nil, c.queryShardErr("Field ["+q.Field+"] is of unsupported type ["+f.Type+"] for [geo_shape] query", nil)
}

// indexedShape fetches the shape an indexed_shape names: the field at
// path of a document read by realtime GET (index "shapes" when unnamed).
func indexedShape(svc *indices.Service, q *dsl.GeoShape) *apierr.Error {
	if svc == nil {
		return apierr.Unsupported("indexed shapes here")
	}
	index := q.IndexedIndex
	if index == "" {
		index = "shapes"
	}
	name, routing, terr := svc.ReadTarget(index)
	if terr != nil {
		return terr
	}
	if routing == "" {
		routing = q.IndexedRouting
	}
	x, ok := svc.Get(name)
	if !ok {
		return apierr.IndexNotFound(index, apierr.ResourceIndexExpression)
	}
	d, found := x.ShardFor(q.IndexedID, routing).Get(q.IndexedID, true)
	if !found {
		return apierr.IllegalArgument("Shape with ID [%s] not found", q.IndexedID)
	}
	src, err := jsonout.Decode(d.Source)
	if err != nil {
		return apierr.IllegalArgument("Shape with ID [%s] not found", q.IndexedID)
	}
	cur := any(src)
	for _, part := range strings.Split(q.IndexedPath, ".") {
		o, ok := cur.(jsonout.Object)
		if !ok {
			cur = nil
			break
		}
		cur, _ = o.Get(part)
	}
	if cur == nil {
		return apierr.New(apierr.TypeIllegalState, "Shape with name ["+q.IndexedID+"] found but missing "+q.IndexedPath+" field")
	}
	s, perr := dsl.ParseQueryShape(cur)
	if perr != nil {
		return apierr.New(perr.Type, perr.Reason)
	}
	q.Shape = s
	return nil
}
