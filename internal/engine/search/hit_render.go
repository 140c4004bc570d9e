package search

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file holds the fetch-phase shaping of hits that the response
// renderers share: HashMap key order, nested identities and sources, and
// the inner hits a query asks for.

// HashOrdered puts fields in the iteration order of the java.util.HashMap
// SearchHit keeps them in (default capacity).
func HashOrdered(o jsonout.Object) jsonout.Object {
	if len(o) < 2 {
		return o
	}
	return javahash.OrderBy(o, func(f jsonout.Field) string { return f.Key }, javahash.TableSize(len(o), javahash.DefaultCapacity))
}

// NestedIdentity renders the _nested object of a hit, outermost level first.
func NestedIdentity(levels []NestedLevel) any {
	if len(levels) == 0 {
		return nil
	}
	o := jsonout.Object{{Key: "field", Value: levels[0].Field}, {Key: "offset", Value: levels[0].Offset}}
	if len(levels) > 1 {
		o = append(o, jsonout.Field{Key: "_nested", Value: NestedIdentity(levels[1:])})
	}
	return o
}

// WrapNested puts a nested object back under its identity's fields, the
// shape source filtering and fetching see (FetchPhase.prepareNestedHitContext).
func WrapNested(obj jsonout.Object, levels []NestedLevel) jsonout.Object {
	var v any = obj
	for i := len(levels) - 1; i >= 0; i-- {
		v = jsonout.Object{{Key: levels[i].Field, Value: v}}
	}
	o, _ := v.(jsonout.Object)
	return o
}

// NestedSource filters the wrapped nested source and unwraps it
// (FetchSourcePhase.getNestedSource): {} when the filter left nothing.
func NestedSource(wrapped jsonout.Object, levels []NestedLevel, f SourceFilter) jsonout.Object {
	var v any = wrapped
	if len(f.Includes) > 0 || len(f.Excludes) > 0 {
		v, _ = FilterSource(wrapped, "", f.Includes, f.Excludes)
	}
	for _, l := range levels {
		o, ok := v.(jsonout.Object)
		if !ok {
			return jsonout.Object{}
		}
		if v, ok = o.Get(l.Field); !ok {
			return jsonout.Object{}
		}
	}
	o, ok := v.(jsonout.Object)
	if !ok {
		return jsonout.Object{}
	}
	return HashOrderedDeep(o).(jsonout.Object)
}

// HashOrderedDeep applies HashOrdered to every object of a value: the
// filtered source is rebuilt from HashMaps at every level.
func HashOrderedDeep(v any) any {
	switch x := v.(type) {
	case jsonout.Object:
		out := make(jsonout.Object, len(x))
		for i, f := range x {
			out[i] = jsonout.Field{Key: f.Key, Value: HashOrderedDeep(f.Value)}
		}
		return HashOrdered(out)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = HashOrderedDeep(e)
		}
		return out
	}
	return v
}

// ExtractInnerHits collects the inner_hits of q's nested, has_child and
// has_parent queries as InnerHitContextBuilder.extractInnerHits does:
// through the compound queries, and below a nested query only when it has
// inner hits itself. parse reads one inner_hits object into its definition.
func ExtractInnerHits(q dsl.Query, parse func(raw *xcontent.Value) (*InnerHitsDef, error)) ([]*InnerHitsDef, error) {
	var out []*InnerHitsDef
	var walk func(q dsl.Query) error
	walk = func(q dsl.Query) error {
		switch x := q.(type) {
		case *dsl.Bool:
			for _, list := range [][]dsl.Query{x.Must, x.Filter, x.Should, x.MustNot} {
				for _, sub := range list {
					if err := walk(sub); err != nil {
						return err
					}
				}
			}
		case *dsl.ConstantScore:
			return walk(x.Filter)
		case *dsl.DisMax:
			for _, sub := range x.Queries {
				if err := walk(sub); err != nil {
					return err
				}
			}
		case *dsl.FunctionScore:
			if x.Query != nil {
				return walk(x.Query)
			}
		case *dsl.Nested:
			if x.InnerHits == nil {
				return nil
			}
			def, err := parse(x.InnerHits)
			if err != nil {
				return err
			}
			def.Nested = x
			if def.Children, err = ExtractInnerHits(x.Query, parse); err != nil {
				return err
			}
			out = append(out, def)
		case *dsl.HasChild, *dsl.HasParent:
			raw := joinInnerHits(x)
			if raw == nil {
				return nil
			}
			def, err := parse(raw)
			if err != nil {
				return err
			}
			def.Join = x
			out = append(out, def)
		}
		return nil
	}
	return out, walk(q)
}

// joinInnerHits is the inner_hits object of a has_child or has_parent
// query, nil when it has none.
func joinInnerHits(q dsl.Query) *xcontent.Value {
	switch x := q.(type) {
	case *dsl.HasChild:
		return x.InnerHits
	case *dsl.HasParent:
		return x.InnerHits
	}
	return nil
}
