package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// DirectDoc is a document for the no-HTTP helpers.
type DirectDoc struct {
	ID      string // empty: generate one
	Routing string
	Source  []byte
}

// IndexDirect indexes documents without HTTP, with the same mapping, routing
// and versioning as the index API, then refreshes the index when refresh is set.
func (b *Backend) IndexDirect(index string, refresh bool, docs ...DirectDoc) (err error) {
	if b.Commit != nil {
		defer func() {
			if cerr := b.Commit(); err == nil && cerr != nil {
				err = cerr
			}
		}()
	}
	for _, d := range docs {
		op := &write.Op{Index: index, ID: d.ID, Routing: d.Routing, Source: d.Source, IfSeqNo: shard.NoSeqNo, AutoID: d.ID == ""}
		if op.AutoID {
			op.Create = true
		}
		if _, err := b.writer().Run(op); err != nil {
			return err
		}
	}
	if refresh {
		if x, ok := b.Indices.Get(index); ok {
			x.Refresh(b.Indices)
		}
	}
	return nil
}

// GetDirect returns the realtime source of a document.
func (b *Backend) GetDirect(index, id, routing string) ([]byte, bool) {
	x, ok := b.Indices.Get(index)
	if !ok {
		return nil, false
	}
	d, ok := x.ShardFor(id, routing).Get(id, true)
	if !ok {
		return nil, false
	}
	return d.Source, true
}
