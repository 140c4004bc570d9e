package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// simulate is [GET|POST] /_ingest/pipeline[/{id}]/_simulate.
func (d *DocOps) simulate(r *Request) (*Response, error) {
	verbose, err := r.Bool("verbose", false)
	if err != nil {
		return nil, err
	}
	body, perr := parsePainlessBody(r.Body)
	if perr != nil {
		return nil, perr
	}
	var p *ingest.Pipeline
	if id := r.PathParam("id"); id != "" {
		var ok bool
		if p, ok = d.ingest.Lookup(id); !ok {
			return nil, apierr.IllegalArgument("pipeline [%s] does not exist", id)
		}
	} else {
		pv, ok := body.Get("pipeline")
		pm, isMap := pv.(*painless.Map)
		if !ok || !isMap {
			return nil, &apierr.Error{Status: 400, Type: apierr.TypeParse, Reason: "[pipeline] required property is missing", Meta: []apierr.Meta{{Key: "property_name", Value: "pipeline"}}}
		}
		if p, perr = d.ingest.Parse("_simulate_pipeline", pm); perr != nil {
			return nil, perr
		}
	}
	out, serr := d.ingest.Simulate(p, body, verbose)
	if serr != nil {
		return nil, serr
	}
	return OK(jsonout.Object{{Key: "docs", Value: out}}), nil
}
