package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// putSettings is PUT [/{index}]/_settings.
func (b *Backend) putSettings(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	preserve, err := r.Bool("preserve_existing", false)
	if err != nil {
		return nil, err
	}
	if _, err := r.Bool("flat_settings", false); err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	obj, _ := body.(jsonout.Object)
	if len(obj) == 1 && obj[0].Key == "settings" {
		inner, ok := obj[0].Value.(jsonout.Object)
		if !ok {
			return nil, apierr.Validation("no settings to update")
		}
		obj = inner
	}
	if len(obj) == 0 {
		return nil, apierr.Validation("no settings to update")
	}
	upd, ferr := settings.Flatten(obj)
	if ferr != nil {
		return nil, apierr.IllegalArgument("%s", ferr.Error())
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.UpdateSettings(names, upd, preserve); e != nil {
		return nil, e
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}
