package durable

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/templates"
)

// Persister keeps the fake's state in a data directory. Every document
// write is logged where it happens (LogWrite), whoever makes it;
// the log is fsynced before any answer leaves (group commit: one fsync per
// request, however many documents it wrote) and, for writes made in the
// background (asynchronous tasks, direct helpers), by a flusher that
// commits whatever has queued up. Index-level changes made by requests are
// logged after the request; snapshots of the whole state are taken
// periodically and on Close. It is safe for concurrent use.
type Persister struct {
	st        State
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

// State is what a data directory keeps: the backend's indexes, cluster
// identity and persistent cluster settings, and the other stores (nil:
// the server has none).
type State struct {
	Indices *indices.Service
	Cluster *cluster.Cluster
	Clock   clock.Clock
	// Settings returns the dynamic cluster settings.
	Settings func() *clustersettings.Store
	// Host does what only the serving layer can.
	Host Host

	Dangling  *dangling.Store
	Notify    *notify.Service
	Pipelines *ingest.Service
	Templates *templates.Store
}

// Host is what a Persister needs of the server it keeps that the engine
// packages cannot do alone.
type Host interface {
	// CaptureIndex reads a live index whole, as an index file holds it:
	// settings, mapping, aliases and documents (refreshing its shards).
	CaptureIndex(x *indices.Index, now time.Time) dangling.Index
	// AliasCount is the number of aliases of x (part of the cheap change
	// fingerprint).
	AliasCount(x *indices.Index) int
	// ImportIndex creates the index a saved one describes, with its documents.
	ImportIndex(x dangling.Index) error
	// ReplayDoc applies a logged document write (or, with del, a delete) with
	// version as an external version and no ingest pipeline; a version
	// conflict (status 409) means the state already holds something newer.
	ReplayDoc(index, id, routing string, source []byte, version int64, del bool) *apierr.Error
}

// New returns a persister of st over dir.
func New(dir *persist.Dir, st State) *Persister {
	store := st.Dangling
	if store == nil {
		store = dangling.NewStore()
	}
	return &Persister{st: st, dir: dir, dangling: store, notify: st.Notify, pipelines: st.Pipelines, templates: st.Templates, kick: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{}), flushed: make(chan struct{})}
}

// Change is how a successful request's change is recorded, as its
// operation states it.
type Change uint8

// Change kinds.
const (
	// ChangeNothing: read-only operations change nothing to record.
	ChangeNothing Change = iota
	// ChangeDocs: the documents were logged as they were written.
	ChangeDocs
	// ChangeIndexDelete logs the deletion of the indexes the request removed.
	ChangeIndexDelete
	// ChangeNotify logs the notification configs.
	ChangeNotify
	// ChangePipelines logs the ingest pipelines.
	ChangePipelines
	// ChangeTemplates logs the index, component and legacy templates.
	ChangeTemplates
	// ChangeClusterSettings logs the persistent cluster settings.
	ChangeClusterSettings
	// ChangeCheckpoint takes a checkpoint of the whole state.
	ChangeCheckpoint
	// ChangePathIndexes records whole the indexes the request's path names
	// (index-level changes), or takes a checkpoint when it names none.
	ChangePathIndexes
)

// errPersist wraps a failure to make a change durable.
func errPersist(err error) error {
	return fmt.Errorf("clustersearch-fake could not persist the change: %w", err)
}

// Sync makes every queued record durable: a read request calls it before
// answering (a no-op when nothing is queued), so an answer that shows a
// background write, such as a finished task, never outlives it in a crash.
func (p *Persister) Sync() error {
	if err := p.dir.Sync(); err != nil {
		return errPersist(err)
	}
	return nil
}

// Record runs a request that may change the state (run reports whether it
// succeeded) and records what a success changed, as kind says, before the
// answer is sent; pathIndex is the index expression of the request's path
// ("" for none). Checkpoints wait for it.
func (p *Persister) Record(kind Change, pathIndex string, run func() (ok bool)) error {
	p.gate.RLock()
	defer p.gate.RUnlock()
	var before []*indices.Index
	if kind == ChangeIndexDelete {
		before = p.resolve(pathIndex)
	}
	if !run() {
		// A failed request may still have written documents (a
		// by-query stopped by a conflict): commit them.
		return p.Sync()
	}
	if err := p.logChange(kind, pathIndex, before); err != nil {
		return errPersist(err)
	}
	return nil
}

// logChange appends the records of one successful request and syncs.
func (p *Persister) logChange(kind Change, pathIndex string, before []*indices.Index) error {
	switch kind {
	case ChangeNothing, ChangeDocs:
		// Their documents were logged as they were written (OnWrite).
	case ChangeIndexDelete:
		p.logMu.RLock()
		defer p.logMu.RUnlock()
		for _, x := range before {
			if cur, ok := p.st.Indices.Get(x.Name); !ok || cur != x {
				p.logRecord(record{Op: "index_delete", Name: x.Name, UUID: x.UUID})
			}
		}
	case ChangeNotify:
		p.logMu.Lock()
		p.logRecord(record{Op: "notifications", State: p.notify.Snapshot()})
		p.logMu.Unlock()
	case ChangePipelines:
		if p.pipelines == nil {
			return p.checkpointLocked()
		}
		p.logMu.Lock()
		p.logRecord(record{Op: "pipelines", State: p.pipelines.Snapshot()})
		p.logMu.Unlock()
	case ChangeTemplates:
		if p.templates == nil {
			return p.checkpointLocked()
		}
		p.logMu.Lock()
		p.logRecord(record{Op: "templates", State: p.templates.Snapshot()})
		p.logMu.Unlock()
	case ChangeClusterSettings:
		p.logMu.Lock()
		p.logRecord(record{Op: "cluster_settings", State: p.st.Settings().PersistentJSON()})
		p.logMu.Unlock()
	case ChangeCheckpoint:
		return p.checkpointLocked()
	default:
		// ChangePathIndexes: index-level changes (create, settings,
		// mappings, aliases) and operations this layer does not model
		// record the indexes the path names whole; others are caught by
		// the checkpoint.
		if name := pathIndex; name != "" {
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
	names, aerr := p.st.Indices.Resolve(expr, indices.Options{AllowNoIndices: true, IgnoreUnavailable: true, ExpandOpen: true, ExpandClosed: true, ExpandHidden: true})
	if aerr != nil {
		return nil
	}
	var out []*indices.Index
	for _, n := range names {
		if x, ok := p.st.Indices.Get(n); ok {
			out = append(out, x)
		}
	}
	return out
}

// logDoc records a document's current state (or its deletion, with the
// version the delete answered).
func (p *Persister) logDoc(index, id, routing string, deleteVersion int64) {
	x, ok := p.st.Indices.Get(index)
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
		if d, err := settings.ParseTimeValue(iv, "index.translog.sync_interval"); err == nil && d > 0 {
			every = d
		}
	}
	return true, every
}

// ensureLogged records an index whole the first time a write reaches it
// (an index auto-created by the write), before its documents are logged.
func (p *Persister) ensureLogged(name string) {
	x, ok := p.st.Indices.Get(name)
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
	ix := p.captureIndex(x, p.st.Clock.Now())
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
	for _, x := range p.st.Indices.All() {
		fmt.Fprintf(&b, "%s/%s/%p/%d/%d", x.Name, x.UUID, x.Mapping(), len(x.Settings()), p.st.Host.AliasCount(x))
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
	b.Write(p.st.Settings().PersistentJSON())
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
	now := p.st.Clock.Now()
	st := persistedState{Indices: []persistedIndex{}, Dangling: []persistedIndex{}}
	for _, x := range p.st.Indices.All() {
		st.Indices = append(st.Indices, p.captureIndex(x, now))
		p.logged.Store(x.UUID, true)
	}
	for _, d := range p.dangling.List() {
		st.Dangling = append(st.Dangling, fromDangling(d))
	}
	if p.notify != nil {
		st.Notifications = p.notify.Snapshot()
	}
	st.ClusterSettings = p.st.Settings().PersistentJSON()
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
	id := &persistedCluster{UUID: p.st.Cluster.UUID}
	for _, n := range p.st.Cluster.Nodes {
		id.NodeIDs = append(id.NodeIDs, n.ID)
	}
	return id
}

// LogWrite is told of every document write or delete that reached a shard,
// whoever made it (install it as the backend's write observer): it queues the record of a document write
// and wakes the flusher; the request that made the write, if any, syncs
// before answering.
func (p *Persister) LogWrite(x *indices.Index, id, routing string, version int64) {
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

// Commit makes the writes reported to LogWrite durable (the direct
// helpers call it before returning, as a request answers only after its
// fsync).
func (p *Persister) Commit() error { return p.dir.Sync() }

// Start runs the background flusher and takes a checkpoint every interval
// until Close. Install LogWrite and Commit before: once the state is
// restored and before serving.
func (p *Persister) Start(every time.Duration) {
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
