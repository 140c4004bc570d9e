package fake

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// extConfig holds the options of the nodes, dangling, notifications and
// data-directory features.
type extConfig struct {
	notify        notifyConfig
	attributes    map[int][][2]string
	dataDir       string
	snapshotEvery time.Duration
}

// WithDataDir keeps the cluster's indexes, documents, settings, dangling
// indexes and notification configs in dir, so a server started again on it
// finds everything acknowledged before (a crash included): each write is
// logged and fsynced before its answer, as OpenSearch's translog does by
// default, and the whole state is snapshotted periodically and on Close.
// Without it the fake stays purely in memory.
func WithDataDir(dir string) Option { return func(c *config) { c.ext.dataDir = dir } }

// WithSnapshotInterval sets how often a data directory gets a full snapshot
// (default one minute); the log between snapshots is replayed on start.
func WithSnapshotInterval(d time.Duration) Option { return func(c *config) { c.ext.snapshotEvery = d } }

// extensions is the per-server state of those features.
type extensions struct {
	notify   *notify.Service
	nodes    *rest.NodesAPI
	dangling *rest.DanglingAPI
	persist  *rest.Persister
}

// startExtensions builds the features' state and registers their routes.
func startExtensions(cfg *config, b *rest.Backend, router *rest.Server, docops *rest.DocOps, search *rest.SearchState) (*extensions, error) {
	x := &extensions{}
	x.notify = newNotify(cfg, nil)
	router.Add(b.NotifyRoutes(x.notify)...)
	router.Add(b.KNNRoutes()...) // the k-NN plugin's stats and cache APIs

	x.nodes = rest.NewNodesAPI(b)
	x.nodes.Attributes = cfg.ext.attributes
	x.nodes.DataPath = cfg.ext.dataDir // the fs group measures the data directory ("" : the working directory)
	if docops != nil {
		cache := docops.Scripts()
		x.nodes.Ingest = docops.IngestStats
		x.nodes.Scripts = func() nodestats.ScriptCounters {
			return scriptCounters(cache.Stats(), b.SearchScriptStats())
		}
	}
	if search != nil {
		x.nodes.OpenContexts = search.OpenContexts
		x.nodes.WatchPITs(search)
	}
	router.Add(x.nodes.StatsRoutes()...)
	router.Add(x.nodes.InfoRoutes()...)
	router.SetHook(x.nodes.Hook(router.CurrentHook()))

	x.dangling = rest.NewDanglingAPI(b, dangling.NewStore())
	router.Add(x.dangling.Routes()...)

	if cfg.ext.dataDir != "" {
		dir, loaded, err := persist.Open(cfg.ext.dataDir)
		if err != nil {
			return nil, err
		}
		x.persist = rest.NewPersister(b, dir, x.dangling.Store(), x.notify)
		if err := x.persist.Restore(loaded); err != nil {
			dir.Close()
			return nil, fmt.Errorf("fake: restoring %s: %w", cfg.ext.dataDir, err)
		}
		router.SetHook(x.persist.Hook(router.CurrentHook()))
		every := cfg.ext.snapshotEvery
		if every <= 0 {
			every = time.Minute
		}
		x.persist.Start(every)
	}
	return x, nil
}

// attach counts the HTTP connections of the server's coordinating node.
func (x *extensions) attach(hs *http.Server) {
	node := x.nodes.Registry().Node(0)
	prev := hs.ConnState
	hs.ConnState = func(c net.Conn, st http.ConnState) {
		switch st {
		case http.StateNew:
			node.HTTPOpened()
		case http.StateClosed, http.StateHijacked:
			node.HTTPClosed()
		}
		if prev != nil {
			prev(c, st)
		}
	}
}

// close releases what the features hold: a data directory gets its last
// snapshot.
func (x *extensions) close() {
	if x.persist != nil {
		_ = x.persist.Close(true)
	}
}
