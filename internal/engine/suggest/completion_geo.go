package suggest

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// geoQuery is one geo query context (GeoQueryContext) before expansion.
type geoQuery struct {
	lat, lon   float64
	boost      int
	precision  int
	neighbours []int
}

// parseGeoQuery is GeoQueryContext.fromXContent: an object (a point, or
// {"context", "boost", "precision", "neighbours"}, or lat and lon with
// those) or a geohash string.
func parseGeoQuery(v *xcontent.Value) (geoQuery, *apierr.Error) {
	q := geoQuery{boost: 1, precision: 12}
	switch v.Kind {
	case xcontent.String:
		pt, err := mapping.ParseGeoPoint(v.Str, false)
		if err != nil {
			return q, apierr.Parse("%s", err.Error())
		}
		q.lat, q.lon = pt.Lat, pt.Lon
		return q, nil
	case xcontent.Object:
	default:
		return q, apierr.Parse("geo context must be an object or string")
	}
	var hasLat, hasLon, hasPoint bool
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch m.Key {
		case "context":
			pt, err := mapping.ParseGeoPoint(jsonValue(val), false)
			if err != nil {
				return q, apierr.Parse("%s", err.Error())
			}
			q.lat, q.lon, hasPoint = pt.Lat, pt.Lon, true
		case "lat", "lon":
			f, err := strconv.ParseFloat(val.Text(), 64)
			if !val.IsScalar() || err != nil {
				return q, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [geo] failed to parse field ["+m.Key+"]")
			}
			if m.Key == "lat" {
				q.lat, hasLat = f, true
			} else {
				q.lon, hasLon = f, true
			}
		case "boost":
			n, err := intValue(val)
			if err != nil {
				return q, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [geo] failed to parse field [boost]")
			}
			q.boost = n
		case "precision":
			n, err := geoPrecision(val)
			if err != nil {
				return q, err
			}
			q.precision = n
		case "neighbours":
			items := []xcontent.Value{*val}
			if val.Kind == xcontent.Array {
				items = val.Items
			}
			for k := range items {
				n, err := geoPrecision(&items[k])
				if err != nil {
					return q, err
				}
				q.neighbours = append(q.neighbours, n)
			}
		default:
			return q, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [geo] unknown field ["+m.Key+"]")
		}
	}
	if !hasPoint && !(hasLat && hasLon) {
		return q, apierr.IllegalArgument("no geohash or geo point provided")
	}
	return q, nil
}

// geoPrecision is GeoUtils.parsePrecision: a geohash length, or a
// distance turned into one.
func geoPrecision(v *xcontent.Value) (int, *apierr.Error) {
	if n, err := strconv.Atoi(v.Text()); err == nil && v.IsScalar() {
		return n, nil
	}
	m, ok := mapping.ParseDistance(v.Text())
	if !ok || !v.IsScalar() {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+v.Text()+"\"")
	}
	n := mapping.GeohashLevelsForPrecision(m)
	if n < 1 || n > 12 {
		return 0, apierr.IllegalArgument("precision too high [%s]", v.Text())
	}
	return n, nil
}

// expand is GeoContextMapping.toInternalQueryContexts for one query
// context: the point's cell at the smaller of the two precisions, its
// neighbours when that is the field's precision (or the cells of the
// asked neighbour precisions and theirs), shorter cells matched as
// prefixes.
func (q geoQuery) expand(mi int, fieldPrecision int) []queryContext {
	minPrecision := min(fieldPrecision, q.precision)
	hash := mapping.Geohash(q.lat, q.lon, minPrecision)
	seen := map[string]bool{hash: true}
	order := []string{hash}
	add := func(h string) {
		if !seen[h] {
			seen[h] = true
			order = append(order, h)
		}
	}
	switch {
	case len(q.neighbours) == 0 && len(hash) == fieldPrecision:
		for _, n := range mapping.GeohashNeighbours(hash) {
			add(n)
		}
	case len(q.neighbours) > 0:
		for _, np := range q.neighbours {
			if np >= len(hash) {
				continue
			}
			t := hash[:np]
			add(t)
			for _, n := range mapping.GeohashNeighbours(t) {
				add(n)
			}
		}
	}
	out := make([]queryContext, 0, len(order))
	for _, h := range order {
		out = append(out, queryContext{mapping: mi, value: h, boost: q.boost, prefix: len(h) < fieldPrecision})
	}
	return out
}

// jsonValue turns a parsed value back into the decoded form the geo point
// parser reads.
func jsonValue(v *xcontent.Value) any {
	d, err := jsonout.Decode(v.AppendJSON(nil))
	if err != nil {
		return nil
	}
	return d
}
