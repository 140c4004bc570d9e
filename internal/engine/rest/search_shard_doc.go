package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// shardDocProblems applies OpenSearch 3.3's _shard_doc sort: from that
// version on a "_shard_doc" key sorts by (shard << 32) | doc and
// SearchRequest.validate refuses it outside a point in time, in a scroll, or
// twice. Before 3.3 it stays an ordinary (unmapped) field name.
func (b *Backend) shardDocProblems(spec *searchreq.Spec, scroll bool) []string {
	if !b.Cluster.Version.AtLeast(3, 3) {
		return nil
	}
	n := 0
	for i := range spec.Sort {
		if s := &spec.Sort[i]; s.Kind == search.SortField && s.Field == "_shard_doc" {
			s.Kind = search.SortShardDoc
			n++
		}
	}
	var problems []string
	if n > 0 && scroll {
		problems = append(problems, "_shard_doc cannot be used with scroll. Use PIT + search_after instead.")
	}
	if n > 0 && spec.PIT == nil {
		problems = append(problems, "_shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.")
	}
	if n > 1 {
		problems = append(problems, "duplicate _shard_doc sort detected. Specify it at most once.")
	}
	return problems
}
