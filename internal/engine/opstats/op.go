package opstats

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
)

// Recorder counts finished operations in the node statistics. It is safe
// for concurrent use: the counters it writes are.
type Recorder struct {
	Cluster *cluster.Cluster
	Indices *indices.Service
	Clock   clock.Clock
	Reg     *nodestats.Registry
	Cache   *nodestats.RequestCache
	// PITs are the points in time searches may read (nil: none followed).
	PITs *cursor.Store
	// MaxKeepAlive reads search.max_keep_alive (a scroll's keep-alive is
	// checked against it before its contexts are counted).
	MaxKeepAlive func() time.Duration
}

// Op is one finished request as the statistics see it.
type Op struct {
	Name   string           // the operation (index, search, bulk, ...)
	Index  string           // the {index} path parameter
	ID     string           // the {id} path parameter
	Params urlparams.Params // the URL parameters
	Body   []byte           // the request body
	Status int              // the answer's HTTP status
	Took   time.Duration
	// Response is the answer's body as the handler returned it (a bulk's
	// items are read from it).
	Response any
	// Facts are what the handler recorded while it ran.
	Facts *Facts
	// Reparse parses a search request again when its facts hold no spec
	// (nil: it does not parse).
	Reparse func() *searchreq.Spec
}

// reparse is Reparse, nil without one.
func (op *Op) reparse() *searchreq.Spec {
	if op.Reparse == nil {
		return nil
	}
	return op.Reparse()
}

// The HTTP statuses the statistics tell apart (the package stays below the
// HTTP layer, so it does not import net/http for them).
const (
	statusOK       = 200
	statusCreated  = 201
	statusNotFound = 404
	statusConflict = 409
)
