package rest

import "github.com/clustersearch/clustersearch-go/internal/engine/notify"

// OpMeta is what the wrappers around a handler know of its operation: the
// task it runs as, the thread pool that counts it, and how the persister
// treats it. Every route row carries one (Server.Add fills it from
// operationMeta when the row states none), and the wrappers read it from
// the row the dispatcher matched, never from tables keyed by name.
type OpMeta struct {
	// Action is the transport action name of the operation's task; ""
	// runs the request without a task (ping, the fake's own extensions).
	Action string
	// Pool is the thread pool that serves the operation (as OpenSearch's
	// transport actions choose their executors); PoolNone for operations
	// that run on the calling thread.
	Pool string
	// Flags are the yes/no properties; see Cancellable and the others.
	Flags OpFlags
	// Persist is how the persister records a successful request.
	Persist Persistence
}

// OpFlags are an operation's yes/no properties.
type OpFlags uint8

// Operation flags.
const (
	// Cancellable operations run as cancellable tasks.
	Cancellable OpFlags = 1 << iota
	// Tracked operations' tasks record their CPU and memory use
	// (OpenSearch tracks SearchTask only).
	Tracked
	// ShardPool operations run their pool work on the nodes holding the
	// shard copies: node statistics count it after the request rather
	// than on the coordinating node around it.
	ShardPool
	// NoFlags states that an operation has none of the flags.
	NoFlags OpFlags = 0
)

// PoolNone is the Pool of operations that run on the calling thread.
const PoolNone = "none"

// Persistence says how the persister records an operation's change.
type Persistence uint8

// Persistence kinds. The zero value is not one: every operation states its own.
const (
	_ Persistence = iota
	// PersistNothing marks read-only operations: they change nothing that
	// is persisted, so the persister only syncs (an answer may show a
	// background write).
	PersistNothing
	// PersistDocs operations log their documents as they write them.
	PersistDocs
	// PersistIndexDelete logs the deletion of the indexes it removed.
	PersistIndexDelete
	// PersistNotify logs the notification configs.
	PersistNotify
	// PersistPipelines logs the ingest pipelines.
	PersistPipelines
	// PersistTemplates logs the index templates.
	PersistTemplates
	// PersistClusterSettings logs the persistent cluster settings.
	PersistClusterSettings
	// PersistCheckpoint takes a checkpoint of the whole state.
	PersistCheckpoint
	// PersistPathIndexes logs the indexes the path names whole (a
	// checkpoint when it names none).
	PersistPathIndexes
)

// ReadOnly reports whether the operation never changes persisted state.
func (m OpMeta) ReadOnly() bool { return m.Persist == PersistNothing }

// Has reports whether the operation has flag f.
func (m OpMeta) Has(f OpFlags) bool { return m.Flags&f != 0 }

// opRow builds an OpMeta; its positional arguments make every row state
// every property.
func opRow(action, pool string, flags OpFlags, persist Persistence) OpMeta {
	return OpMeta{Action: action, Pool: pool, Flags: flags, Persist: persist}
}

// unknownOp is the metadata of a route whose operation is not in
// operationMeta (routes tests add): no task, the management pool, and
// persisted by the indexes its path names.
var unknownOp = opRow("", "management", NoFlags, PersistPathIndexes)

// LookupOp returns the metadata operationMeta states for an operation, and
// whether it states any.
func LookupOp(name string) (OpMeta, bool) {
	m, ok := operationMeta()[name]
	return m, ok
}

// OperationNames lists the operations operationMeta states, unordered.
func OperationNames() []string {
	var out []string
	for name := range operationMeta() {
		out = append(out, name)
	}
	return out
}

// Stated reports whether every property was given (a zero Pool or Persist
// means the row's author said nothing).
func (m OpMeta) Stated() bool { return m.Pool != "" && m.Persist != 0 }

// metaFor returns an operation's metadata.
func metaFor(name string) OpMeta {
	if m, ok := operationMeta()[name]; ok {
		return m
	}
	return unknownOp
}

// operationMeta is the metadata of every operation the fake serves, one row
// per operation (an operation's route rows share it).
func operationMeta() map[string]OpMeta {
	const (
		search, get, write, mgmt = "search", "get", "write", "management"
		read                     = "indices:data/read/"
	)
	return map[string]OpMeta{
		"info":                 opRow("cluster:monitor/main", PoolNone, NoFlags, PersistNothing),
		"ping":                 opRow("", PoolNone, NoFlags, PersistNothing),
		"cluster.health":       opRow("cluster:monitor/health", mgmt, NoFlags, PersistNothing),
		"cluster.state":        opRow("cluster:monitor/state", mgmt, NoFlags, PersistNothing),
		"cluster.get_settings": opRow("cluster:monitor/state", mgmt, NoFlags, PersistNothing),
		"cluster.put_settings": opRow("cluster:admin/settings/update", mgmt, NoFlags, PersistClusterSettings),
		"nodes.info":           opRow("cluster:monitor/nodes/info", mgmt, NoFlags, PersistNothing),
		"nodes.stats":          opRow("cluster:monitor/nodes/stats", mgmt, NoFlags, PersistNothing),
		"indices.stats":        opRow("", mgmt, NoFlags, PersistNothing),

		"indices.create":         opRow("indices:admin/create", mgmt, NoFlags, PersistPathIndexes),
		"indices.delete":         opRow("indices:admin/delete", mgmt, NoFlags, PersistIndexDelete),
		"indices.exists":         opRow("indices:admin/get", mgmt, NoFlags, PersistNothing),
		"indices.get":            opRow("indices:admin/get", mgmt, NoFlags, PersistNothing),
		"indices.open":           opRow("", mgmt, NoFlags, PersistPathIndexes),
		"indices.close":          opRow("", mgmt, NoFlags, PersistPathIndexes),
		"indices.get_settings":   opRow("indices:monitor/settings/get", mgmt, NoFlags, PersistNothing),
		"indices.put_settings":   opRow("indices:admin/settings/update", mgmt, NoFlags, PersistPathIndexes),
		"indices.get_mapping":    opRow("indices:admin/mappings/get", mgmt, NoFlags, PersistNothing),
		"indices.analyze":        opRow("indices:admin/analyze", "analyze", NoFlags, PersistNothing),
		"indices.put_mapping":    opRow("indices:admin/mapping/put", mgmt, NoFlags, PersistPathIndexes),
		"indices.refresh":        opRow("indices:admin/refresh", "refresh", ShardPool, PersistNothing),
		"indices.forcemerge":     opRow("indices:admin/forcemerge", mgmt, NoFlags, PersistNothing),
		"indices.update_aliases": opRow("indices:admin/aliases", mgmt, NoFlags, PersistPathIndexes),
		"indices.put_alias":      opRow("indices:admin/aliases", mgmt, NoFlags, PersistPathIndexes),
		"indices.delete_alias":   opRow("indices:admin/aliases", mgmt, NoFlags, PersistPathIndexes),
		"indices.get_alias":      opRow("indices:admin/aliases/get", mgmt, NoFlags, PersistNothing),
		"indices.exists_alias":   opRow("", mgmt, NoFlags, PersistNothing),

		"indices.put_index_template":        opRow("indices:admin/index_template/put", mgmt, NoFlags, PersistTemplates),
		"indices.get_index_template":        opRow("indices:admin/index_template/get", mgmt, NoFlags, PersistNothing),
		"indices.exists_index_template":     opRow("indices:admin/index_template/get", mgmt, NoFlags, PersistNothing),
		"indices.delete_index_template":     opRow("indices:admin/index_template/delete", mgmt, NoFlags, PersistTemplates),
		"indices.simulate_index_template":   opRow("indices:admin/index_template/simulate_index", PoolNone, NoFlags, PersistNothing),
		"indices.simulate_template":         opRow("indices:admin/index_template/simulate", PoolNone, NoFlags, PersistNothing),
		"cluster.put_component_template":    opRow("cluster:admin/component_template/put", mgmt, NoFlags, PersistTemplates),
		"cluster.get_component_template":    opRow("cluster:admin/component_template/get", mgmt, NoFlags, PersistNothing),
		"cluster.exists_component_template": opRow("cluster:admin/component_template/get", mgmt, NoFlags, PersistNothing),
		"cluster.delete_component_template": opRow("cluster:admin/component_template/delete", mgmt, NoFlags, PersistTemplates),
		"indices.put_template":              opRow("indices:admin/template/put", mgmt, NoFlags, PersistTemplates),
		"indices.get_template":              opRow("indices:admin/template/get", mgmt, NoFlags, PersistNothing),
		"indices.exists_template":           opRow("indices:admin/template/get", mgmt, NoFlags, PersistNothing),
		"indices.delete_template":           opRow("indices:admin/template/delete", mgmt, NoFlags, PersistTemplates),

		"index":           opRow("indices:data/write/index", write, ShardPool, PersistDocs),
		"create":          opRow("indices:data/write/index", write, ShardPool, PersistDocs),
		"delete":          opRow("indices:data/write/delete", write, ShardPool, PersistDocs),
		"update":          opRow("indices:data/write/update", write, ShardPool, PersistDocs),
		"bulk":            opRow("indices:data/write/bulk", write, ShardPool, PersistDocs),
		"reindex":         opRow("indices:data/write/reindex", write, Cancellable, PersistDocs),
		"delete_by_query": opRow("indices:data/write/delete/byquery", write, Cancellable, PersistDocs),
		"update_by_query": opRow("indices:data/write/update/byquery", write, Cancellable, PersistDocs),

		"get":           opRow(read+"get", get, ShardPool, PersistNothing),
		"exists":        opRow(read+"get", get, ShardPool, PersistNothing),
		"get_source":    opRow(read+"get", get, NoFlags, PersistNothing),
		"exists_source": opRow(read+"get", get, NoFlags, PersistNothing),
		"mget":          opRow(read+"mget", get, NoFlags, PersistNothing),
		"explain":       opRow(read+"explain", get, ShardPool, PersistNothing),

		"search":  opRow(read+"search", search, Cancellable|Tracked|ShardPool, PersistNothing),
		"count":   opRow(read+"search", search, Cancellable|Tracked|ShardPool, PersistNothing),
		"msearch": opRow(read+"msearch", search, Cancellable|ShardPool, PersistNothing),
		// template actions run on the calling thread; the searches they
		// start are the search pool's
		"search_template":        opRow(read+"search/template", PoolNone, NoFlags, PersistNothing),
		"msearch_template":       opRow(read+"msearch/template", PoolNone, NoFlags, PersistNothing),
		"render_search_template": opRow(read+"search/template/render", PoolNone, NoFlags, PersistNothing),
		"scroll":                 opRow(read+"scroll", search, Cancellable|Tracked|ShardPool, PersistNothing),
		"clear_scroll":           opRow(read+"scroll/clear", search, NoFlags, PersistNothing),
		"create_pit":             opRow(read+"point_in_time/create", mgmt, NoFlags, PersistNothing),
		"delete_pit":             opRow(read+"point_in_time/delete", mgmt, NoFlags, PersistNothing),
		"delete_all_pits":        opRow(read+"point_in_time/delete", mgmt, NoFlags, PersistCheckpoint),
		"get_all_pits":           opRow(read+"point_in_time/readall", mgmt, NoFlags, PersistNothing),

		"tasks.list":                 opRow("cluster:monitor/tasks/lists", mgmt, NoFlags, PersistNothing),
		"tasks.get":                  opRow("cluster:monitor/task/get", mgmt, NoFlags, PersistNothing),
		"tasks.cancel":               opRow("cluster:admin/tasks/cancel", mgmt, NoFlags, PersistNothing),
		"reindex_rethrottle":         opRow("cluster:admin/reindex/rethrottle", mgmt, NoFlags, PersistNothing),
		"delete_by_query_rethrottle": opRow("cluster:admin/reindex/rethrottle", mgmt, NoFlags, PersistNothing),
		"update_by_query_rethrottle": opRow("cluster:admin/reindex/rethrottle", mgmt, NoFlags, PersistNothing),

		"dangling_indices.list_dangling_indices": opRow("cluster:admin/indices/dangling/list", mgmt, NoFlags, PersistNothing),
		"dangling_indices.import_dangling_index": opRow("cluster:admin/indices/dangling/import", mgmt, NoFlags, PersistCheckpoint),
		"dangling_indices.delete_dangling_index": opRow("cluster:admin/indices/dangling/delete", mgmt, NoFlags, PersistCheckpoint),

		"get_script":    opRow("", mgmt, NoFlags, PersistNothing),
		"put_script":    opRow("", mgmt, NoFlags, PersistPathIndexes),
		"delete_script": opRow("", mgmt, NoFlags, PersistPathIndexes),

		"scripts_painless_context": opRow("cluster:admin/scripts/painless/context", mgmt, NoFlags, PersistNothing),

		"ingest.get_pipeline":    opRow("", mgmt, NoFlags, PersistNothing),
		"ingest.put_pipeline":    opRow("", mgmt, NoFlags, PersistPipelines),
		"ingest.delete_pipeline": opRow("", mgmt, NoFlags, PersistPipelines),
		"ingest.simulate":        opRow("", mgmt, NoFlags, PersistNothing),
		"ingest.processor_grok":  opRow("", mgmt, NoFlags, PersistNothing),

		"knn.stats":       opRow("", mgmt, NoFlags, PersistNothing),
		"knn.warmup":      opRow("", mgmt, NoFlags, PersistNothing),
		"knn.clear_cache": opRow("", mgmt, NoFlags, PersistPathIndexes),

		notify.OpFeatures:   opRow("", mgmt, NoFlags, PersistNothing),
		notify.OpChannels:   opRow("", mgmt, NoFlags, PersistNothing),
		notify.OpGet:        opRow("", mgmt, NoFlags, PersistNothing),
		notify.OpList:       opRow("", mgmt, NoFlags, PersistNothing),
		notify.OpSendTest:   opRow("", mgmt, NoFlags, PersistNothing),
		notify.OpCreate:     opRow("", mgmt, NoFlags, PersistNotify),
		notify.OpUpdate:     opRow("", mgmt, NoFlags, PersistNotify),
		notify.OpDelete:     opRow("", mgmt, NoFlags, PersistNotify),
		notify.OpDeleteMany: opRow("", mgmt, NoFlags, PersistNotify),
	}
}
