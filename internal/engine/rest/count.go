package rest

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
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
	if err := spec.ParseCount(r.Params, r.Body, func(v *xcontent.Value) { describeParsedBody(r, v) }); err != nil {
		return nil, err
	}
	ex := b.exec()
	req, res, aerr := ex.Exec(r.PathParam("index"), o, spec, r.Params["routing"])
	if aerr != nil {
		return nil, aerr
	}
	return OK(ex.RenderCount(req, spec, res)), nil
}
