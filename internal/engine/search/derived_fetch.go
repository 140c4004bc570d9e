package search

import (
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
)

// fetchDerivedFields fills the hits' derived field values the fields option
// asks for (a pattern matches derived field names, an exact name may also
// be an object's sub-field); a shard whose script fails is reported as
// failed and its hits dropped, as with script_fields.
func fetchDerivedFields(ctxs []*shardCtx, res *Result, req *Request) {
	failed := map[int]bool{}
	for i := range res.Hits {
		h := &res.Hits[i]
		ti := targetIndex(req.Targets, h.Target)
		if ti < 0 || failed[ti] || ctxs[ti] == nil || ctxs[ti].derived == nil {
			continue
		}
		vals, err := ctxs[ti].derived.fetch(req.FetchFields, h.Slot)
		if err != nil {
			failed[ti] = true
			res.Failures = append(res.Failures, ShardFailure{Index: h.Target.Index.Name, Shard: h.Target.Shard, Err: err})
			continue
		}
		h.DerivedFields = vals
	}
	if len(failed) == 0 {
		return
	}
	kept := res.Hits[:0]
	for _, h := range res.Hits {
		if !failed[targetIndex(req.Targets, h.Target)] {
			kept = append(kept, h)
		}
	}
	res.Hits = kept
}

// fetch returns one document's values of the derived fields the fields
// option names, in request order (a field without values is left out).
func (ds *derivedState) fetch(fields []FetchField, slot int32) ([]FieldValues, *apierr.Error) {
	var out []FieldValues
	seen := map[string]bool{}
	for _, ff := range fields {
		var names []string
		if ds.defs[ff.Field] != nil || ds.lookup(ff.Field) != nil {
			names = []string{ff.Field}
		} else {
			for n := range ds.defs {
				if wildcard.Simple(ff.Field, n) {
					names = append(names, n)
				}
			}
			sort.Strings(names)
		}
		for _, n := range names {
			f := ds.lookup(n)
			if f == nil || seen[n] {
				continue
			}
			seen[n] = true
			if ff.Format != "" {
				return nil, apierr.IllegalArgument("Field [%s] of type [derived] doesn't support formats.", n)
			}
			vals, err := ds.values(f, slot)
			if err != nil {
				return nil, err
			}
			disp, derr := displayValues(f, vals)
			if derr != nil {
				return nil, derr
			}
			if len(disp) > 0 {
				out = append(out, FieldValues{Field: n, Type: f.Type, Values: disp})
			}
		}
	}
	return out, nil
}
