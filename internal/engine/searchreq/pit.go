package searchreq

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// PITSearch is the body's "pit": the id and the optional keep-alive, and,
// once resolved, the frozen shards to search.
type PITSearch struct {
	ID        string
	KeepAlive time.Duration     // 0: not given
	Refs      []cursor.PITShard // the decoded id
	Targets   []search.Target
	Views     []shard.View
}

// TakePIT removes the body's "pit" from v and parses it into s.pit
// (PointInTimeBuilder's ObjectParser: id and keep_alive strings).
func (s *Spec) TakePIT(v *xcontent.Value) error {
	if v.Kind != xcontent.Object {
		return nil
	}
	idx := -1
	for i := range v.Members {
		if v.Members[i].Key == "pit" {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	m := v.Members[idx]
	v.Members = append(v.Members[:idx:idx], v.Members[idx+1:]...)
	val := &m.Value
	if val.Kind != xcontent.Object {
		return unknownKey(&m)
	}
	p := &PITSearch{}
	hasID := false
	for _, f := range val.Members {
		fv := &f.Value
		switch f.Key {
		case "id", "keep_alive":
			if fv.Kind != xcontent.String {
				return apierr.New(apierr.TypeXContentParse, xcontent.Loc(fv.Line, fv.Col)+" [pit] "+f.Key+" doesn't support values of type: "+fv.Token())
			}
			if f.Key == "id" {
				p.ID, hasID = fv.Str, true
				continue
			}
			d, err := settings.ParseTimeValue(fv.Str, "keep_alive")
			if err != nil {
				return apierr.New(apierr.TypeXContentParse, xcontent.Loc(fv.Line, fv.Col)+" [pit] failed to parse field [keep_alive]").WithCause(err)
			}
			p.KeepAlive = d
		default:
			return apierr.New(apierr.TypeXContentParse, xcontent.Loc(f.Line, f.Col)+" [pit] unknown field ["+f.Key+"]")
		}
	}
	if !hasID {
		return apierr.IllegalArgument("point in time id is not provided")
	}
	s.PIT = p
	return nil
}

// PITProblems are RestSearchAction.preparePointInTime's checks: a search
// over a point in time names no index, index options, routing or
// preference, and does not minimize cross-cluster round trips.
func PITProblems(index, options, routing, preference, ccs bool) []string {
	var problems []string
	for _, c := range []struct {
		bad  bool
		what string
	}{{index, "indices"}, {options, "indicesOptions"}, {routing, "routing"}, {preference, "preference"}, {ccs, "ccs_minimize_roundtrips"}} {
		if c.bad {
			problems = append(problems, "["+c.what+"] cannot be used with point in time")
		}
	}
	return problems
}

// Decode reads the id into refs.
func (p *PITSearch) Decode() *apierr.Error {
	refs, err := cursor.DecodePITID(p.ID)
	p.Refs = refs
	return err
}
