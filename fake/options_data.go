package fake

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/durable"
	"github.com/clustersearch/clustersearch-go/internal/engine/ingest"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
	"github.com/clustersearch/clustersearch-go/internal/engine/templates"
)

// extConfig holds the options of the nodes, dangling, notifications and
// data-directory features.
type extConfig struct {
	notify        notifyConfig
	attributes    map[int][][2]string
	dataDir       string
	snapshotEvery time.Duration
	recoverData   bool
}

// WithDataDir keeps the cluster state in dir (indexes with their
// documents, settings, mappings and aliases, dangling indexes, ingest
// pipelines, persistent cluster settings, notification configs, stored
// task results and the node ids), so a server started again on it finds
// everything acknowledged before. Each write is logged and fsynced before
// its answer, as OpenSearch's translog does by default, so it survives a
// process kill and a power loss; an index set to
// index.translog.durability: async has its document writes synced in the
// background within its index.translog.sync_interval instead. The whole
// state is snapshotted periodically and on Close. A damaged directory makes
// the server refuse to start (see [WithDataDirRecovery]); docs/fake-behaviour.md
// details the guarantees. Without it the fake stays purely in memory.
func WithDataDir(dir string) Option { return func(c *config) { c.ext.dataDir = dir } }

// WithDataDirRecovery opens a damaged data directory anyway: everything
// readable is kept and what was dropped is listed by
// [Server.DataDirReport]. Without it a server refuses to start on a
// directory with a damaged, cut or missing file, naming each file, record
// and what would be lost. Either way damaged files, and files the server
// did not write, stay on disk untouched; the next snapshot simply no longer
// needs them.
func WithDataDirRecovery() Option { return func(c *config) { c.ext.recoverData = true } }

// WithSnapshotInterval sets how often a data directory gets a full snapshot
// (default one minute); the log between snapshots is replayed on start.
func WithSnapshotInterval(d time.Duration) Option { return func(c *config) { c.ext.snapshotEvery = d } }

// extensions is the per-server state of those features.
type extensions struct {
	notify   *notify.Service
	nodes    *rest.NodesAPI
	dangling *rest.DanglingAPI
	persist  *durable.Persister
	// templates are the index, component and legacy templates.
	templates *templates.Store
	// report is what opening the data directory dropped or noticed.
	report []string
}

// openedData is a data directory opened before the server is built.
type openedData struct {
	dir    *persist.Dir
	loaded *persist.Loaded
}

// openDataDir opens the configured data directory (nil without one) and
// gives the cluster the identity it saved, before anything reads node ids.
func openDataDir(cfg *config, b *rest.Backend) (*openedData, error) {
	if cfg.ext.dataDir == "" {
		return nil, nil
	}
	dir, loaded, err := persist.Open(cfg.ext.dataDir, persist.Options{Recover: cfg.ext.recoverData, Describe: durable.DescribeRecord})
	if err != nil {
		return nil, fmt.Errorf("fake: %w", err)
	}
	if err := durable.RestoreIdentity(b.Cluster, loaded); err != nil {
		dir.Close()
		return nil, fmt.Errorf("fake: restoring %s: %w", cfg.ext.dataDir, err)
	}
	return &openedData{dir: dir, loaded: loaded}, nil
}

// startExtensions builds the features' state and registers their routes;
// data, when set, is restored and kept up to date.
func startExtensions(cfg *config, b *rest.Backend, router *rest.Server, docops *rest.DocOps, search *cursor.Store, data *openedData) (*extensions, error) {
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
	x.nodes.Processors = ingest.ProcessorTypes()
	router.Add(x.nodes.StatsRoutes()...)
	router.Add(x.nodes.IndicesStatsRoutes()...)
	router.Add(x.nodes.InfoRoutes()...)
	router.Wrap(rest.LayerStats, x.nodes.Hook)

	x.dangling = rest.NewDanglingAPI(b, dangling.NewStore())
	router.Add(x.dangling.Routes()...)

	x.templates = useTemplates(b, router)

	if data != nil {
		parts := durable.State{Dangling: x.dangling.Store(), Notify: x.notify, Templates: x.templates}
		if docops != nil {
			parts.Pipelines = docops.Pipelines()
		}
		x.persist = durable.New(data.dir, b.PersistState(parts))
		report, err := x.persist.Restore(data.loaded, cfg.ext.recoverData)
		x.report = report
		if err != nil {
			data.dir.Close()
			return nil, fmt.Errorf("fake: restoring %s: %w", cfg.ext.dataDir, err)
		}
		if docops != nil {
			docops.ResumeTaskIDs()
		}
		router.Wrap(rest.LayerPersist, rest.PersistWrapper(x.persist))
		every := cfg.ext.snapshotEvery
		if every <= 0 {
			every = time.Minute
		}
		// Every document write is logged from now on.
		b.OnWrite, b.Commit = x.persist.LogWrite, x.persist.Commit
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

// DataDirReport lists what opening the data directory dropped (only with
// [WithDataDirRecovery]: each damaged record or file skipped, naming what
// it held) and noticed (an unfinished last write cut off and kept in a
// side file, unneeded files left in place). It is empty without a data
// directory or when the directory read back whole.
func (s *Server) DataDirReport() []string { return append([]string(nil), s.ext.report...) }
