package reindex

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// Env is what jobs run against: the node's services, and the document
// write path and shard-copy checks of the layer that owns them.
type Env struct {
	Tasks   *tasks.Manager
	Clock   clock.Clock
	Indices *indices.Service
	// Writer makes the jobs' document writes.
	Writer Writer
	// Copies answers the wait_for_active_shards checks of the writes.
	Copies Copies
	// Remote opens connections to remote clusters (reindex from remote);
	// nil refuses remote sources.
	Remote RemoteDialer
}

// Write is one document write of a batch: an index, create or delete item
// of the bulk request the batch would send.
type Write struct {
	Index, ID, Routing string
	Source             []byte
	Create, Delete     bool
	// AutoID gives the document a generated id (ID is empty).
	AutoID bool
	// IfSeqNo and IfTerm make the write conditional (shard.NoSeqNo: not).
	IfSeqNo, IfTerm int64
	// Version is an external version when HasVersion.
	Version     int64
	HasVersion  bool
	VersionType shard.VersionType
	// RequireAlias fails the write unless Index is an alias.
	RequireAlias bool
	// Pipeline is the ingest pipeline to run when HasPipeline.
	Pipeline    string
	HasPipeline bool
}

// Written is the outcome of a successful write.
type Written struct {
	// Created is true when the write made a new document.
	Created bool
	// Dropped is true when an ingest pipeline dropped the document.
	Dropped bool
}

// Writer writes documents as a bulk item does.
type Writer interface {
	Write(w *Write) (Written, *apierr.Error)
}

// WriterFunc is a function that is a Writer.
type WriterFunc func(w *Write) (Written, *apierr.Error)

// Write calls f.
func (f WriterFunc) Write(w *Write) (Written, *apierr.Error) { return f(w) }

// Copies is the wait_for_active_shards check of the writes.
type Copies interface {
	// Check is nil when shard num of x has the active copies value asks
	// for, else the unavailable_shards_exception its write fails with once
	// the wait is over (what names the shard request in the message).
	Check(x *indices.Index, num int, value string, timeout time.Duration, what string) *apierr.Error
	// WaitsOnNewIndex reports whether an index the write auto-creates has
	// fewer active copies at once than value asks for, so the write waits.
	WaitsOnNewIndex(value string) bool
}
