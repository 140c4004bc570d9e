package nodestats

import (
	"sort"
	"strconv"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// sums are the counters of a set of shard copies added up.
type sums struct {
	docs, deleted, store, ops                                   int64
	indexTotal, indexNanos, indexCurrent, indexFailed           int64
	deleteTotal, deleteNanos, deleteCurrent, noopTotal          int64
	getTotal, getNanos, getCurrent, exists, existsNs            int64
	missing, missingNs                                          int64
	queryTotal, queryNanos, queryCurrent                        int64
	fetchTotal, fetchNanos, fetchCurrent                        int64
	scrollTotal, scrollNanos, scrollCurrent, openContexts       int64
	suggestTotal, suggestNanos                                  int64
	pitTotal, pitNanos, pitCurrent                              int64
	refreshTotal, refreshNanos, extRefresh, extRefreshNs        int64
	flushTotal, flushPeriodic, flushNanos, copies, withSegments int64
	cacheHits, cacheMisses                                      int64
	fielddata                                                   map[string]int64
}

// add folds one copy in. Replicas apply every write and refresh too, so they
// count indexing and refresh work; reads are served by the primary.
func (s *sums) add(c Copy, ops *ShardOps) {
	s.copies++
	s.docs += c.Docs
	s.deleted += c.Deleted
	s.store += c.StoreBytes
	s.ops += c.Ops
	if c.Docs+c.Deleted > 0 {
		s.withSegments++
	}
	for f, n := range c.Fielddata {
		if s.fielddata == nil {
			s.fielddata = map[string]int64{}
		}
		s.fielddata[f] += n
	}
	if ops == nil {
		return
	}
	s.indexTotal += ops.indexTotal.Load()
	s.indexNanos += ops.indexNanos.Load()
	s.indexCurrent += ops.indexCurrent.Load()
	s.indexFailed += ops.indexFailed.Load()
	s.deleteTotal += ops.deleteTotal.Load()
	s.deleteNanos += ops.deleteNanos.Load()
	s.deleteCurrent += ops.deleteCurrent.Load()
	s.noopTotal += ops.noopTotal.Load()
	s.refreshTotal += ops.refreshTotal.Load()
	s.refreshNanos += ops.refreshNanos.Load()
	s.extRefresh += ops.externalRefresh.Load()
	s.extRefreshNs += ops.externalRefreshNs.Load()
	s.flushTotal += ops.flushTotal.Load()
	s.flushPeriodic += ops.flushPeriodic.Load()
	s.flushNanos += ops.flushNanos.Load()
	if !c.Primary {
		return
	}
	s.getTotal += ops.getTotal.Load()
	s.getNanos += ops.getNanos.Load()
	s.getCurrent += ops.getCurrent.Load()
	s.exists += ops.existsTotal.Load()
	s.existsNs += ops.existsNanos.Load()
	s.missing += ops.missingTotal.Load()
	s.missingNs += ops.missingNanos.Load()
	s.queryTotal += ops.queryTotal.Load()
	s.queryNanos += ops.queryNanos.Load()
	s.queryCurrent += ops.queryCurrent.Load()
	s.fetchTotal += ops.fetchTotal.Load()
	s.fetchNanos += ops.fetchNanos.Load()
	s.fetchCurrent += ops.fetchCurrent.Load()
	s.scrollTotal += ops.scrollTotal.Load()
	s.scrollNanos += ops.scrollNanos.Load()
	s.scrollCurrent += ops.scrollCurrent.Load()
	s.suggestTotal += ops.suggestTotal.Load()
	s.suggestNanos += ops.suggestNanos.Load()
	s.pitTotal += ops.pitTotal.Load()
	s.pitNanos += ops.pitNanos.Load()
	s.pitCurrent += ops.pitCurrent.Load()
	s.cacheHits += ops.cacheHits.Load()
	s.cacheMisses += ops.cacheMisses.Load()
}

func ms(ns int64) int64 { return time.Duration(ns).Milliseconds() }

// autoThrottle is the merge scheduler's starting rate per shard (20mb/s).
const autoThrottle = 20 << 20

// emptyTranslog is the size of a translog holding no operation (its header
// and checkpoint).
const emptyTranslog = 55

func renderIndices(env Env, req Request, n Node) jsonout.Object {
	var total sums
	type group struct {
		name   string
		copies []Copy
	}
	var groups []group
	for _, c := range n.Copies {
		total.add(c, shardOps(env, c))
		if len(groups) == 0 || groups[len(groups)-1].name != c.Index {
			groups = append(groups, group{name: c.Index})
		}
		groups[len(groups)-1].copies = append(groups[len(groups)-1].copies, c)
	}
	if n.Pos == 0 && env.OpenContexts != nil {
		total.openContexts += int64(env.OpenContexts())
	}
	o := commonStats(env, req, &total)
	switch {
	case equalFold(req.Level, "indices"):
		byIndex := jsonout.Object{}
		for _, g := range groups {
			var s sums
			for _, c := range g.copies {
				s.add(c, shardOps(env, c))
			}
			byIndex = append(byIndex, jsonout.Field{Key: g.name, Value: commonStats(env, req, &s)})
		}
		o = append(o, jsonout.Field{Key: "indices", Value: byIndex})
	case equalFold(req.Level, "shards"):
		byIndex := jsonout.Object{}
		for _, g := range groups {
			var list []any
			for _, c := range g.copies {
				var s sums
				s.add(c, shardOps(env, c))
				list = append(list, jsonout.Object{{Key: strconv.Itoa(c.Shard), Value: commonStats(env, req, &s)}})
			}
			byIndex = append(byIndex, jsonout.Field{Key: g.name, Value: list})
		}
		o = append(o, jsonout.Field{Key: "shards", Value: byIndex})
	}
	return o
}

func shardOps(env Env, c Copy) *ShardOps {
	if env.Registry == nil {
		return nil
	}
	return env.Registry.peek(ShardKey{IndexUUID: c.IndexUUID, Shard: c.Shard})
}

// commonStats writes the selected CommonStats groups in their order.
func commonStats(env Env, req Request, s *sums) jsonout.Object {
	h := req.Human
	o := jsonout.Object{}
	for _, f := range indexMetrics {
		if !req.Selection.Index[f.name] {
			continue
		}
		var v jsonout.Object
		switch f.name {
		case "docs":
			v = jsonout.Object{{Key: "count", Value: s.docs}, {Key: "deleted", Value: s.deleted}}
		case "store":
			v = newBuilder(h).size("size", s.store).size("reserved", 0).obj()
		case "indexing":
			v = indexingStats(env, h, s)
		case "get":
			b := newBuilder(h).add("total", s.getTotal)
			if h && has(env.Version, metric{major: 2, minor: 19}) {
				b.add("getTime", Duration(time.Duration(ms(s.getNanos))*time.Millisecond))
			}
			v = b.millis("time", ms(s.getNanos)).add("exists_total", s.exists).millis("exists_time", ms(s.existsNs)).
				add("missing_total", s.missing).millis("missing_time", ms(s.missingNs)).add("current", s.getCurrent).obj()
		case "search":
			v = searchStats(env, req, s)
		case "merge":
			b := newBuilder(h).add("current", 0).add("current_docs", 0).size("current_size", 0).add("total", 0).
				millis("total_time", 0).add("total_docs", 0).size("total_size", 0).millis("total_stopped_time", 0).
				millis("total_throttled_time", 0).size("total_auto_throttle", autoThrottle*s.copies)
			if has(env.Version, metric{major: 2, minor: 11}) {
				b.add("unreferenced_file_cleanups_performed", 0)
			}
			v = b.obj()
		case "refresh":
			v = newBuilder(h).add("total", s.refreshTotal).millis("total_time", ms(s.refreshNanos)).
				add("external_total", s.extRefresh).millis("external_total_time", ms(s.extRefreshNs)).add("listeners", 0).obj()
		case "flush":
			v = newBuilder(h).add("total", s.flushTotal).add("periodic", s.flushPeriodic).millis("total_time", ms(s.flushNanos)).obj()
		case "warmer":
			v = newBuilder(h).add("current", 0).add("total", s.refreshTotal).millis("total_time", 0).obj()
		case "query_cache":
			v = newBuilder(h).size("memory_size", 0).add("total_count", 0).add("hit_count", 0).add("miss_count", 0).
				add("cache_size", 0).add("cache_count", 0).add("evictions", 0).obj()
		case "fielddata":
			b := newBuilder(h).size("memory_size", fielddataTotal(s.fielddata)).add("evictions", 0)
			if len(req.FielddataFields) > 0 {
				b.add("fields", fielddataFields(h, s.fielddata, req.FielddataFields))
			}
			v = b.obj()
		case "completion":
			b := newBuilder(h).size("size", 0)
			if len(req.CompletionFields) > 0 {
				b.add("fields", jsonout.Object{}) // the fake has no completion fields
			}
			v = b.obj()
		case "segments":
			v = segmentStats(env, req, s)
		case "translog":
			b := newBuilder(h).add("operations", s.ops).size("size", emptyTranslog*s.copies+s.store).
				add("uncommitted_operations", s.ops).size("uncommitted_size", emptyTranslog*s.copies+s.store).
				add("earliest_last_modified_age", 0)
			if has(env.Version, metric{major: 2, minor: 10}) {
				b.add("remote_store", jsonout.Object{{Key: "upload", Value: jsonout.Object{
					{Key: "total_uploads", Value: jsonout.Object{{Key: "started", Value: 0}, {Key: "failed", Value: 0}, {Key: "succeeded", Value: 0}}},
					{Key: "total_upload_size", Value: newBuilder(h).sizeAs("started", "started_bytes", 0).sizeAs("failed", "failed_bytes", 0).
						sizeAs("succeeded", "succeeded_bytes", 0).obj()},
				}}})
			}
			v = b.obj()
		case "request_cache":
			v = newBuilder(h).size("memory_size", 0).add("evictions", 0).add("hit_count", s.cacheHits).add("miss_count", s.cacheMisses).obj()
		case "recovery":
			v = newBuilder(h).add("current_as_source", 0).add("current_as_target", 0).millis("throttle_time", 0).obj()
		}
		o = append(o, jsonout.Field{Key: f.key, Value: v})
	}
	return o
}

func indexingStats(env Env, h bool, s *sums) jsonout.Object {
	b := newBuilder(h).add("index_total", s.indexTotal).millis("index_time", ms(s.indexNanos)).add("index_current", s.indexCurrent).
		add("index_failed", s.indexFailed).add("delete_total", s.deleteTotal).millis("delete_time", ms(s.deleteNanos)).
		add("delete_current", s.deleteCurrent).add("noop_update_total", s.noopTotal).add("is_throttled", false).
		millis("throttle_time", 0)
	if has(env.Version, metric{major: 2, minor: 11}) {
		// DocStatusStats counts item outcomes by HTTP status class.
		b.add("doc_status", jsonout.Object{{Key: "1xx", Value: 0}, {Key: "2xx", Value: s.indexTotal + s.deleteTotal},
			{Key: "3xx", Value: 0}, {Key: "4xx", Value: s.indexFailed}, {Key: "5xx", Value: 0}})
	}
	return b.obj()
}

func searchStats(env Env, req Request, s *sums) jsonout.Object {
	h := req.Human
	phases := func(b *builder, withContexts bool) *builder {
		if withContexts {
			b.add("open_contexts", s.openContexts)
		}
		b.add("query_total", s.queryTotal).millis("query_time", ms(s.queryNanos)).add("query_current", s.queryCurrent)
		if has(env.Version, metric{major: 2, minor: 12}) {
			b.add("concurrent_query_total", 0).millis("concurrent_query_time", 0).add("concurrent_query_current", 0).
				add("concurrent_avg_slice_count", 0.0)
		}
		b.add("fetch_total", s.fetchTotal).millis("fetch_time", ms(s.fetchNanos)).add("fetch_current", s.fetchCurrent).
			add("scroll_total", s.scrollTotal).millis("scroll_time", ms(s.scrollNanos)).add("scroll_current", s.scrollCurrent).
			add("point_in_time_total", s.pitTotal).millis("point_in_time_time", ms(s.pitNanos)).add("point_in_time_current", s.pitCurrent).
			add("suggest_total", s.suggestTotal).millis("suggest_time", ms(s.suggestNanos)).add("suggest_current", 0)
		if has(env.Version, metric{major: 2, minor: 14}) {
			b.add("search_idle_reactivate_count_total", 0)
		}
		return b
	}
	// SearchStats prints groups only when some asked group has stats; the
	// fake tags no search with stats groups.
	return phases(newBuilder(h), true).obj()
}

func segmentStats(env Env, req Request, s *sums) jsonout.Object {
	h := req.Human
	b := newBuilder(h).add("count", s.withSegments).size("memory", 0).size("terms_memory", 0).size("stored_fields_memory", 0).
		size("term_vectors_memory", 0).size("norms_memory", 0).size("points_memory", 0).size("doc_values_memory", 0).
		size("index_writer_memory", 0).size("version_map_memory", 0).sizeAs("fixed_bit_set", "fixed_bit_set_memory_in_bytes", 0).
		add("max_unsafe_auto_id_timestamp", int64(-1))
	if has(env.Version, metric{major: 2, minor: 10}) {
		three := func() jsonout.Object {
			return newBuilder(h).sizeAs("started", "started_bytes", 0).sizeAs("succeeded", "succeeded_bytes", 0).sizeAs("failed", "failed_bytes", 0).obj()
		}
		upload := newBuilder(h).add("total_upload_size", three()).
			add("refresh_size_lag", newBuilder(h).sizeAs("total", "total_bytes", 0).sizeAs("max", "max_bytes", 0).obj()).
			millis("max_refresh_time_lag", 0).millis("total_time_spent", 0).
			add("pressure", jsonout.Object{{Key: "total_rejections", Value: 0}}).obj()
		download := newBuilder(h).add("total_download_size", three()).millis("total_time_spent", 0).obj()
		b.add("remote_store", jsonout.Object{{Key: "upload", Value: upload}, {Key: "download", Value: download}})
		// ReplicationStats writes its figures as strings, human or not.
		b.add("segment_replication", jsonout.Object{{Key: "max_bytes_behind", Value: ByteSize(0)},
			{Key: "total_bytes_behind", Value: ByteSize(0)}, {Key: "max_replication_lag", Value: Duration(0)}})
	}
	files := jsonout.Object{}
	_ = req.IncludeSegmentFileSizes // the fake keeps no Lucene files, so the map stays empty either way
	b.add("file_sizes", files)
	return b.obj()
}

func fielddataTotal(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

// fielddataFields is FieldMemoryStats for the fields the request names
// (wildcards allowed) that hold fielddata, sorted by name.
func fielddataFields(h bool, m map[string]int64, patterns []string) jsonout.Object {
	names := make([]string, 0, len(m))
	for f := range m {
		for _, p := range patterns {
			if wildcard.Simple(p, f) {
				names = append(names, f)
				break
			}
		}
	}
	sort.Strings(names)
	out := jsonout.Object{}
	for _, f := range names {
		out = append(out, jsonout.Field{Key: f, Value: newBuilder(h).size("memory_size", m[f]).obj()})
	}
	return out
}
