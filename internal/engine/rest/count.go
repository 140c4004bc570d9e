package rest

import (
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// count is GET|POST [/{index}]/_count with an optional {"query":...} body:
// a search of no hits with exact totals, on the search executor.
func (b *Backend) count(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	if _, err := r.BoolOrDefault("ignore_throttled", false); err != nil {
		return nil, err
	}
	spec := &searchreq.Spec{TrackTotal: math.MaxInt32}
	if spec.Cancel, err = b.newSearchRun(r); err != nil {
		return nil, err
	}
	if len(r.Body) > 0 {
		v, perr := xcontent.Parse(r.Body)
		if perr != nil {
			if xe, ok := perr.(*xcontent.Error); ok {
				return nil, apierr.FromXContent(xe)
			}
			return nil, BodyParseError(perr)
		}
		if v.Kind != xcontent.Object {
			return nil, searchreq.ParsingAt(v.Line, v.Col, "Expected [START_OBJECT] but found ["+v.Token()+"]")
		}
		describeParsedBody(r, v)
		for i := range v.Members {
			mem := &v.Members[i]
			if mem.Key != "query" {
				return nil, searchreq.ParsingAt(mem.Line, mem.Col, "request does not support ["+mem.Key+"]")
			}
			q, qerr := dsl.Parse(&mem.Value)
			if qerr != nil {
				return nil, searchreq.APIError(qerr)
			}
			spec.Query = q
		}
	}
	if q, ok := r.Param("q"); ok {
		u := dsl.URLQuery{Q: q, DF: r.Params["df"], Analyzer: r.Params["analyzer"], AnalyzeWildcard: r.Params["analyze_wildcard"],
			Lenient: r.Params["lenient"], DefaultOperator: r.Params["default_operator"]}
		qs, qerr := dsl.QueryStringFromURL(u)
		if qerr != nil {
			return nil, searchreq.APIError(qerr)
		}
		spec.Query = qs
	}
	if v, ok := r.Param("preference"); ok {
		if err := spec.ParsePreference(v); err != nil {
			return nil, err
		}
	}
	n, err := r.Int("terminate_after", 0)
	if err != nil {
		return nil, err
	}
	spec.TerminateAfter = int(n)
	if v, ok := r.Param("min_score"); ok {
		f, perr := strconv.ParseFloat(v, 32)
		if perr != nil {
			return nil, apierr.IllegalArgument("Failed to parse float parameter [min_score] with value [%s]", v)
		}
		f32 := float32(f)
		spec.MinScore = &f32
	}
	req, res, aerr := b.exec().Exec(r.PathParam("index"), o, spec, r.Params["routing"])
	if aerr != nil {
		return nil, aerr
	}
	total := len(req.Targets)
	out := jsonout.Object{{Key: "count", Value: res.Total}}
	if spec.TerminateAfter > 0 {
		out = append(out, jsonout.Field{Key: "terminated_early", Value: res.TerminatedEarly})
	}
	shards := jsonout.Object{{Key: "total", Value: total}, {Key: "successful", Value: total - len(res.Failures)},
		{Key: "skipped", Value: 0}, {Key: "failed", Value: len(res.Failures)}}
	if len(res.Failures) > 0 {
		shards = append(shards, jsonout.Field{Key: "failures", Value: b.exec().ShardFailures(res.Failures, true)})
	}
	return OK(append(out, jsonout.Field{Key: "_shards", Value: shards})), nil
}

// allShardsFailed is the search_phase_execution_exception of a query that
// failed on every shard (SearchPhaseExecutionException.metadataToXContent).
func allShardsFailed(cause *apierr.Error, failed []any) *apierr.Error {
	return &apierr.Error{Status: cause.Status, Type: apierr.TypeSearchPhaseExecution, Reason: "all shards failed",
		Meta:  []apierr.Meta{{Key: "phase", Value: "query"}, {Key: "grouped", Value: true}, {Key: "failed_shards", Value: failed}},
		Cause: cause}
}
