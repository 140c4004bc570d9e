package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
)

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
