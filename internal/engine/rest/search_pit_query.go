package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// searchPIT runs a search whose body names a point in time: the checks of
// RestSearchAction.preparePointInTime and SearchRequest.validate, then the
// search over the point in time's reader contexts.
func (b *Backend) searchPIT(st *cursor.Store, r *Request, spec *searchreq.Spec, start time.Time) (*Response, error) {
	options := false
	for _, k := range []string{"expand_wildcards", "ignore_unavailable", "allow_no_indices", "ignore_throttled"} {
		options = options || hasParam(r, k)
	}
	ccs, ok := r.Param("ccs_minimize_roundtrips")
	problems := searchreq.PITProblems(r.PathParam("index") != "", options, hasParam(r, "routing"), hasParam(r, "preference"), ok && (ccs == "" || ccs == "true"))
	if len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	if err := spec.PIT.Decode(); err != nil {
		return nil, err
	}
	_, scroll := r.Param("scroll")
	if scroll {
		if spec.TrackTotal == -1 {
			problems = append(problems, "disabling [track_total_hits] is not allowed in a scroll context")
		}
		if spec.From > 0 {
			problems = append(problems, "using [from] is not allowed in a scroll context")
		}
		problems = append(problems, "using [point in time] is not allowed in a scroll context")
	}
	ex := b.exec()
	if problems = append(problems, ex.ShardDocProblems(spec, scroll)...); len(problems) > 0 {
		return nil, apierr.Validation(problems...)
	}
	body, aerr := ex.RunPIT(st, spec, start)
	if aerr != nil {
		return nil, aerr
	}
	return OK(body), nil
}

// msearchPITProblems are the preparePointInTime checks of a multi-search
// entry, whose header stands for the URL parameters; they fail the whole
// request, then so does an undecodable id.
func msearchPITProblems(r *Request, e msearchEntry, spec *searchreq.Spec) error {
	_, pref := e.Params["preference"]
	ccs, ok := r.Param("ccs_minimize_roundtrips")
	if problems := searchreq.PITProblems(e.Index != "", e.Options != indices.DefaultOptions(), e.Routing != "", pref, ok && (ccs == "" || ccs == "true")); len(problems) > 0 {
		return apierr.Validation(problems...)
	}
	if err := spec.PIT.Decode(); err != nil {
		return err
	}
	return nil
}
