package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// recordLookupGets counts the GET each terms lookup of a search makes: the
// coordinating node rewrites the query once, fetching the lookup document
// through the get action, so the lookup index's shard counts one get
// (exists or missing) whatever the number of searched shards.
func (a *NodesAPI) recordLookupGets(spec *searchreq.Spec) {
	for _, l := range dsl.TermsLookups(spec.PostFilter, dsl.TermsLookups(spec.Query, nil)) {
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
func searchSpecOf(r *Request) *searchreq.Spec {
	cp := *r
	cp.warnings = nil
	spec, err := parseSearch(&cp, r.Body)
	if err != nil {
		return nil
	}
	return spec
}
