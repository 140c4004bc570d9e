package search

import (
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// RenderProfiles is SearchProfileShardResults.toXContent: one entry per
// shard, sorted by its "[node][index][shard]" id, nodeOf naming the node
// that holds a shard number. The fake's shards answer in process, so the
// network times are 0 milliseconds. human adds the readable "time" fields.
func RenderProfiles(profiles []ShardProfile, human bool, nodeOf func(shard int) string) jsonout.Object {
	type entry struct {
		id string
		p  *ShardProfile
	}
	entries := make([]entry, len(profiles))
	for i := range profiles {
		p := &profiles[i]
		entries[i] = entry{"[" + nodeOf(p.Target.Shard) + "][" + p.Target.Index.Name + "][" + strconv.Itoa(p.Target.Shard) + "]", p}
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].id < entries[j].id })
	shards := make([]any, 0, len(entries))
	for _, e := range entries {
		searches := make([]any, len(e.p.Searches))
		for i, s := range e.p.Searches {
			searches[i] = withHumanTimes(s, human)
		}
		aggs := make([]any, len(e.p.Aggs))
		for i, a := range e.p.Aggs {
			aggs[i] = withHumanTimes(a, human)
		}
		shards = append(shards, jsonout.Object{
			{Key: "id", Value: e.id},
			{Key: "inbound_network_time_in_millis", Value: 0},
			{Key: "outbound_network_time_in_millis", Value: 0},
			{Key: "searches", Value: searches},
			{Key: "aggregations", Value: aggs},
		})
	}
	return jsonout.Object{{Key: "shards", Value: shards}}
}

// withHumanTimes adds, with human=true, a "time" before every
// "time_in_nanos" of a profile part (ProfileResult and CollectorResult
// print both).
func withHumanTimes(v any, human bool) any {
	if !human {
		return v
	}
	switch x := v.(type) {
	case jsonout.Object:
		out := make(jsonout.Object, 0, len(x)+1)
		for _, f := range x {
			if n, ok := f.Value.(int64); ok && f.Key == "time_in_nanos" {
				out = append(out, jsonout.Field{Key: "time", Value: humanNanos(n)})
			}
			out = append(out, jsonout.Field{Key: f.Key, Value: withHumanTimes(f.Value, human)})
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withHumanTimes(e, human)
		}
		return out
	}
	return v
}

// humanNanos is TimeValue.toString of a nanosecond count: the largest unit
// it reaches, one decimal kept by truncation and dropped when zero
// ("113.7micros", "2ms", "850nanos").
func humanNanos(n int64) string {
	if n == 0 {
		return "0s"
	}
	units := []struct {
		name string
		size float64
	}{{"d", 86400e9}, {"h", 3600e9}, {"m", 60e9}, {"s", 1e9}, {"ms", 1e6}, {"micros", 1e3}}
	v, suffix := float64(n), "nanos"
	for _, u := range units {
		if float64(n) >= u.size {
			v, suffix = float64(n)/u.size, u.name
			break
		}
	}
	// Cut the shortest decimal form after one fraction digit, as
	// TimeValue.formatDecimal cuts Double.toString.
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		if s[i+1] == '0' {
			s = s[:i]
		} else {
			s = s[:i+2]
		}
	}
	return s + suffix
}
