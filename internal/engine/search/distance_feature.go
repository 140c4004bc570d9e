package search

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/similarity"
)

// distanceFeatureNode scores documents by the closest value of a date or
// geo_point field to the origin: boost * pivot / (pivot + distance), as
// Lucene's LongDistanceFeatureQuery and LatLonPointDistanceFeatureQuery do.
type distanceFeatureNode struct {
	c     *shardCtx
	field string
	geo   bool
	// origin and pivot: epoch units of the field for dates; lat/lon and
	// meters for geo points.
	origin     int64
	oLat, oLon float64
	pivot      float64
	boost      float32
	desc       string
	lbuf       []int64
}

func (c *shardCtx) distanceFeature(q *dsl.DistanceFeature, boost float32) (node, *apierr.Error) {
	f := c.field(q.Field)
	if f == nil {
		return &noneNode{reason: "unmapped field"}, nil
	}
	n := &distanceFeatureNode{c: c, field: f.Path, boost: boost}
	switch kindOf(f) {
	case kindGeo:
		lat, lon, err := dsl.GeoPointOf(q.Origin)
		if err != nil {
			return nil, apierr.New(apierr.TypeParse, err.Error())
		}
		meters, ok := dsl.ParseDistance(q.Pivot)
		if !ok {
			return nil, apierr.New(apierr.TypeNumberFormat, "For input string: \""+q.Pivot+"\"")
		}
		n.geo, n.oLat, n.oLon, n.pivot = true, lat, lon, meters
		n.desc = "LatLonPointDistanceFeatureQuery(field=" + f.Path + ",originLat=" + fmtDouble(lat) + ",originLon=" + fmtDouble(lon) + ",pivotDistance=" + fmtDouble(meters) + ")"
	case kindDate:
		lo, _, err := c.dateBounds(f, q.Origin, nil, true, true, "", "")
		if err != nil {
			return nil, err
		}
		ns, ok := dsl.ParseTimeNanos(q.Pivot)
		if !ok {
			return nil, apierr.New(apierr.TypeParse, "failed to parse setting [distance_feature.pivot] with value ["+q.Pivot+"] as a time value: unit is missing or unrecognized")
		}
		pivot := ns / 1e6
		if f.Type == mapping.TypeDateNanos {
			pivot = ns
		}
		n.origin, n.pivot = lo, float64(pivot)
		n.desc = "LongDistanceFeatureQuery(field=" + f.Path + ",origin=" + strconv.FormatInt(lo, 10) + ",pivotDistance=" + strconv.FormatInt(pivot, 10) + ")"
	default:
		return nil, apierr.IllegalArgument("Illegal data type of [%s]! [distance_feature] query can only be run on a date, date_nanos or geo_point field type!", f.Type)
	}
	return n, nil
}

func (n *distanceFeatureNode) String() string { return n.desc }

// distance is the document's smallest distance to the origin (ok false
// without a value).
func (n *distanceFeatureNode) distance(slot int32, buf *[]int64) (float64, int64, bool) {
	*buf = n.c.r.Longs(n.field, slot, (*buf)[:0])
	if len(*buf) == 0 {
		return 0, 0, false
	}
	best, bestV := math.Inf(1), (*buf)[0]
	for _, v := range *buf {
		var d float64
		if n.geo {
			lat, lon := mapping.DecodeGeoPoint(v)
			d = mapping.ArcDistance(n.oLat, n.oLon, lat, lon)
		} else {
			diff := v - n.origin
			if diff < 0 {
				diff = -diff
			}
			if diff < 0 { // overflow of MinInt64
				diff = math.MaxInt64
			}
			d = float64(diff)
		}
		if d < best {
			best, bestV = d, v
		}
	}
	return best, bestV, true
}

func (n *distanceFeatureNode) score(d float64) float32 {
	return float32(float64(n.boost) * (n.pivot / (n.pivot + d)))
}

func (n *distanceFeatureNode) iter() iterator {
	maxDoc := n.c.r.MaxDoc()
	var pending float32
	var buf []int64
	it := &predIter{d: -1, maxDoc: maxDoc}
	it.pred = func(slot int32) bool {
		d, _, ok := n.distance(slot, &buf)
		if ok {
			pending = n.score(d)
		}
		return ok
	}
	return &scoredPredIter{predIter: it, s: &pending}
}

// scoredPredIter is a predIter whose predicate leaves the score of the
// document it accepted.
type scoredPredIter struct {
	*predIter
	s *float32
}

func (s *scoredPredIter) score() float32 { return *s.s }

func (n *distanceFeatureNode) explain(doc int32) similarity.Explanation {
	var buf []int64
	d, v, ok := n.distance(doc, &buf)
	if !ok {
		return similarity.NoMatch("Document " + strconv.Itoa(int(doc)) + " doesn't have a value.")
	}
	if n.geo {
		lat, lon := mapping.DecodeGeoPoint(v)
		return similarity.Match(n.score(d), "Distance score, computed as weight * pivotDistance / (pivotDistance + abs(distance)) from:",
			similarity.Match(n.boost, "weight"), similarity.MatchDouble(n.pivot, "pivotDistance"),
			similarity.MatchDouble(n.oLat, "originLat"), similarity.MatchDouble(n.oLon, "originLon"),
			similarity.MatchDouble(lat, "current lat"), similarity.MatchDouble(lon, "current lon"),
			similarity.MatchDouble(d, "distance"))
	}
	return similarity.Match(n.score(d), "Distance score, computed as weight * pivotDistance / (pivotDistance + abs(value - origin)) from:",
		similarity.Match(n.boost, "weight"), similarity.MatchLong(int64(n.pivot), "pivotDistance"),
		similarity.MatchLong(n.origin, "origin"), similarity.MatchLong(v, "current value"),
		similarity.MatchLong(int64(d), "distance"))
}
