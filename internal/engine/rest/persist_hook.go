package rest

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/templates"
)

// Persister keeps the fake's state in a data directory. Every document
// write is logged where it happens (Backend.OnWrite), whoever makes it;
// the log is fsynced before any answer leaves (group commit: one fsync per
// request, however many documents it wrote) and, for writes made in the
// background (asynchronous tasks, direct helpers), by a flusher that
// commits whatever has queued up. Index-level changes made by requests are
// logged after the request; snapshots of the whole state are taken
// periodically and on Close. It is safe for concurrent use.
type Persister struct {
	b         *Backend
	dir       *persist.Dir
	dangling  *dangling.Store
	notify    *notify.Service
	pipelines *ingest.Service
	templates *templates.Store

	// gate lets requests write and log concurrently (read side) while a
	// checkpoint captures the state (write side).
	gate sync.RWMutex

	// logged holds the uuids of the indexes whose creation the directory
	// holds; a write that auto-created an index logs the index first.
	logged sync.Map
	// logMu orders the log against the state: records of single documents
	// are read and appended under the read side, whole-index records and
	// snapshots are captured and appended under the write side, so a
	// capture never lands after a record of a later write it missed.
	logMu sync.RWMutex

	// lastPrint is the state fingerprint of the last checkpoint, so a
	// periodic checkpoint of an unchanged state is skipped.
	lastPrint string

	// kick wakes the flusher after a write queued a record.
	kick chan struct{}

	stopOnce sync.Once
	stop     chan struct{}
	done     chan struct{}
	flushed  chan struct{}
}

// PersistedParts are the stores besides the backend's indexes and cluster
// settings that a data directory keeps (nil: the server has none).
type PersistedParts struct {
	Dangling  *dangling.Store
	Notify    *notify.Service
	Pipelines *ingest.Service
	Templates *templates.Store
}

// NewPersister returns a persister over dir.
func NewPersister(b *Backend, dir *persist.Dir, parts PersistedParts) *Persister {
	store := parts.Dangling
	if store == nil {
		store = dangling.NewStore()
	}
	return &Persister{b: b, dir: dir, dangling: store, notify: parts.Notify, pipelines: parts.Pipelines, templates: parts.Templates, kick: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{}), flushed: make(chan struct{})}
}

// Hook returns a handler hook that runs next, logs what a successful
// index-level change did and fsyncs the log before the answer is sent.
// Reads sync too (a no-op when nothing is queued): an answer that shows a
// background write, such as a finished task, never outlives it in a crash.
func (p *Persister) Hook(next Hook) Hook {
	return func(r *Request, h Handler) (*Response, error) {
		meta := r.Meta()
		if r.Method == http.MethodGet || r.Method == http.MethodHead || meta.ReadOnly() {
			resp, err := callNext(next, r, h)
			if serr := p.dir.Sync(); serr != nil {
				return nil, fmt.Errorf("clustersearch-fake could not persist the change: %w", serr)
			}
			return resp, err
		}
		p.gate.RLock()
		defer p.gate.RUnlock()
		var before []*indices.Index
		if meta.Persist == PersistIndexDelete {
			before = p.resolve(r.PathParam("index"))
		}
		resp, err := callNext(next, r, h)
		if status(resp, err) >= 300 {
			// A failed request may still have written documents (a
			// by-query stopped by a conflict): commit them.
			if serr := p.dir.Sync(); serr != nil {
				return nil, fmt.Errorf("clustersearch-fake could not persist the change: %w", serr)
			}
			return resp, err
		}
		if lerr := p.logChange(r, meta.Persist, before); lerr != nil {
			return nil, fmt.Errorf("clustersearch-fake could not persist the change: %w", lerr)
		}
		return resp, err
	}
}

// logChange appends the records of one successful request and syncs.
func (p *Persister) logChange(r *Request, kind Persistence, before []*indices.Index) error {
	switch kind {
	case PersistNothing, PersistDocs:
		// Their documents were logged as they were written (OnWrite).
	case PersistIndexDelete:
		p.logMu.RLock()
		defer p.logMu.RUnlock()
		for _, x := range before {
			if cur, ok := p.b.Indices.Get(x.Name); !ok || cur != x {
				p.logRecord(record{Op: "index_delete", Name: x.Name, UUID: x.UUID})
			}
		}
	case PersistNotify:
		p.logMu.Lock()
		p.logRecord(record{Op: "notifications", State: p.notify.Snapshot()})
		p.logMu.Unlock()
	case PersistPipelines:
		if p.pipelines == nil {
			return p.checkpointLocked()
		}
		p.logMu.Lock()
		p.logRecord(record{Op: "pipelines", State: p.pipelines.Snapshot()})
		p.logMu.Unlock()
	case PersistTemplates:
		if p.templates == nil {
			return p.checkpointLocked()
		}
		p.logMu.Lock()
		p.logRecord(record{Op: "templates", State: p.templates.Snapshot()})
		p.logMu.Unlock()
	case PersistClusterSettings:
		p.logMu.Lock()
		p.logRecord(record{Op: "cluster_settings", State: p.b.clusterSettings().PersistentJSON()})
		p.logMu.Unlock()
	case PersistCheckpoint:
		return p.checkpointLocked()
	default:
		// PersistPathIndexes: index-level changes (create, settings,
		// mappings, aliases) and operations this layer does not model
		// record the indexes the path names whole; others are caught by
		// the checkpoint.
		if name := r.PathParam("index"); name != "" {
			p.logMu.Lock()
			for _, x := range p.resolve(name) {
				p.logIndex(x)
			}
			p.logMu.Unlock()
		} else {
			return p.checkpointLocked()
		}
	}
	return p.dir.Sync()
}

func (p *Persister) resolve(expr string) []*indices.Index {
	names, aerr := p.b.Indices.Resolve(expr, indices.Options{AllowNoIndices: true, IgnoreUnavailable: true, ExpandOpen: true, ExpandClosed: true, ExpandHidden: true})
	if aerr != nil {
		return nil
	}
	var out []*indices.Index
	for _, n := range names {
		if x, ok := p.b.Indices.Get(n); ok {
			out = append(out, x)
		}
	}
	return out
}

// logDoc records a document's current state (or its deletion, with the
// version the delete answered).
func (p *Persister) logDoc(index, id, routing string, deleteVersion int64) {
	x, ok := p.b.Indices.Get(index)
	if !ok || id == "" {
		return
	}
	d, found := x.ShardFor(id, routing).Get(id, true)
	rec := record{Op: "doc_delete", Name: x.Name, UUID: x.UUID, Doc: &persistedDoc{ID: id, Routing: routing, Version: deleteVersion}}
	if found {
		rec = record{Op: "doc", Name: x.Name, UUID: x.UUID,
			Doc: &persistedDoc{ID: id, Routing: d.Routing, Version: d.Version, Source: d.Source}}
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return // every field marshals; nothing to log otherwise
	}
	if async, every := translogAsync(x); async {
		p.dir.AppendLazy(data, every)
		return
	}
	p.dir.Append(data)
}

// translogAsync reports whether an index's documents are synced in the
// background (index.translog.durability: async) and how often
// (index.translog.sync_interval, 5s by default).
func translogAsync(x *indices.Index) (bool, time.Duration) {
	s := x.Settings()
	v, ok := s.Get("index.translog.durability")
	if !ok || !strings.EqualFold(v, "async") {
		return false, 0
	}
	every := 5 * time.Second
	if iv, ok := s.Get("index.translog.sync_interval"); ok {
		if d, err := settings.ParseTime(iv, "index.translog.sync_interval"); err == nil && d > 0 {
			every = d
		}
	}
	return true, every
}

// ensureLogged records an index whole the first time a write reaches it
// (an index auto-created by the write), before its documents are logged.
func (p *Persister) ensureLogged(name string) {
	x, ok := p.b.Indices.Get(name)
	if !ok {
		return
	}
	if _, known := p.logged.Load(x.UUID); known {
		return
	}
	p.logMu.Lock()
	defer p.logMu.Unlock()
	if _, known := p.logged.Load(x.UUID); !known {
		p.logIndex(x)
	}
}

// logIndex records an index whole; the caller holds logMu's write side.
func (p *Persister) logIndex(x *indices.Index) {
	ix := p.b.captureIndex(x, p.b.Clock.Now())
	p.logRecord(record{Op: "index_state", Index: &ix})
	p.logged.Store(x.UUID, true)
}

func (p *Persister) logRecord(rec record) {
	data, err := json.Marshal(rec)
	if err != nil {
		return // every field marshals; nothing to log otherwise
	}
	p.dir.Append(data)
}

// Checkpoint writes a snapshot of the whole state and starts a new log.
func (p *Persister) Checkpoint() error {
	p.gate.Lock()
	defer p.gate.Unlock()
	return p.checkpointLocked()
}

// checkpointIfChanged takes a checkpoint unless the state is the one the
// last checkpoint saved (changes made without a request, such as direct
// helpers and background tasks, are caught here).
func (p *Persister) checkpointIfChanged() error {
	p.gate.Lock()
	defer p.gate.Unlock()
	p.logMu.Lock()
	same := p.fingerprint() == p.lastPrint
	p.logMu.Unlock()
	if same {
		return nil
	}
	return p.checkpointLocked()
}

// fingerprint summarises the persisted state cheaply: each index's
// identity, settings, mapping and shard sequence numbers, the dangling
// indexes and the notification configs.
func (p *Persister) fingerprint() string {
	var b strings.Builder
	for _, x := range p.b.Indices.All() {
		fmt.Fprintf(&b, "%s/%s/%p/%d/%d", x.Name, x.UUID, x.Mapping(), len(x.Settings()), len(p.b.renderAliases(x, nil)))
		for _, sh := range x.Shards {
			fmt.Fprintf(&b, ",%d", sh.SeqNo())
		}
		b.WriteByte(';')
	}
	for _, d := range p.dangling.List() {
		b.WriteString(d.UUID + ";")
	}
	if p.notify != nil {
		fmt.Fprintf(&b, "%x", sha256.Sum256(p.notify.Snapshot()))
	}
	if p.pipelines != nil {
		fmt.Fprintf(&b, "%x", sha256.Sum256(p.pipelines.Snapshot()))
	}
	if p.templates != nil {
		fmt.Fprintf(&b, "templates:%d", p.templates.Changes())
	}
	b.Write(p.b.clusterSettings().PersistentJSON())
	return b.String()
}

// checkpointLocked captures the state; the caller keeps writers out (or,
// from inside a request, holds the read side: then the capture sees that
// request's change and no other writer can be between write and log).
func (p *Persister) checkpointLocked() error {
	p.logMu.Lock()
	defer p.logMu.Unlock()
	state := p.capture()
	p.lastPrint = p.fingerprint()
	names, parts, err := snapshotParts(state)
	if err != nil {
		return err
	}
	write, err := p.dir.Rotate()
	if err != nil {
		return err
	}
	return write(names, parts)
}

func (p *Persister) capture() persistedState {
	now := p.b.Clock.Now()
	st := persistedState{Indices: []persistedIndex{}, Dangling: []persistedIndex{}}
	for _, x := range p.b.Indices.All() {
		st.Indices = append(st.Indices, p.b.captureIndex(x, now))
		p.logged.Store(x.UUID, true)
	}
	for _, d := range p.dangling.List() {
		st.Dangling = append(st.Dangling, fromDangling(d))
	}
	if p.notify != nil {
		st.Notifications = p.notify.Snapshot()
	}
	st.ClusterSettings = p.b.clusterSettings().PersistentJSON()
	if p.pipelines != nil {
		st.Pipelines = p.pipelines.Snapshot()
	}
	if p.templates != nil {
		st.Templates = p.templates.Snapshot()
	}
	st.Cluster = p.identity()
	return st
}

// identity is the cluster's uuid and node ids as saved.
func (p *Persister) identity() *persistedCluster {
	id := &persistedCluster{UUID: p.b.Cluster.UUID}
	for _, n := range p.b.Cluster.Nodes {
		id.NodeIDs = append(id.NodeIDs, n.ID)
	}
	return id
}

// logWrite is Backend.OnWrite: it queues the record of a document write
// and wakes the flusher; the request that made the write, if any, syncs
// before answering.
func (p *Persister) logWrite(x *indices.Index, id, routing string, version int64) {
	p.ensureLogged(x.Name)
	p.logMu.RLock()
	p.logDoc(x.Name, id, routing, version)
	p.logMu.RUnlock()
	select {
	case p.kick <- struct{}{}:
	default: // a flush is already due; it will take this record too
	}
}

// flush commits the records that writes made in the background queued,
// one fsync for all that queued up while the previous one ran.
//
// Records of async indexes are written once their sync_interval has
// passed, all together.
func (p *Persister) flush() {
	defer close(p.flushed)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var armedFor time.Time // when the timer fires (zero: stopped)
	for {
		select {
		case <-p.stop:
			timer.Stop()
			return
		case <-p.kick:
			_ = p.dir.Sync() // an error resurfaces at the next request's Sync
		case <-timer.C:
			armedFor = time.Time{}
			_ = p.dir.SyncAll()
		}
		if due := p.dir.LazyDue(); !due.IsZero() && (armedFor.IsZero() || due.Before(armedFor)) {
			timer.Reset(max(time.Until(due), 0))
			armedFor = due
		}
	}
}

// Start logs every document write from now on (install it once the state
// is restored and before serving) and takes a checkpoint every interval
// until Close.
func (p *Persister) Start(every time.Duration) {
	p.b.OnWrite = p.logWrite
	p.b.Commit = p.dir.Sync
	go p.flush()
	go func() {
		defer close(p.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				_ = p.checkpointIfChanged()
			}
		}
	}()
}

// Close stops the periodic checkpoints, takes a last one and closes the directory.
func (p *Persister) Close(started bool) error {
	p.stopOnce.Do(func() { close(p.stop) })
	if started {
		<-p.done
		<-p.flushed
	}
	err := p.Checkpoint()
	if cerr := p.dir.Close(); err == nil {
		err = cerr
	}
	return err
}
