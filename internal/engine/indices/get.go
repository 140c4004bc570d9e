package indices

import (
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// GetOptions are the options of a single-document read.
type GetOptions struct {
	Routing  string
	Realtime bool  // read the latest write, not the last refresh
	Refresh  bool  // refresh the shard first
	Version  int64 // the version the document must have; -3: not checked
}

// Got is a document read by GetDocument.
type Got struct {
	Index *Index
	Doc   shard.Doc
	Found bool
}

// GetDocument reads document id of the index or alias name as the get API
// does (ShardGetService): the alias routing and the routing option pick the
// shard, which a non-realtime read refreshes when its interval passed; a
// document whose version differs from Version is a version conflict.
func (s *Service) GetDocument(name, id string, o GetOptions, now time.Time) (Got, *apierr.Error) {
	target, aliasRouting, terr := s.ReadTarget(name)
	if terr != nil {
		return Got{}, terr
	}
	routingValue, rerr := IndexRouting(name, aliasRouting, o.Routing)
	if rerr != nil {
		return Got{}, rerr
	}
	x, ok := s.Get(target)
	if !ok {
		if e := ValidateName(name); e != nil && name != "" && name[0] == '_' {
			return Got{}, apierr.InvalidIndexName(name, "must not start with '_'.")
		}
		return Got{}, apierr.IndexNotFound(name, apierr.ResourceIndexExpression)
	}
	if e := x.Blocked(BlockRead); e != nil {
		return Got{}, e
	}
	sh := x.ShardFor(id, routingValue)
	if o.Refresh {
		sh.Refresh(now)
	} else if !o.Realtime {
		sh.MaybeRefresh(now, x.RefreshInterval())
	}
	doc, found := sh.Get(id, o.Realtime)
	if !found {
		return Got{Index: x}, nil
	}
	// Reads compare versions for equality whatever the version type.
	if o.Version != -3 && doc.Version != o.Version {
		return Got{}, apierr.VersionConflict(id, "current version ["+strconv.FormatInt(doc.Version, 10)+"] is different than the one provided ["+
			strconv.FormatInt(o.Version, 10)+"]", x.Name, sh.Num, x.UUID)
	}
	return Got{Index: x, Doc: doc, Found: true}, nil
}

// StoredValues returns the requested fields mapped with store:true, read from
// the source (the fake keeps no separate stored copy), as arrays.
func StoredValues(x *Index, source []byte, names []string) jsonout.Object {
	if len(names) == 0 {
		return nil
	}
	m := x.Mapping()
	var tree any
	out := jsonout.Object{}
	for _, n := range names {
		f := m.Lookup(n)
		if f == nil {
			continue
		}
		if stored, _ := f.Params["store"].(bool); !stored {
			continue
		}
		if tree == nil {
			var err error
			if tree, err = jsonout.Decode(source); err != nil {
				return nil
			}
		}
		vals := valuesAt(tree, strings.Split(n, "."))
		if len(vals) > 0 {
			out = append(out, jsonout.Field{Key: n, Value: vals})
		}
	}
	return out
}

// valuesAt collects the scalar values at a dotted path, through arrays.
func valuesAt(v any, path []string) []any {
	switch x := v.(type) {
	case []any:
		var out []any
		for _, e := range x {
			out = append(out, valuesAt(e, path)...)
		}
		return out
	case jsonout.Object:
		if len(path) == 0 {
			return nil
		}
		var out []any
		for _, f := range x {
			if f.Key == path[0] {
				out = append(out, valuesAt(f.Value, path[1:])...)
			}
		}
		return out
	case nil:
		return nil
	}
	if len(path) != 0 {
		return nil
	}
	return []any{v}
}
