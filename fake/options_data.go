package fake

import (
	"net"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/dangling"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// extConfig holds the options of the nodes, dangling, notifications and
// data-directory features.
type extConfig struct {
	notify     notifyConfig
	attributes map[int][][2]string
}

// extensions is the per-server state of those features.
type extensions struct {
	notify   *notify.Service
	nodes    *rest.NodesAPI
	dangling *rest.DanglingAPI
}

// startExtensions builds the features' state and registers their routes.
func startExtensions(cfg *config, b *rest.Backend, router *rest.Server, docops *rest.DocOps) (*extensions, error) {
	x := &extensions{}
	x.notify = newNotify(cfg, nil)
	router.Add(b.NotifyRoutes(x.notify)...)

	x.nodes = rest.NewNodesAPI(b)
	x.nodes.Attributes = cfg.ext.attributes
	if docops != nil {
		cache := docops.Scripts()
		x.nodes.Scripts = func() nodestats.ScriptCounters {
			st := cache.Stats()
			return nodestats.ScriptCounters{Compilations: st.Compilations, CacheEvictions: st.CacheEvictions,
				CompilationLimitTriggered: st.CompilationLimitTriggered}
		}
	}
	router.Add(x.nodes.StatsRoutes()...)
	router.Add(x.nodes.InfoRoutes()...)
	router.SetHook(x.nodes.Hook(router.CurrentHook()))

	x.dangling = rest.NewDanglingAPI(b, dangling.NewStore())
	router.Add(x.dangling.Routes()...)
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

// close releases what the features hold.
func (x *extensions) close() {}
