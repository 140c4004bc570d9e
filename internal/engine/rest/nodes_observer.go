package rest

import (
	"errors"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/opstats"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// Hook returns a handler hook that counts each request in the node
// statistics (thread pool of the coordinating node, shard operations,
// transport messages to the nodes holding copies), then runs next (or the
// handler when next is nil).
func (a *NodesAPI) Hook(next Hook) Hook {
	return func(r *Request, h Handler) (*Response, error) {
		// Scrolls whose keep-alive ran out are freed (and counted) first.
		a.reg.Scrolls().Expire(a.b.Clock.Now())
		if a.pits != nil {
			a.pits.ExpirePITs()
		}
		var end func()
		if meta := r.Meta(); !meta.Has(ShardPool) && meta.Pool != PoolNone {
			if p := a.reg.Node(0).Pool(meta.Pool); p != nil {
				end = p.Begin()
			}
		}
		start := time.Now()
		resp, err := callNext(next, r, h)
		if end != nil {
			end()
		}
		a.record(r, resp, err, time.Since(start))
		return resp, err
	}
}

// record hands one finished request to the statistics recorder.
func (a *NodesAPI) record(r *Request, resp *Response, err error, took time.Duration) {
	op := opstats.Op{Name: r.Op, Index: r.PathParam("index"), ID: r.PathParam("id"), Params: r.Params, Body: r.Body,
		Status: status(resp, err), Took: took, Facts: &r.facts}
	if resp != nil {
		op.Response = resp.Body
	}
	if r.Op == "search" && (r.facts.Search == nil || r.facts.Search.Spec == nil) {
		// A search whose handler kept no parsed request is parsed again.
		op.Reparse = func() *searchreq.Spec { return searchSpecOf(r) }
	}
	a.rec.Record(&op)
}

// status is the HTTP status of an outcome.
func status(resp *Response, err error) int {
	if err != nil {
		var ae *apierr.Error
		if errors.As(err, &ae) {
			return ae.Status
		}
		return http.StatusInternalServerError
	}
	if resp == nil || resp.Status == 0 {
		return http.StatusOK
	}
	return resp.Status
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
