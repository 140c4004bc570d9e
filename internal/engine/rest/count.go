package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/filter"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// count is GET|POST [/{index}]/_count with an optional {"query":...} body.
func (b *Backend) count(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	for _, p := range []string{"q", "df", "default_operator", "analyzer", "analyze_wildcard", "lenient"} {
		if hasParam(r, p) {
			return nil, apierr.Unsupported("the q parameter of _count (query_string)")
		}
	}
	for _, p := range []string{"routing", "terminate_after", "min_score", "preference"} {
		if hasParam(r, p) {
			return nil, apierr.Unsupported("the " + p + " parameter of _count")
		}
	}
	if _, err := r.Bool("ignore_throttled", false); err != nil {
		return nil, err
	}
	var query dsl.Query = &dsl.MatchAll{}
	if len(r.Body) > 0 {
		v, perr := xcontent.Parse(r.Body)
		if perr != nil {
			if xe, ok := perr.(*xcontent.Error); ok {
				return nil, fromXContent(xe)
			}
			return nil, BodyParseError(perr)
		}
		if v.Kind != xcontent.Object {
			return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
		}
		for i := range v.Members {
			mem := &v.Members[i]
			if mem.Key != "query" {
				return nil, apierr.New(apierr.TypeParsing, "request does not support ["+mem.Key+"]")
			}
			q, qerr := dsl.Parse(&mem.Value)
			if qerr != nil {
				if de, ok := qerr.(*dsl.Error); ok {
					return nil, filter.FromDSL(de)
				}
				return nil, qerr
			}
			query = q
		}
	}
	if b.Indices.HasFilteredAlias(r.PathParam("index")) {
		return nil, apierr.Unsupported("filtered aliases in _count")
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	total, shards := 0, 0
	var failure *apierr.Error
	var failed []any
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		views := x.Views(b.Indices)
		ctx := &filter.Context{Mapping: x.Mapping(), Analyzer: x.Analyzer, Now: b.Clock.Now()}
		for i, sh := range x.Shards {
			var merr *apierr.Error
			sh.Read(&views[i], func(rd *shard.Reader) {
				var bits filter.Bits
				if bits, merr = filter.Match(ctx, rd, query); merr == nil {
					total += bits.Count()
				}
			})
			if merr != nil {
				if merr.Type == apierr.TypeUnsupportedOperation {
					return nil, merr
				}
				if merr.Type == apierr.TypeQueryShard {
					// QueryShardException carries the index it failed on.
					merr.Meta = append(merr.Meta, apierr.Meta{Key: "index", Value: n}, apierr.Meta{Key: "index_uuid", Value: x.UUID})
				}
				if failure == nil {
					failure = merr
				}
				if i == 0 || len(failed) == 0 {
					failed = append(failed, jsonout.Object{{Key: "shard", Value: i}, {Key: "index", Value: n},
						{Key: "node", Value: b.nodeOf(i)}, {Key: "reason", Value: merr.Inline()}})
				}
			}
		}
		shards += len(x.Shards)
	}
	if failure != nil {
		return nil, allShardsFailed(failure, failed)
	}
	return OK(jsonout.Object{{Key: "count", Value: total}, {Key: "_shards", Value: jsonout.Object{{Key: "total", Value: shards},
		{Key: "successful", Value: shards}, {Key: "skipped", Value: 0}, {Key: "failed", Value: 0}}}}), nil
}

// nodeOf is the node holding a primary: shards are spread round-robin.
func (b *Backend) nodeOf(shardNum int) string {
	return b.Cluster.Nodes[shardNum%len(b.Cluster.Nodes)].ID
}

// allShardsFailed is the search_phase_execution_exception of a query that
// failed on every shard (SearchPhaseExecutionException.metadataToXContent).
func allShardsFailed(cause *apierr.Error, failed []any) *apierr.Error {
	return &apierr.Error{Status: cause.Status, Type: apierr.TypeSearchPhaseExecution, Reason: "all shards failed",
		Meta:  []apierr.Meta{{Key: "phase", Value: "query"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: failed}},
		Cause: cause}
}

// fromXContent converts a body parse error.
func fromXContent(e *xcontent.Error) *apierr.Error { return filter.FromDSL(e) }
