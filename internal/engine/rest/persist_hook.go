package rest

import (
	"fmt"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/durable"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// PersistWrapper is the persistence layer (LayerPersist) around p: it runs
// the request, records what a successful change did as the route row's
// Persist says, and syncs before the answer is sent. Reads sync too.
func PersistWrapper(p *durable.Persister) Wrapper {
	return func(next Hook) Hook {
		return func(r *Request, h Handler) (*Response, error) {
			meta := r.Meta()
			if r.Method == http.MethodGet || r.Method == http.MethodHead || meta.ReadOnly() {
				resp, err := callNext(next, r, h)
				if serr := p.Sync(); serr != nil {
					return nil, serr
				}
				return resp, err
			}
			var resp *Response
			var err error
			perr := p.Record(persistChange(meta.Persist), r.PathParam("index"), func() bool {
				resp, err = callNext(next, r, h)
				return status(resp, err) < 300
			})
			if perr != nil {
				return nil, perr
			}
			return resp, err
		}
	}
}

// persistChange is the durable change kind of a route row's Persist.
func persistChange(p Persistence) durable.Change {
	switch p {
	case PersistNothing:
		return durable.ChangeNothing
	case PersistDocs:
		return durable.ChangeDocs
	case PersistIndexDelete:
		return durable.ChangeIndexDelete
	case PersistNotify:
		return durable.ChangeNotify
	case PersistPipelines:
		return durable.ChangePipelines
	case PersistTemplates:
		return durable.ChangeTemplates
	case PersistClusterSettings:
		return durable.ChangeClusterSettings
	case PersistCheckpoint:
		return durable.ChangeCheckpoint
	}
	return durable.ChangePathIndexes
}

// PersistState is what a data directory keeps: the backend's part filled
// into parts, which names the other stores (nil: the server has none).
func (b *Backend) PersistState(parts durable.State) durable.State {
	parts.Indices, parts.Cluster, parts.Clock, parts.Settings, parts.Host = b.Indices, b.Cluster, b.Clock, b.clusterSettings, persistHost{b}
	return parts
}

// persistHost is what the persister needs of the backend.
type persistHost struct{ b *Backend }

// CaptureIndex implements durable.Host.
func (h persistHost) CaptureIndex(x *indices.Index, now time.Time) dangling.Index {
	return h.b.captureIndex(x, now)
}

// AliasCount implements durable.Host.
func (h persistHost) AliasCount(x *indices.Index) int { return len(h.b.renderAliases(x, nil)) }

// ImportIndex implements durable.Host.
func (h persistHost) ImportIndex(x dangling.Index) error {
	d := DanglingAPI{b: h.b, store: dangling.NewStore()}
	return d.Import(x)
}

// ReplayDoc implements durable.Host.
func (h persistHost) ReplayDoc(index, id, routing string, source []byte, version int64, del bool) *apierr.Error {
	op := &write.Op{Index: index, ID: id, Routing: routing, Source: source, IfSeqNo: shard.NoSeqNo,
		Version: version, VersionType: shard.External, HasVersion: true, Delete: del, SkipIngest: true}
	_, err := h.b.writer().Run(op)
	return err
}

// captureIndex reads a live index as it stands, aliases included
// (refreshing its shards).
func (b *Backend) captureIndex(x *indices.Index, now time.Time) dangling.Index {
	return Snapshot(x, b.renderAliases(x, nil), now, 1, nil)
}

// ExportIndex writes a live index (metadata and documents) as an index file
// that a server started on a data directory holding it in
// durable.DanglingFolder lists as dangling.
func (d *DanglingAPI) ExportIndex(name, path string) error {
	x, ok := d.b.Indices.Get(name)
	if !ok {
		return fmt.Errorf("fake: no index [%s]", name)
	}
	return durable.WriteIndexFile(d.b.captureIndex(x, d.b.Clock.Now()), path)
}
