package rest

// taskActions maps route operations to the transport action names OpenSearch
// gives their tasks. Operations not listed (ping, the fake's own extensions)
// run without a task.
var taskActions = map[string]string{
	"info":                                   "cluster:monitor/main",
	"cluster.health":                         "cluster:monitor/health",
	"cluster.state":                          "cluster:monitor/state",
	"cluster.get_settings":                   "cluster:monitor/state",
	"cluster.put_settings":                   "cluster:admin/settings/update",
	"cluster.stats":                          "cluster:monitor/stats",
	"nodes.info":                             "cluster:monitor/nodes/info",
	"nodes.stats":                            "cluster:monitor/nodes/stats",
	"indices.create":                         "indices:admin/create",
	"indices.delete":                         "indices:admin/delete",
	"indices.exists":                         "indices:admin/get",
	"indices.get":                            "indices:admin/get",
	"indices.get_settings":                   "indices:monitor/settings/get",
	"indices.put_settings":                   "indices:admin/settings/update",
	"indices.get_mapping":                    "indices:admin/mappings/get",
	"indices.put_mapping":                    "indices:admin/mapping/put",
	"indices.refresh":                        "indices:admin/refresh",
	"indices.update_aliases":                 "indices:admin/aliases",
	"indices.get_alias":                      "indices:admin/aliases/get",
	"index":                                  "indices:data/write/index",
	"create":                                 "indices:data/write/index",
	"delete":                                 "indices:data/write/delete",
	"update":                                 "indices:data/write/update",
	"bulk":                                   "indices:data/write/bulk",
	"get":                                    "indices:data/read/get",
	"get_source":                             "indices:data/read/get",
	"exists_source":                          "indices:data/read/get",
	"scroll":                                 "indices:data/read/scroll",
	"clear_scroll":                           "indices:data/read/scroll/clear",
	"create_pit":                             "indices:data/read/point_in_time/create",
	"delete_pit":                             "indices:data/read/point_in_time/delete",
	"delete_all_pits":                        "indices:data/read/point_in_time/delete",
	"get_all_pits":                           "indices:data/read/point_in_time/readall",
	"indices.put_alias":                      "indices:admin/aliases",
	"indices.delete_alias":                   "indices:admin/aliases",
	"indices.forcemerge":                     "indices:admin/forcemerge",
	"exists":                                 "indices:data/read/get",
	"mget":                                   "indices:data/read/mget",
	"search":                                 "indices:data/read/search",
	"msearch":                                "indices:data/read/msearch",
	"count":                                  "indices:data/read/search",
	"explain":                                "indices:data/read/explain",
	"reindex":                                "indices:data/write/reindex",
	"delete_by_query":                        "indices:data/write/delete/byquery",
	"update_by_query":                        "indices:data/write/update/byquery",
	"tasks.list":                             "cluster:monitor/tasks/lists",
	"tasks.get":                              "cluster:monitor/task/get",
	"tasks.cancel":                           "cluster:admin/tasks/cancel",
	"reindex_rethrottle":                     "cluster:admin/reindex/rethrottle",
	"delete_by_query_rethrottle":             "cluster:admin/reindex/rethrottle",
	"update_by_query_rethrottle":             "cluster:admin/reindex/rethrottle",
	"dangling_indices.list_dangling_indices": "cluster:admin/indices/dangling/list",
	"dangling_indices.import_dangling_index": "cluster:admin/indices/dangling/import",
	"dangling_indices.delete_dangling_index": "cluster:admin/indices/dangling/delete",
}

// cancellableOps are the operations whose tasks can be cancelled.
var cancellableOps = map[string]bool{
	"search": true, "msearch": true, "count": true, "scroll": true,
	"reindex": true, "delete_by_query": true, "update_by_query": true,
}

// trackedOps are the operations whose tasks record their CPU and memory
// use: OpenSearch tracks SearchTask (search, count, scroll) only.
var trackedOps = map[string]bool{"search": true, "count": true, "scroll": true}
