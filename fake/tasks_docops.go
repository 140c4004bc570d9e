package fake

import "github.com/clustersearch/clustersearch-go/internal/engine/rest"

// newDocOps registers the update, by-query, reindex and task APIs.
func newDocOps(cfg *config, b *rest.Backend, router *rest.Server) *rest.DocOps {
	d := rest.NewDocOps(b)
	d.SetRemoteAllowlist(cfg.reindex.allowlist)
	router.Add(d.Routes()...)
	router.Wrap(rest.LayerTasks, d.Hook)
	return d
}
