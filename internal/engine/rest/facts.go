package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
)

// facts are what a handler learned while it ran that the wrappers around
// it need afterwards (node statistics): handlers record them, so nothing
// reads the rendered answer or parses the request body a second time.
type facts struct {
	// search is the search a search, scroll or point-in-time search ran
	// (nil for none).
	search *searchreq.Facts
	// searches are a multi-search's entries in order; nil for those that
	// failed.
	searches []*searchreq.Facts
	// docID is the id a document write used (a generated one included).
	docID string
	// updated is an update's outcome.
	updated updateOutcome
	// index is the concrete index an explain read, fetched whether it
	// returned the document ("get").
	index   string
	fetched bool
	// scrollKeepAlive is the keep-alive a scroll request gave (0: none);
	// clearedScrolls the ids a clear-scroll request named.
	scrollKeepAlive time.Duration
	clearedScrolls  []string
	// bulkRouted: some bulk item may carry a routing of its own (its
	// action line may name one), so node statistics read the lines again.
	bulkRouted bool
}

// updateOutcome is what an update did.
type updateOutcome uint8

const (
	updateWrote updateOutcome = iota
	updateNoop
	updateDeleted
)
