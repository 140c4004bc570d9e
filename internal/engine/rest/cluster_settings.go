package rest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// ClusterSettingsRoutes serves GET and PUT /_cluster/settings
// (RestClusterGetSettingsAction, RestClusterUpdateSettingsAction) over
// b.ClusterSettings.
func (b *Backend) ClusterSettingsRoutes() []Route {
	cm := []string{"cluster_manager_timeout", "master_timeout"}
	return []Route{
		{Op: "cluster.get_settings", Method: "GET", Path: "/_cluster/settings",
			Params: append([]string{"flat_settings", "include_defaults", "local"}, cm...), Handler: b.getClusterSettings},
		{Op: "cluster.put_settings", Method: "PUT", Path: "/_cluster/settings",
			Params: append([]string{"flat_settings", "timeout"}, cm...), Body: true, Handler: b.putClusterSettings},
	}
}

// renderClusterSettings prints settings nested (the default) or flat.
func renderClusterSettings(s settings.Settings, flat bool) jsonout.Object {
	return clustersettings.Render(s, flat)
}

// getClusterSettings is GET /_cluster/settings: the persistent and
// transient blocks, then the defaults of the settings the fake knows.
func (b *Backend) getClusterSettings(r *Request) (*Response, error) {
	flat, err := r.Bool("flat_settings", false)
	if err != nil {
		return nil, err
	}
	defaults, err := r.Bool("include_defaults", false)
	if err != nil {
		return nil, err
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	store := b.clusterSettings()
	p, t := store.Settings()
	body := jsonout.Object{{Key: "persistent", Value: renderClusterSettings(p, flat)}, {Key: "transient", Value: renderClusterSettings(t, flat)}}
	if d := store.Defaults(); defaults && len(d) > 0 {
		body = append(body, jsonout.Field{Key: "defaults", Value: renderClusterSettings(d, flat)})
	}
	return OK(body), nil
}

// putClusterSettings is PUT /_cluster/settings.
func (b *Backend) putClusterSettings(r *Request) (*Response, error) {
	flat, err := r.Bool("flat_settings", false)
	if err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	if body == nil {
		return nil, apierr.Parse("request body is required")
	}
	obj, ok := body.(jsonout.Object)
	if !ok {
		return nil, apierr.Parse("request body is required")
	}
	// The action reads the body as a map and takes its persistent and
	// transient entries; other keys are ignored.
	blocks := map[string]settings.Settings{"persistent": {}, "transient": {}}
	for _, f := range obj {
		if _, wanted := blocks[f.Key]; !wanted || f.Value == nil {
			continue
		}
		inner, ok := f.Value.(jsonout.Object)
		if !ok {
			return nil, classCast(f.Value)
		}
		s, ferr := settings.FlattenPlain(inner)
		if ferr != nil {
			return nil, apierr.IllegalArgument("%s", ferr.Error())
		}
		blocks[f.Key] = s
	}
	if len(blocks["persistent"]) == 0 && len(blocks["transient"]) == 0 {
		return nil, apierr.Validation("no settings to update")
	}
	setP, setT, aerr := b.clusterSettings().Update(blocks["persistent"], blocks["transient"])
	if aerr != nil {
		return nil, aerr
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true},
		{Key: "persistent", Value: renderClusterSettings(setP, flat)}, {Key: "transient", Value: renderClusterSettings(setT, flat)}}), nil
}

// classCast is the 500 the real action answers when a settings block is
// not an object: its cast of the value to a Map fails.
func classCast(v any) *apierr.Error {
	class := "java.lang.String"
	switch x := v.(type) {
	case bool:
		class = "java.lang.Boolean"
	case []any:
		class = "java.util.ArrayList"
	case json.Number:
		// Jackson's map reading picks the smallest fitting type.
		class = "java.lang.Integer"
		if strings.ContainsAny(x.String(), ".eE") {
			class = "java.lang.Double"
		} else if n, err := strconv.ParseInt(x.String(), 10, 64); err != nil {
			class = "java.math.BigInteger"
		} else if n != int64(int32(n)) {
			class = "java.lang.Long"
		}
	}
	return apierr.New(apierr.TypeClassCast, fmt.Sprintf("class %s cannot be cast to class java.util.Map (%s and java.util.Map are in module java.base of loader 'bootstrap')", class, class))
}

// clusterSettings returns the store, a fresh one when the backend has none
// (a backend built by hand in tests answers as a new cluster).
func (b *Backend) clusterSettings() *clustersettings.Store {
	if b.ClusterSettings == nil {
		return clustersettings.New()
	}
	return b.ClusterSettings
}
