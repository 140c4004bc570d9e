package rest

import "github.com/clustersearch/clustersearch-go/internal/engine/dsl"

// recordLookupGets counts the GET each terms lookup of a search makes: the
// coordinating node rewrites the query once, fetching the lookup document
// through the get action, so the lookup index's shard counts one get
// (exists or missing) whatever the number of searched shards.
func (a *NodesAPI) recordLookupGets(spec *searchSpec) {
	for _, l := range termsLookups(spec.postFilter, termsLookups(spec.query, nil)) {
		name, routing, terr := a.b.Indices.ReadTarget(l.Index)
		if terr != nil {
			continue
		}
		if routing == "" {
			routing = l.Routing
		}
		x, ok := a.b.Indices.Get(name)
		if !ok {
			continue
		}
		_, found := x.ShardFor(l.ID, routing).Get(l.ID, true)
		ops, num := a.shardOpsFor(x, l.ID, routing)
		ops.RecordGet(0, found)
		a.onPrimary(x, num, "get")
	}
}

// searchSpecOf parses a search request again for the statistics (nil when
// it does not parse), without adding its warnings twice.
func searchSpecOf(r *Request) *searchSpec {
	cp := *r
	cp.warnings = nil
	spec, err := parseSearch(&cp, r.Body)
	if err != nil {
		return nil
	}
	return spec
}

// termsLookups lists the terms lookups of a query, in query order.
func termsLookups(q dsl.Query, out []*dsl.TermsLookup) []*dsl.TermsLookup {
	switch x := q.(type) {
	case *dsl.Terms:
		if x.Lookup != nil {
			out = append(out, x.Lookup)
		}
	case *dsl.Bool:
		for _, l := range [][]dsl.Query{x.Must, x.Should, x.Filter, x.MustNot} {
			for _, sub := range l {
				out = termsLookups(sub, out)
			}
		}
	case *dsl.ConstantScore:
		out = termsLookups(x.Filter, out)
	case *dsl.DisMax:
		for _, sub := range x.Queries {
			out = termsLookups(sub, out)
		}
	case *dsl.FunctionScore:
		out = termsLookups(x.Query, out)
		for _, fn := range x.Functions {
			out = termsLookups(fn.Filter, out)
		}
	case *dsl.Nested:
		out = termsLookups(x.Query, out)
	case *dsl.ScriptScore:
		out = termsLookups(x.Query, out)
	case *dsl.Boosting:
		out = termsLookups(x.Positive, out)
		out = termsLookups(x.Negative, out)
	}
	return out
}
