package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// scrollPageFailed is the error of a later scroll page whose fetch failed
// on every shard of the scroll (SearchScrollAsyncAction.onShardFailure:
// no successful shard left), nil otherwise. A scroll over one shard fetches
// in its query round (QUERY_AND_FETCH), so its phase is "query"; over
// several, the failure is the fetch round's.
func (b *Backend) scrollPageFailed(req *search.Request, res *search.Result) *apierr.Error {
	if len(res.Failures) == 0 || len(res.Failures) < len(req.Targets) {
		return nil
	}
	e := b.searchFailed(res.Failures)
	if len(req.Targets) > 1 {
		e.Meta[0].Value = "fetch"
	}
	return e
}

// expiringFirst frees the scroll and point-in-time contexts whose
// keep-alive ran out before h runs, so a force merge keeps only the
// versions live contexts still see (the server's reaper frees expired
// contexts every search.keep_alive_interval; the fake frees them lazily).
func expiringFirst(st *cursor.Store, h Handler) Handler {
	return func(r *Request) (*Response, error) {
		st.Expire()
		return h(r)
	}
}
