package indices

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// ShardFor returns the shard a document id (or routing) lands on.
func (x *Index) ShardFor(id, routingValue string) *shard.Shard {
	return x.Shards[x.Routing.Shard(id, routingValue)]
}

// ParseSource parses a document against the mapping, applying dynamic
// mapping updates, and returns its indexable fields (text analysed). Call
// Release when the write is done.
func (x *Index) ParseSource(id string, source []byte) (*Prepared, *apierr.Error) {
	return x.parseSource(id, "", false, source, true)
}

// ParseSourceRouted is ParseSource for a write with its routing ("" for
// none): a join field's child documents require one.
func (x *Index) ParseSourceRouted(id, routing string, source []byte) (*Prepared, *apierr.Error) {
	return x.parseSource(id, routing, true, source, true)
}

func (x *Index) parseSource(id, routing string, routed bool, source []byte, limits bool) (*Prepared, *apierr.Error) {
	p, err := x.parse(id, routing, routed, source, limits)
	if err != nil {
		return nil, err
	}
	return x.prepare(p), nil
}

func (x *Index) parse(id, routing string, routed bool, source []byte, limits bool) (*mapping.Parsed, *apierr.Error) {
	doc, err := jsonout.Decode(source)
	if err != nil {
		return nil, apierr.MapperParsing("failed to parse").WithCause(apierr.JSONSyntax(source, err))
	}
	if _, ok := doc.(jsonout.Object); !ok {
		return nil, apierr.MapperParsing("failed to parse").WithCause(apierr.Parse("Failed to derive xcontent"))
	}
	m := x.Mapping()
	parsed, updated, perr := parseWith(m, id, routing, routed, doc)
	if perr == nil && limits {
		perr = x.checkNestedLimit(parsed)
	}
	if perr != nil {
		return nil, perr
	}
	if updated == nil {
		return parsed, nil
	}
	if limits {
		// The dynamic update is checked before it is applied
		// (MapperService.merge, MAPPING_UPDATE_PREFLIGHT).
		if err := updated.CheckLimits(mapping.LimitsOf(x.Settings())); err != nil {
			return nil, err
		}
	}
	x.mappingMu.Lock()
	defer x.mappingMu.Unlock()
	if cur := x.Mapping(); cur != m {
		// Another write changed the mapping meanwhile: parse again on top of it.
		if parsed, updated, perr = parseWith(cur, id, routing, routed, doc); perr == nil && limits {
			perr = x.checkNestedLimit(parsed)
		}
		if perr != nil {
			return nil, perr
		}
		if updated == nil {
			return parsed, nil
		}
		if limits {
			if err := updated.CheckLimits(mapping.LimitsOf(x.Settings())); err != nil {
				return nil, err
			}
		}
	}
	x.mapping.Store(updated)
	return parsed, nil
}

// Write indexes (Source set) or deletes one document on its shard.
func (x *Index) Write(w *shard.Write, isDelete bool) (shard.Result, int, *apierr.Error) {
	sh := x.WriteShard(w)
	var res shard.Result
	var conflict *shard.Conflict
	if isDelete {
		res, conflict = sh.Delete(w)
	} else {
		res, conflict = sh.Index(w)
	}
	if conflict != nil {
		return res, sh.Num, x.ConflictError(w, sh, conflict)
	}
	return res, sh.Num, nil
}

// WriteShard returns the shard w goes to, after filling in the defaults
// Write fills in: for callers that hand a shard several writes at once.
func (x *Index) WriteShard(w *shard.Write) *shard.Shard {
	if w.GCDeletes == 0 {
		w.GCDeletes = x.timeSetting("index.gc_deletes", 60*time.Second)
	}
	return x.ShardFor(w.ID, w.Routing)
}

// ConflictError is the version_conflict_engine_exception of a write sh
// refused.
func (x *Index) ConflictError(w *shard.Write, sh *shard.Shard, c *shard.Conflict) *apierr.Error {
	return apierr.VersionConflict(w.ID, c.Explanation, x.Name, sh.Num, x.UUID)
}

// Refresh refreshes every shard.
func (x *Index) Refresh(s *Service) {
	now := s.clock.Now()
	for _, sh := range x.Shards {
		sh.Refresh(now)
	}
}

// Views runs the scheduled refresh where due and returns each shard's view.
func (x *Index) Views(s *Service) []shard.View {
	now := s.clock.Now()
	out := make([]shard.View, len(x.Shards))
	interval := x.RefreshInterval()
	for i, sh := range x.Shards {
		out[i] = sh.MaybeRefresh(now, interval)
	}
	return out
}

// UpdateMapping merges a mapping update (PUT _mapping) into the index.
func (x *Index) UpdateMapping(upd *mapping.Mapping) *apierr.Error {
	x.mappingMu.Lock()
	defer x.mappingMu.Unlock()
	merged, err := x.Mapping().Merge(upd)
	if err != nil {
		return err
	}
	if err := mapping.ResolveKNN(merged, x.Settings()); err != nil {
		return err
	}
	if err := merged.CheckLimits(mapping.LimitsOf(x.Settings())); err != nil {
		return err
	}
	if err := x.checkMappingAnalyzers(merged.Root); err != nil {
		return err
	}
	x.mapping.Store(merged)
	return nil
}

// parseWith parses with the write's routing when it is known.
func parseWith(m *mapping.Mapping, id, routing string, routed bool, doc any) (*mapping.Parsed, *mapping.Mapping, *apierr.Error) {
	if !routed {
		return m.Parse(id, doc)
	}
	return m.ParseRouted(id, routing, doc)
}
