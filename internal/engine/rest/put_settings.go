package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// putSettings is PUT [/{index}]/_settings.
func (b *Backend) putSettings(r *Request) (*Response, error) {
	// UpdateSettingsRequest's default IndicesOptions.fromOptions(false, false,
	// true, true): unlike reads, a wildcard matching nothing is an error.
	o, err := indicesOptions(r, indices.Options{ExpandOpen: true, ExpandClosed: true, ResourceType: apierr.ResourceIndexOrAlias})
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
	obj := settingsBody(body)
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
	if e := b.settingsBlocked(upd, names); e != nil {
		return nil, e
	}
	if e := b.Indices.UpdateSettings(names, upd, preserve); e != nil {
		return nil, e
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// settingsBody picks the settings of an update body as
// UpdateSettingsRequest.fromXContent does: the object under "settings" when
// that key holds an object (other keys are then ignored), else the whole body.
func settingsBody(body any) jsonout.Object {
	obj, _ := body.(jsonout.Object)
	var inner jsonout.Object
	found := false
	for _, f := range obj {
		if f.Key == "settings" {
			// parser.map() keeps the last of duplicate keys.
			inner, found = f.Value.(jsonout.Object)
		}
	}
	if found {
		return inner
	}
	return obj
}
