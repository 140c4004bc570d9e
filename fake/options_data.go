package fake

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// extConfig holds the options of the nodes, dangling, notifications and
// data-directory features.
type extConfig struct {
	notify notifyConfig
}

// extensions is the per-server state of those features.
type extensions struct {
	notify *notify.Service
}

// startExtensions builds the features' state and registers their routes.
func startExtensions(cfg *config, b *rest.Backend, router *rest.Server) (*extensions, error) {
	x := &extensions{}
	x.notify = newNotify(cfg, nil)
	router.Add(b.NotifyRoutes(x.notify)...)
	return x, nil
}

// close releases what the features hold.
func (x *extensions) close() {}
