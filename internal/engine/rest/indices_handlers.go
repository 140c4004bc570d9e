package rest

import (
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// indicesOptions reads ignore_unavailable, allow_no_indices and
// expand_wildcards over the given defaults.
func indicesOptions(r *Request, o indices.Options) (indices.Options, error) {
	var err error
	if o.IgnoreUnavailable, err = r.BoolOrDefault("ignore_unavailable", o.IgnoreUnavailable); err != nil {
		return o, err
	}
	if o.AllowNoIndices, err = r.BoolOrDefault("allow_no_indices", o.AllowNoIndices); err != nil {
		return o, err
	}
	if v, ok := r.Param("expand_wildcards"); ok {
		if e := o.ParseExpandWildcards(v); e != nil {
			return o, e
		}
	}
	return o, nil
}

// checkTimeouts validates the time parameters a request may carry.
func checkTimeouts(r *Request, names ...string) error {
	for _, n := range names {
		if _, err := r.Duration(n, 0); err != nil {
			return err
		}
	}
	return nil
}

// createIndex is PUT /{index}.
func (b *Backend) createIndex(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	want, err := activeShards(r)
	if err != nil {
		return nil, err
	}
	req, err := ParseCreateIndex(r.PathParam("index"), r.Body)
	if err != nil {
		return nil, err
	}
	req.Warn = r.Warn
	if v, ok := req.Settings.Get("index.soft_deletes.enabled"); ok && v == "false" {
		r.Warn("Creating indices with soft-deletes disabled is deprecated and will be removed in future OpenSearch versions. Please do not specify value for setting [index.soft_deletes.enabled] of index [" + req.Name + "].")
	}
	replicas := settings.IntOr(req.Settings, settings.NumberOfReplicas, 1)
	if want > 1+replicas {
		return nil, illegalArg("invalid wait_for_active_shards[%d]: cannot be greater than number of shard copies [%d]", want, 1+replicas)
	}
	if _, e := b.Indices.Create(req); e != nil {
		return nil, e
	}
	// The index exists either way; the real server reports false after waiting
	// for the timeout when the copies cannot all start.
	timeout, err := r.Duration("timeout", 30*time.Second)
	if err != nil {
		return nil, err
	}
	acked := b.awaitIndexCopies(r, req.Name, want, timeout)
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}, {Key: "shards_acknowledged", Value: acked}, {Key: "index", Value: req.Name}}), nil
}

// ParseCreateIndex parses a create-index body: settings, mappings, aliases.
func ParseCreateIndex(name string, body []byte) (indices.CreateRequest, error) {
	req := indices.CreateRequest{Name: name, Settings: settings.Settings{}}
	if len(strings.TrimSpace(string(body))) == 0 {
		return req, nil
	}
	v, jerr := DecodeBody(body)
	if jerr != nil {
		return req, jerr
	}
	obj, ok := v.(jsonout.Object)
	if !ok {
		return req, apierr.Parse("Failed to derive xcontent")
	}
	for _, f := range obj {
		switch f.Key {
		case "settings":
			so, ok := f.Value.(jsonout.Object)
			if !ok {
				return req, apierr.Parse("key [settings] must be an object")
			}
			s, ferr := settings.Flatten(so)
			if ferr != nil {
				return req, apierr.IllegalArgument("%s", ferr.Error())
			}
			req.Settings = s
		case "mappings":
			req.RawMapping, _ = f.Value.(jsonout.Object)
			m, merr := mapping.ParseMappings(f.Value)
			if merr == nil {
				merr = m.Validate()
			}
			if merr != nil {
				return req, merr
			}
			req.Mapping = m
		case "aliases":
			ao, ok := f.Value.(jsonout.Object)
			if !ok {
				return req, apierr.Parse("key [aliases] must be an object")
			}
			req.Aliases = map[string]*indices.Alias{}
			for _, af := range ao {
				a, aerr := indices.ParseAlias(af.Value)
				if aerr == nil {
					aerr = search.ValidateAliasFilter(af.Key, a)
				}
				if aerr != nil {
					return req, aerr
				}
				req.Aliases[af.Key] = a
			}
		default:
			return req, apierr.Parse("unknown key [%s] for create index", f.Key)
		}
	}
	return req, nil
}

// deleteIndex is DELETE /{index}.
func (b *Backend) deleteIndex(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	// DeleteIndexRequest's options: strict about missing names, lenient about
	// wildcards matching nothing, open and closed indexes, never through an
	// alias; action.destructive_requires_name may forbid wildcards.
	o, err := indicesOptions(r, indices.Options{AllowNoIndices: true, ExpandOpen: true, ExpandClosed: true, IgnoreAliases: true,
		ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	if e := b.failDestructive(r.PathParam("index")); e != nil {
		return nil, e
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.BlockedForDelete(names...); e != nil {
		return nil, e
	}
	b.Indices.Delete(names)
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// getIndex is GET and HEAD /{index}: aliases, mappings and settings of each index.
func (b *Backend) getIndex(r *Request) (*Response, error) {
	// GetIndexRequest (a ClusterInfoRequest): IndicesOptions.strictExpandOpen(),
	// so a wildcard matching nothing answers {} and HEAD answers 200.
	o, err := indicesOptions(r, indices.Options{AllowNoIndices: true, ExpandOpen: true, ResourceType: apierr.ResourceIndexOrAlias})
	if err != nil {
		return nil, err
	}
	flat, err := r.Bool("flat_settings", false)
	if err != nil {
		return nil, err
	}
	defaults, err := r.Bool("include_defaults", false)
	if err != nil {
		return nil, err
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataRead, names...); e != nil {
		return nil, e
	}
	out := jsonout.Object{}
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		entry := jsonout.Object{{Key: "aliases", Value: b.renderAliases(x, nil)}, {Key: "mappings", Value: x.Mapping().Render()},
			{Key: "settings", Value: renderSettings(x.Settings(), flat, r.Human(), x)}}
		if defaults {
			entry = append(entry, jsonout.Field{Key: "defaults", Value: renderSettings(settings.Defaults(x.Settings()), flat, false, nil)})
		}
		out = append(out, jsonout.Field{Key: n, Value: entry})
	}
	return OK(out), nil
}

// getSettings is GET [/{index}]/_settings[/{name}].
func (b *Backend) getSettings(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
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
	var filter []string
	if n := r.PathParam("name"); n != "" {
		filter = strings.Split(n, ",")
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataRead, names...); e != nil {
		return nil, e
	}
	out := jsonout.Object{}
	// TransportGetSettingsAction collects the indexes in a HashMap.
	for _, n := range settings.HashMapOrder(names) {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		st := x.Settings()
		if settingsHuman(r) {
			st = withHuman(st, x) // before the name filter, which also selects the *_string keys
		}
		st = st.Filter(filter)
		var def settings.Settings
		if defaults {
			def = settings.Defaults(x.Settings()).Filter(filter)
		}
		if len(st) == 0 && !defaults {
			continue // GetSettingsResponse omits empty settings unless defaults are rendered
		}
		entry := jsonout.Object{{Key: "settings", Value: renderSettings(st, flat, false, x)}}
		if defaults {
			entry = append(entry, jsonout.Field{Key: "defaults", Value: renderSettings(def, flat, false, nil)})
		}
		out = append(out, jsonout.Field{Key: n, Value: entry})
	}
	return OK(out), nil
}

// renderSettings prints settings nested or flat. With human, the server adds
// creation_date_string and version.created_string.
func renderSettings(s settings.Settings, flat, human bool, x *indices.Index) jsonout.Object {
	if human && x != nil {
		s = withHuman(s, x)
	}
	if flat {
		return s.Flat()
	}
	return s.Nested()
}

func withHuman(s settings.Settings, x *indices.Index) settings.Settings {
	out := settings.Settings{}
	for k, v := range s {
		out[k] = v
	}
	if _, ok := s[settings.CreationDate]; ok {
		out.Set("index.creation_date_string", formatDate(x.CreationDate))
	}
	if v, ok := s.Get(settings.VersionCreated); ok {
		out.Set("index.version.created_string", versionString(v))
	}
	return out
}

// getMapping is GET [/{index}]/_mapping.
func (b *Backend) getMapping(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	if _, err := r.Bool("local", false); err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataRead, names...); e != nil {
		return nil, e
	}
	out := jsonout.Object{}
	for _, n := range names {
		if x, ok := b.Indices.Get(n); ok {
			out = append(out, jsonout.Field{Key: n, Value: jsonout.Object{{Key: "mappings", Value: x.Mapping().Render()}}})
		}
	}
	return OK(out), nil
}

// refresh is POST|GET [/{index}]/_refresh.
func (b *Backend) refresh(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	var total, ok int
	for _, n := range names {
		x, found := b.Indices.Get(n)
		if !found {
			continue
		}
		x.Refresh(b.Indices)
		total += len(x.Shards) * (1 + x.Replicas())
		ok += len(x.Shards) * b.shardCopies(x).Active()
	}
	return OK(jsonout.Object{{Key: "_shards", Value: jsonout.Object{{Key: "total", Value: total}, {Key: "successful", Value: ok}, {Key: "failed", Value: 0}}}}), nil
}
