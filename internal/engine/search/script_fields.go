package search

import (
	"encoding/json"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// fieldScript is one compiled script_fields entry of a shard.
type fieldScript struct {
	f  ScriptField
	ss *searchScript
}

// compileScriptFields compiles the script_fields for this shard, as SearchService does
// while it sets the shard's search up (a compile error fails the shard, even one
// without hits).
func (c *shardCtx) compileScriptFields(fields []ScriptField) ([]fieldScript, *apierr.Error) {
	out := make([]fieldScript, 0, len(fields))
	for _, f := range fields {
		ss, err := c.compileScript(f.Script, fieldContext)
		if err != nil {
			return nil, err
		}
		out = append(out, fieldScript{f: f, ss: ss})
	}
	return out, nil
}

// scriptFieldValues runs the script fields on one hit (ScriptFieldsPhase): a collection
// result gives its elements, anything else (null included) one value. A failure of a
// field with ignore_failure leaves the field out; any other fails the shard.
func (c *shardCtx) scriptFieldValues(scripts []fieldScript, slot int32) ([]FieldValues, *apierr.Error) {
	var out []FieldValues
	for i, fs := range scripts {
		v, err := fs.ss.run(slot, 0)
		var vals []any
		if err == nil {
			items := painless.FieldValues(v)
			vals = make([]any, len(items))
			for j, it := range items {
				b, jerr := painless.EncodeJSON(it)
				if jerr != nil {
					err = scriptErr(jerr)
					if err.Type == apierr.TypeIllegalArgument && err.Reason == "Iterable object is self-referencing itself" {
						err.Reason += " (ScriptFieldsPhase leaf script " + strconv.Itoa(i) + ")"
					}
					break
				}
				vals[j] = json.RawMessage(b)
			}
		}
		if err != nil {
			if fs.f.IgnoreFailure {
				continue
			}
			return nil, err
		}
		if len(vals) > 0 { // SearchHit leaves fields without values out
			out = append(out, FieldValues{Field: fs.f.Name, Values: vals})
		}
	}
	return out, nil
}

// fetchScriptFields fills the hits' script fields; a shard whose script fails is
// reported as failed and its hits are dropped (with one shard, OpenSearch fetches in the
// query phase, so the failure is the query's).
func fetchScriptFields(ctxs []*shardCtx, res *Result, targets []Target) {
	failed := map[int]bool{}
	for i := range res.Hits {
		h := &res.Hits[i]
		ti := targetIndex(targets, h.Target)
		if ti < 0 || failed[ti] || ctxs[ti] == nil || ctxs[ti].fieldScripts == nil {
			continue
		}
		c := ctxs[ti]
		vals, err := c.scriptFieldValues(c.fieldScripts, h.Slot)
		if err != nil {
			failed[ti] = true
			res.Failures = append(res.Failures, ShardFailure{Index: h.Target.Index.Name, Shard: h.Target.Shard, Err: err})
			continue
		}
		h.ScriptFields = vals
	}
	if len(failed) == 0 {
		return
	}
	kept := res.Hits[:0]
	for _, h := range res.Hits {
		if !failed[targetIndex(targets, h.Target)] {
			kept = append(kept, h)
		}
	}
	res.Hits = kept
}

func targetIndex(targets []Target, t Target) int {
	for i, x := range targets {
		if x.Index == t.Index && x.Shard == t.Shard {
			return i
		}
	}
	return -1
}
