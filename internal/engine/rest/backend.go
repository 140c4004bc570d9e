package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/clustersettings"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchexec"
	"github.com/clustersearch/clustersearch-go/internal/engine/storedscripts"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// Backend is the state the core handlers serve.
type Backend struct {
	Cluster *cluster.Cluster
	Indices *indices.Service
	Clock   clock.Clock
	// BuildHash and BuildDate are printed by GET /.
	BuildHash, BuildDate string
	// UpdateItem, when set, runs _bulk update items with the full update
	// engine (scripts, scripted upserts, _source); DocOps installs it. fetch
	// is the action line's (or the URL's) _source, which overrides the body's.
	UpdateItem func(op *write.Op, retries int, body []byte, fetch *objparse.FetchSource) (*write.Result, jsonout.Object, *apierr.Error)
	// Ingest, when set, runs an index or create operation through its ingest
	// pipelines before the write; it reports a dropped document. DocOps installs it.
	Ingest func(op *write.Op) (dropped bool, err *apierr.Error)
	// OnWrite, when set, is told of every document write or delete that
	// reached a shard, whoever made it (requests, background tasks, direct
	// helpers); the data directory logs them. Set it before serving.
	OnWrite func(x *indices.Index, id, routing string, version int64)
	// Commit, when set, makes the writes reported to OnWrite durable; the
	// direct helpers call it before returning, as a request answers only
	// after its fsync.
	Commit func() error
	// scriptCaches compile the scripts of searches.
	scriptCaches searchScriptCaches
	// SearchHold parks running searches for tests (searchexec.Hold).
	SearchHold searchexec.Hold
	// ClusterSettings holds the dynamic cluster settings (nil: defaults).
	ClusterSettings *clustersettings.Store
	// BulkRejection injects write-queue rejections into _bulk items (tests).
	BulkRejection BulkRejection
	// LegacyTemplates, when set, renders the legacy templates for the
	// cluster state's metadata (flat: flat_settings).
	LegacyTemplates func(flat bool) jsonout.Object
	// stored holds the stored scripts (PUT _scripts).
	stored storedscripts.Store
	// allocation remembers which shard copies are assigned while
	// cluster.routing.allocation.enable restricts allocation.
	allocation allocation.Tracker
}

// shardsHeader is the _shards object of a write or broadcast on an index:
// total copies, successful (assigned) copies, failed.
func (b *Backend) shardsHeader(x *indices.Index) jsonout.Object {
	return jsonout.Object{{Key: "total", Value: 1 + x.Replicas()}, {Key: "successful", Value: b.shardCopies(x).Active()}, {Key: "failed", Value: 0}}
}

// Routes returns the core route table: cluster, indices and documents.
func (b *Backend) Routes() []Route {
	wild := []string{"allow_no_indices", "expand_wildcards", "ignore_unavailable"}
	cm := []string{"cluster_manager_timeout", "master_timeout"}
	cat := func(lists ...[]string) []string {
		var out []string
		for _, l := range lists {
			out = append(out, l...)
		}
		return out
	}
	healthParams := cat(cm, []string{"awareness_attribute", "ensure_node_weighed_in", "expand_wildcards", "level", "local", "timeout",
		"wait_for_active_shards", "wait_for_events", "wait_for_no_initializing_shards", "wait_for_no_relocating_shards", "wait_for_nodes", "wait_for_status"})
	settingsParams := cat(wild, cm, []string{"flat_settings", "include_defaults", "local"})
	mappingParams := cat(wild, cm, []string{"local"})
	putSettingsParams := cat(wild, cm, []string{"flat_settings", "preserve_existing", "settings_filter", "timeout"})
	aliasParams := cat(cm, []string{"timeout"})
	putMappingParams := cat(wild, cm, []string{"timeout", "write_index_only"})
	getAliasParams := cat(wild, []string{"local"})
	indexParams := []string{"if_primary_term", "if_seq_no", "op_type", "pipeline", "refresh", "require_alias", "routing", "timeout", "version", "version_type", "wait_for_active_shards"}
	getParams := []string{"_source", "_source_excludes", "_source_includes", "preference", "realtime", "refresh", "routing", "stored_fields", "version", "version_type"}
	sourceParams := []string{"_source", "_source_excludes", "_source_includes", "preference", "realtime", "refresh", "routing", "version", "version_type"}
	mgetParams := []string{"_source", "_source_excludes", "_source_includes", "preference", "realtime", "refresh", "routing", "stored_fields"}
	deleteParams := []string{"if_primary_term", "if_seq_no", "refresh", "routing", "timeout", "version", "version_type", "wait_for_active_shards"}
	bulkParams := []string{"_source", "_source_excludes", "_source_includes", "batch_size", "pipeline", "refresh", "require_alias", "routing", "timeout", "type", "wait_for_active_shards"}
	countParams := cat(wild, []string{"analyze_wildcard", "analyzer", "default_operator", "df", "ignore_throttled", "lenient", "min_score", "preference", "q", "routing", "terminate_after"})
	createParams := cat(cm, []string{"timeout", "wait_for_active_shards"})
	getIndexParams := cat(wild, cm, []string{"flat_settings", "include_defaults", "local"})
	stateParams := cat(wild, cm, []string{"flat_settings", "local", "wait_for_metadata_version", "wait_for_timeout"})
	return []Route{
		{Op: "info", Method: "GET", Path: "/", Handler: b.info},
		{Op: "ping", Method: "HEAD", Path: "/", Handler: b.info}, // HEAD shares the GET handler (RestMainAction)
		{Op: "cluster.health", Method: "GET", Path: "/_cluster/health", Params: healthParams, Handler: b.health},
		{Op: "cluster.health", Method: "GET", Path: "/_cluster/health/{index}", Params: healthParams, Handler: b.health},
		{Op: "cluster.state", Method: "GET", Path: "/_cluster/state", Params: stateParams, Handler: b.clusterState},
		{Op: "cluster.state", Method: "GET", Path: "/_cluster/state/{metric}", Params: stateParams, Handler: b.clusterState},
		{Op: "cluster.state", Method: "GET", Path: "/_cluster/state/{metric}/{index}", Params: stateParams, Handler: b.clusterState},
		{Op: "indices.create", Method: "PUT", Path: "/{index}", Params: createParams, Body: true, Handler: b.createIndex},
		{Op: "indices.delete", Method: "DELETE", Path: "/{index}", Params: cat(wild, cm, []string{"timeout"}), Handler: b.deleteIndex},
		{Op: "indices.exists", Method: "HEAD", Path: "/{index}", Params: getIndexParams, Handler: b.getIndex}, // RestGetIndicesAction serves both
		{Op: "indices.get", Method: "GET", Path: "/{index}", Params: getIndexParams, Handler: b.getIndex},
		{Op: "indices.get_settings", Method: "GET", Path: "/_settings", Params: settingsParams, Handler: b.getSettings},
		{Op: "indices.get_settings", Method: "GET", Path: "/{index}/_settings", Params: settingsParams, Handler: b.getSettings},
		{Op: "indices.get_settings", Method: "GET", Path: "/{index}/_settings/{name}", Params: settingsParams, Handler: b.getSettings},
		{Op: "indices.get_settings", Method: "GET", Path: "/_settings/{name}", Params: settingsParams, Handler: b.getSettings},
		{Op: "indices.get_settings", Method: "GET", Path: "/{index}/_setting/{name}", Params: settingsParams, Handler: b.getSettings},
		{Op: "indices.put_settings", Method: "PUT", Path: "/_settings", Params: putSettingsParams, Body: true, Handler: b.putSettings},
		{Op: "indices.put_settings", Method: "PUT", Path: "/{index}/_settings", Params: putSettingsParams, Body: true, Handler: b.putSettings},
		{Op: "indices.put_alias", Method: "PUT", Path: "/{index}/_alias/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "POST", Path: "/{index}/_alias/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "PUT", Path: "/{index}/_aliases/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "POST", Path: "/{index}/_aliases/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "PUT", Path: "/{index}/_alias", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "POST", Path: "/{index}/_alias", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "PUT", Path: "/{index}/_aliases", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "POST", Path: "/{index}/_aliases", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "PUT", Path: "/_alias/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "POST", Path: "/_alias/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "PUT", Path: "/_aliases/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "POST", Path: "/_aliases/{name}", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.put_alias", Method: "PUT", Path: "/_alias", Params: aliasParams, Body: true, Handler: b.putAlias},
		{Op: "indices.delete_alias", Method: "DELETE", Path: "/{index}/_alias/{name}", Params: aliasParams, Handler: b.deleteAlias},
		{Op: "indices.delete_alias", Method: "DELETE", Path: "/{index}/_aliases/{name}", Params: aliasParams, Handler: b.deleteAlias},
		{Op: "indices.update_aliases", Method: "POST", Path: "/_aliases", Params: aliasParams, Body: true, Handler: b.updateAliases},
		// RestGetAliasesAction serves HEAD (exists) and GET alike.
		{Op: "indices.exists_alias", Method: "HEAD", Path: "/_alias/{name}", Params: getAliasParams, Handler: b.getAlias},
		{Op: "indices.exists_alias", Method: "HEAD", Path: "/{index}/_alias/{name}", Params: getAliasParams, Handler: b.getAlias},
		{Op: "indices.get_alias", Method: "GET", Path: "/_alias", Params: getAliasParams, Handler: b.getAlias},
		{Op: "indices.get_alias", Method: "GET", Path: "/_alias/{name}", Params: getAliasParams, Handler: b.getAlias},
		{Op: "indices.get_alias", Method: "GET", Path: "/{index}/_alias", Params: getAliasParams, Handler: b.getAlias},
		{Op: "indices.get_alias", Method: "GET", Path: "/{index}/_alias/{name}", Params: getAliasParams, Handler: b.getAlias},
		{Op: "indices.put_mapping", Method: "PUT", Path: "/{index}/_mapping", Params: putMappingParams, Body: true, Handler: b.putMapping},
		{Op: "indices.put_mapping", Method: "POST", Path: "/{index}/_mapping", Params: putMappingParams, Body: true, Handler: b.putMapping},
		{Op: "indices.get_mapping", Method: "GET", Path: "/_mapping", Params: mappingParams, Handler: b.getMapping},
		{Op: "indices.get_mapping", Method: "GET", Path: "/{index}/_mapping", Params: mappingParams, Handler: b.getMapping},
		{Op: "indices.refresh", Method: "POST", Path: "/_refresh", Params: wild, Handler: b.refresh},
		{Op: "indices.refresh", Method: "GET", Path: "/_refresh", Params: wild, Handler: b.refresh},
		{Op: "indices.refresh", Method: "POST", Path: "/{index}/_refresh", Params: wild, Handler: b.refresh},
		{Op: "indices.refresh", Method: "GET", Path: "/{index}/_refresh", Params: wild, Handler: b.refresh},
		{Op: "index", Method: "PUT", Path: "/{index}/_doc/{id}", Params: indexParams, Body: true, Handler: b.indexDoc},
		{Op: "index", Method: "POST", Path: "/{index}/_doc/{id}", Params: indexParams, Body: true, Handler: b.indexDoc},
		{Op: "index", Method: "POST", Path: "/{index}/_doc", Params: indexParams, Body: true, Handler: b.indexDoc},
		{Op: "create", Method: "PUT", Path: "/{index}/_create/{id}", Params: indexParams, Body: true, Handler: b.createDoc},
		{Op: "create", Method: "POST", Path: "/{index}/_create/{id}", Params: indexParams, Body: true, Handler: b.createDoc},
		{Op: "get", Method: "GET", Path: "/{index}/_doc/{id}", Params: getParams, Handler: b.getDoc},
		{Op: "exists", Method: "HEAD", Path: "/{index}/_doc/{id}", Params: getParams, Handler: b.getDoc},
		{Op: "get_source", Method: "GET", Path: "/{index}/_source/{id}", Params: sourceParams, Handler: b.getSource},
		{Op: "exists_source", Method: "HEAD", Path: "/{index}/_source/{id}", Params: sourceParams, Handler: b.getSource},
		{Op: "mget", Method: "GET", Path: "/_mget", Params: mgetParams, Body: true, Handler: b.mget},
		{Op: "mget", Method: "POST", Path: "/_mget", Params: mgetParams, Body: true, Handler: b.mget},
		{Op: "mget", Method: "GET", Path: "/{index}/_mget", Params: mgetParams, Body: true, Handler: b.mget},
		{Op: "mget", Method: "POST", Path: "/{index}/_mget", Params: mgetParams, Body: true, Handler: b.mget},
		{Op: "delete", Method: "DELETE", Path: "/{index}/_doc/{id}", Params: deleteParams, Handler: b.deleteDoc},
		{Op: "bulk", Method: "POST", Path: "/_bulk", Params: bulkParams, Body: true, Handler: b.bulk},
		{Op: "bulk", Method: "PUT", Path: "/_bulk", Params: bulkParams, Body: true, Handler: b.bulk},
		{Op: "bulk", Method: "POST", Path: "/{index}/_bulk", Params: bulkParams, Body: true, Handler: b.bulk},
		{Op: "bulk", Method: "PUT", Path: "/{index}/_bulk", Params: bulkParams, Body: true, Handler: b.bulk},
		{Op: "count", Method: "GET", Path: "/_count", Params: countParams, Body: true, Handler: b.count},
		{Op: "count", Method: "POST", Path: "/_count", Params: countParams, Body: true, Handler: b.count},
		{Op: "count", Method: "GET", Path: "/{index}/_count", Params: countParams, Body: true, Handler: b.count},
		{Op: "count", Method: "POST", Path: "/{index}/_count", Params: countParams, Body: true, Handler: b.count},
	}
}
