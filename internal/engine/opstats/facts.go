package opstats

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// Facts are what a handler learned while it ran that the statistics need
// afterwards: handlers record them, so nothing reads the rendered answer or
// parses the request body a second time.
type Facts struct {
	// Search is the search a search, scroll or point-in-time search ran
	// (nil for none).
	Search *searchreq.Facts
	// Searches are a multi-search's entries in order; nil for those that
	// failed.
	Searches []*searchreq.Facts
	// DocID is the id a document write used (a generated one included).
	DocID string
	// Updated is an update's outcome.
	Updated UpdateOutcome
	// Index is the concrete index an explain read, fetched whether it
	// returned the document ("get").
	Index   string
	Fetched bool
	// ScrollKeepAlive is the keep-alive a scroll request gave (0: none);
	// ClearedScrolls the ids a clear-scroll request named.
	ScrollKeepAlive time.Duration
	ClearedScrolls  []string
	// BulkRouted: some bulk item may carry a routing of its own (its
	// action line may name one), so node statistics read the lines again.
	BulkRouted bool
}

// UpdateOutcome is what an update did.
type UpdateOutcome uint8

// The outcomes of an update.
const (
	UpdateWrote UpdateOutcome = iota
	UpdateNoop
	UpdateDeleted
)
