package nodestats

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// ParseIndexSelection reads the metric of GET [/{index}]/_stats/{metric}
// (RestIndicesStatsAction): "" or _all selects every group, otherwise a
// comma list of CommonStatsFlags names.
func ParseIndexSelection(path, metricParam string, suggest Suggester) (Selection, *apierr.Error) {
	sel := Selection{Index: map[string]bool{}}
	ms := tokenSet(metricParam)
	if metricParam == "" || (len(ms) == 1 && ms["_all"]) {
		for _, f := range indexMetrics {
			sel.Index[f.name] = true
		}
		return sel, nil
	}
	if ms["_all"] {
		return Selection{}, apierr.IllegalArgument("request [%s] contains _all and individual metrics [%s]", path, metricParam)
	}
	flags := map[string]bool{}
	for _, f := range indexMetrics {
		flags[f.name] = true
	}
	var invalid []string
	for m := range ms {
		if flags[m] {
			sel.Index[m] = true
		} else {
			invalid = append(invalid, m)
		}
	}
	if len(invalid) > 0 {
		return Selection{}, unrecognized(path, "metric", invalid, keys(flags), suggest)
	}
	return sel, nil
}

// IndexCopies are the assigned copies of one index, for indices stats.
type IndexCopies struct {
	Name, UUID string
	Copies     []Copy
}

// RenderIndicesStats is IndicesStatsResponse: the _shards header, _all and,
// unless level is cluster, each index with its uuid, each with the
// primaries' and all copies' stats. An index's open search contexts are its
// open scrolls and points in time.
func RenderIndicesStats(env Env, req Request, list []IndexCopies, totalCopies int) (jsonout.Object, *apierr.Error) {
	level := strings.ToLower(req.Level)
	switch level {
	case "", "indices", "cluster":
	case "shards":
		return nil, apierr.Unsupported("level=shards on indices stats")
	default:
		return nil, apierr.IllegalArgument("level parameter must be one of [cluster] or [indices] or [shards] but was [%s]", req.Level)
	}
	var allPrim, allTotal sums
	byIndex := jsonout.Object{}
	assigned := 0
	for _, ix := range list {
		var prim, total sums
		for _, c := range ix.Copies {
			ops := shardOps(env, c)
			total.add(c, ops)
			allTotal.add(c, ops)
			if c.Primary {
				prim.add(c, ops)
				allPrim.add(c, ops)
			}
			assigned++
		}
		for _, s := range []*sums{&prim, &total} {
			s.openContexts = s.scrollCurrent + s.pitCurrent
		}
		byIndex = append(byIndex, jsonout.Field{Key: ix.Name, Value: jsonout.Object{{Key: "uuid", Value: ix.UUID},
			{Key: "primaries", Value: commonStats(env, req, &prim)}, {Key: "total", Value: commonStats(env, req, &total)}}})
	}
	for _, s := range []*sums{&allPrim, &allTotal} {
		s.openContexts = s.scrollCurrent + s.pitCurrent
	}
	out := jsonout.Object{
		{Key: "_shards", Value: jsonout.Object{{Key: "total", Value: totalCopies}, {Key: "successful", Value: assigned}, {Key: "failed", Value: 0}}},
		{Key: "_all", Value: jsonout.Object{{Key: "primaries", Value: commonStats(env, req, &allPrim)}, {Key: "total", Value: commonStats(env, req, &allTotal)}}},
	}
	if level != "cluster" {
		out = append(out, jsonout.Field{Key: "indices", Value: byIndex})
	}
	return out, nil
}
