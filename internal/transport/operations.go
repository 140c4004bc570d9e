package transport

import (
	"net/url"
	"strings"
)

// operationPatterns name the endpoints the SDK calls after OpenSearch's REST
// API specification (the names observers report as the operation). The list
// is the fake's route table (docs/fake-operations.md; a test keeps the two
// in step): {name} marks a path part, and {index} only matches a segment
// that names indices (not one starting with "_", except "_all").
var operationPatterns = compileOperations([][3]string{
	{"bulk", "POST", "/_bulk"},
	{"bulk", "PUT", "/_bulk"},
	{"bulk", "POST", "/{index}/_bulk"},
	{"bulk", "PUT", "/{index}/_bulk"},
	{"clear_scroll", "DELETE", "/_search/scroll"},
	{"clear_scroll", "DELETE", "/_search/scroll/{scroll_id}"},
	{"cluster.delete_component_template", "DELETE", "/_component_template/{name}"},
	{"cluster.exists_component_template", "HEAD", "/_component_template/{name}"},
	{"cluster.get_component_template", "GET", "/_component_template"},
	{"cluster.get_component_template", "GET", "/_component_template/{name}"},
	{"cluster.get_settings", "GET", "/_cluster/settings"},
	{"cluster.health", "GET", "/_cluster/health"},
	{"cluster.health", "GET", "/_cluster/health/{index}"},
	{"cluster.put_component_template", "POST", "/_component_template/{name}"},
	{"cluster.put_component_template", "PUT", "/_component_template/{name}"},
	{"cluster.put_settings", "PUT", "/_cluster/settings"},
	{"cluster.state", "GET", "/_cluster/state"},
	{"cluster.state", "GET", "/_cluster/state/{metric}"},
	{"cluster.state", "GET", "/_cluster/state/{metric}/{index}"},
	{"count", "GET", "/_count"},
	{"count", "POST", "/_count"},
	{"count", "GET", "/{index}/_count"},
	{"count", "POST", "/{index}/_count"},
	{"create", "POST", "/{index}/_create/{id}"},
	{"create", "PUT", "/{index}/_create/{id}"},
	{"create_pit", "POST", "/{index}/_search/point_in_time"},
	{"dangling_indices.delete_dangling_index", "DELETE", "/_dangling/{index_uuid}"},
	{"dangling_indices.import_dangling_index", "POST", "/_dangling/{index_uuid}"},
	{"dangling_indices.list_dangling_indices", "GET", "/_dangling"},
	{"delete", "DELETE", "/{index}/_doc/{id}"},
	{"delete_all_pits", "DELETE", "/_search/point_in_time/_all"},
	{"delete_by_query", "POST", "/{index}/_delete_by_query"},
	{"delete_by_query_rethrottle", "POST", "/_delete_by_query/{task_id}/_rethrottle"},
	{"delete_pit", "DELETE", "/_search/point_in_time"},
	{"delete_script", "DELETE", "/_scripts/{id}"},
	{"exists", "HEAD", "/{index}/_doc/{id}"},
	{"exists_source", "HEAD", "/{index}/_source/{id}"},
	{"explain", "GET", "/{index}/_explain/{id}"},
	{"explain", "POST", "/{index}/_explain/{id}"},
	{"get", "GET", "/{index}/_doc/{id}"},
	{"get_all_pits", "GET", "/_search/point_in_time/_all"},
	{"get_script", "GET", "/_scripts/{id}"},
	{"get_source", "GET", "/{index}/_source/{id}"},
	{"index", "POST", "/{index}/_doc"},
	{"index", "POST", "/{index}/_doc/{id}"},
	{"index", "PUT", "/{index}/_doc/{id}"},
	{"indices.analyze", "GET", "/_analyze"},
	{"indices.analyze", "POST", "/_analyze"},
	{"indices.analyze", "GET", "/{index}/_analyze"},
	{"indices.analyze", "POST", "/{index}/_analyze"},
	{"indices.close", "POST", "/{index}/_close"},
	{"indices.create", "PUT", "/{index}"},
	{"indices.delete", "DELETE", "/{index}"},
	{"indices.delete_alias", "DELETE", "/{index}/_alias/{name}"},
	{"indices.delete_alias", "DELETE", "/{index}/_aliases/{name}"},
	{"indices.delete_index_template", "DELETE", "/_index_template/{name}"},
	{"indices.delete_template", "DELETE", "/_template/{name}"},
	{"indices.exists", "HEAD", "/{index}"},
	{"indices.exists_alias", "HEAD", "/_alias/{name}"},
	{"indices.exists_alias", "HEAD", "/{index}/_alias/{name}"},
	{"indices.exists_index_template", "HEAD", "/_index_template/{name}"},
	{"indices.exists_template", "HEAD", "/_template/{name}"},
	{"indices.forcemerge", "POST", "/_forcemerge"},
	{"indices.forcemerge", "POST", "/{index}/_forcemerge"},
	{"indices.get", "GET", "/{index}"},
	{"indices.get_alias", "GET", "/_alias"},
	{"indices.get_alias", "GET", "/_alias/{name}"},
	{"indices.get_alias", "GET", "/{index}/_alias"},
	{"indices.get_alias", "GET", "/{index}/_alias/{name}"},
	{"indices.get_index_template", "GET", "/_index_template"},
	{"indices.get_index_template", "GET", "/_index_template/{name}"},
	{"indices.get_mapping", "GET", "/_mapping"},
	{"indices.get_mapping", "GET", "/{index}/_mapping"},
	{"indices.get_settings", "GET", "/_settings"},
	{"indices.get_settings", "GET", "/_settings/{name}"},
	{"indices.get_settings", "GET", "/{index}/_setting/{name}"},
	{"indices.get_settings", "GET", "/{index}/_settings"},
	{"indices.get_settings", "GET", "/{index}/_settings/{name}"},
	{"indices.get_template", "GET", "/_template"},
	{"indices.get_template", "GET", "/_template/{name}"},
	{"indices.open", "POST", "/{index}/_open"},
	{"indices.put_alias", "PUT", "/_alias"},
	{"indices.put_alias", "POST", "/_alias/{name}"},
	{"indices.put_alias", "PUT", "/_alias/{name}"},
	{"indices.put_alias", "POST", "/_aliases/{name}"},
	{"indices.put_alias", "PUT", "/_aliases/{name}"},
	{"indices.put_alias", "POST", "/{index}/_alias"},
	{"indices.put_alias", "PUT", "/{index}/_alias"},
	{"indices.put_alias", "POST", "/{index}/_alias/{name}"},
	{"indices.put_alias", "PUT", "/{index}/_alias/{name}"},
	{"indices.put_alias", "POST", "/{index}/_aliases"},
	{"indices.put_alias", "PUT", "/{index}/_aliases"},
	{"indices.put_alias", "POST", "/{index}/_aliases/{name}"},
	{"indices.put_alias", "PUT", "/{index}/_aliases/{name}"},
	{"indices.put_index_template", "POST", "/_index_template/{name}"},
	{"indices.put_index_template", "PUT", "/_index_template/{name}"},
	{"indices.put_mapping", "POST", "/{index}/_mapping"},
	{"indices.put_mapping", "PUT", "/{index}/_mapping"},
	{"indices.put_settings", "PUT", "/_settings"},
	{"indices.put_settings", "PUT", "/{index}/_settings"},
	{"indices.put_template", "POST", "/_template/{name}"},
	{"indices.put_template", "PUT", "/_template/{name}"},
	{"indices.refresh", "GET", "/_refresh"},
	{"indices.refresh", "POST", "/_refresh"},
	{"indices.refresh", "GET", "/{index}/_refresh"},
	{"indices.refresh", "POST", "/{index}/_refresh"},
	{"indices.simulate_index_template", "POST", "/_index_template/_simulate_index/{name}"},
	{"indices.simulate_template", "POST", "/_index_template/_simulate"},
	{"indices.simulate_template", "POST", "/_index_template/_simulate/{name}"},
	{"indices.stats", "GET", "/_stats"},
	{"indices.stats", "GET", "/_stats/{metric}"},
	{"indices.stats", "GET", "/{index}/_stats"},
	{"indices.stats", "GET", "/{index}/_stats/{metric}"},
	{"indices.update_aliases", "POST", "/_aliases"},
	{"info", "GET", "/"},
	{"ingest.delete_pipeline", "DELETE", "/_ingest/pipeline/{id}"},
	{"ingest.get_pipeline", "GET", "/_ingest/pipeline"},
	{"ingest.get_pipeline", "GET", "/_ingest/pipeline/{id}"},
	{"ingest.processor_grok", "GET", "/_ingest/processor/grok"},
	{"ingest.put_pipeline", "PUT", "/_ingest/pipeline/{id}"},
	{"ingest.simulate", "GET", "/_ingest/pipeline/_simulate"},
	{"ingest.simulate", "POST", "/_ingest/pipeline/_simulate"},
	{"ingest.simulate", "GET", "/_ingest/pipeline/{id}/_simulate"},
	{"ingest.simulate", "POST", "/_ingest/pipeline/{id}/_simulate"},
	{"knn.clear_cache", "POST", "/_plugins/_knn/clear_cache/{index}"},
	{"knn.stats", "GET", "/_plugins/_knn/stats"},
	{"knn.stats", "GET", "/_plugins/_knn/stats/{stat}"},
	{"knn.stats", "GET", "/_plugins/_knn/{node_id}/stats"},
	{"knn.stats", "GET", "/_plugins/_knn/{node_id}/stats/{stat}"},
	{"knn.warmup", "GET", "/_plugins/_knn/warmup/{index}"},
	{"mget", "GET", "/_mget"},
	{"mget", "POST", "/_mget"},
	{"mget", "GET", "/{index}/_mget"},
	{"mget", "POST", "/{index}/_mget"},
	{"msearch", "GET", "/_msearch"},
	{"msearch", "POST", "/_msearch"},
	{"msearch", "GET", "/{index}/_msearch"},
	{"msearch", "POST", "/{index}/_msearch"},
	{"msearch_template", "GET", "/_msearch/template"},
	{"msearch_template", "POST", "/_msearch/template"},
	{"msearch_template", "GET", "/{index}/_msearch/template"},
	{"msearch_template", "POST", "/{index}/_msearch/template"},
	{"nodes.info", "GET", "/_nodes"},
	{"nodes.info", "GET", "/_nodes/{node_id}"},
	{"nodes.info", "GET", "/_nodes/{node_id}/info/{metric}"},
	{"nodes.info", "GET", "/_nodes/{node_id}/{metric}"},
	{"nodes.stats", "GET", "/_nodes/stats"},
	{"nodes.stats", "GET", "/_nodes/stats/{metric}"},
	{"nodes.stats", "GET", "/_nodes/stats/{metric}/{index_metric}"},
	{"nodes.stats", "GET", "/_nodes/{node_id}/stats"},
	{"nodes.stats", "GET", "/_nodes/{node_id}/stats/{metric}"},
	{"nodes.stats", "GET", "/_nodes/{node_id}/stats/{metric}/{index_metric}"},
	{"notifications.channels", "GET", "/_plugins/_notifications/channels"},
	{"notifications.configs.create", "POST", "/_plugins/_notifications/configs"},
	{"notifications.configs.delete", "DELETE", "/_plugins/_notifications/configs/{config_id}"},
	{"notifications.configs.delete_many", "DELETE", "/_plugins/_notifications/configs"},
	{"notifications.configs.get", "GET", "/_plugins/_notifications/configs/{config_id}"},
	{"notifications.configs.list", "GET", "/_plugins/_notifications/configs"},
	{"notifications.configs.update", "PUT", "/_plugins/_notifications/configs/{config_id}"},
	{"notifications.feature.test", "GET", "/_plugins/_notifications/feature/test/{config_id}"},
	{"notifications.feature.test", "POST", "/_plugins/_notifications/feature/test/{config_id}"},
	{"notifications.features", "GET", "/_plugins/_notifications/features"},
	{"ping", "HEAD", "/"},
	{"put_script", "POST", "/_scripts/{id}"},
	{"put_script", "PUT", "/_scripts/{id}"},
	{"put_script", "POST", "/_scripts/{id}/{context}"},
	{"put_script", "PUT", "/_scripts/{id}/{context}"},
	{"reindex", "POST", "/_reindex"},
	{"reindex_rethrottle", "POST", "/_reindex/{task_id}/_rethrottle"},
	{"render_search_template", "GET", "/_render/template"},
	{"render_search_template", "POST", "/_render/template"},
	{"render_search_template", "GET", "/_render/template/{id}"},
	{"render_search_template", "POST", "/_render/template/{id}"},
	{"scripts_painless_context", "GET", "/_scripts/painless/_context"},
	{"scroll", "GET", "/_search/scroll"},
	{"scroll", "POST", "/_search/scroll"},
	{"scroll", "GET", "/_search/scroll/{scroll_id}"},
	{"scroll", "POST", "/_search/scroll/{scroll_id}"},
	{"search", "GET", "/_search"},
	{"search", "POST", "/_search"},
	{"search", "GET", "/{index}/_search"},
	{"search", "POST", "/{index}/_search"},
	{"search_template", "GET", "/_search/template"},
	{"search_template", "POST", "/_search/template"},
	{"search_template", "GET", "/{index}/_search/template"},
	{"search_template", "POST", "/{index}/_search/template"},
	{"tasks.cancel", "POST", "/_tasks/_cancel"},
	{"tasks.cancel", "POST", "/_tasks/{task_id}/_cancel"},
	{"tasks.get", "GET", "/_tasks/{task_id}"},
	{"tasks.list", "GET", "/_tasks"},
	{"update", "POST", "/{index}/_update/{id}"},
	{"update_by_query", "POST", "/{index}/_update_by_query"},
	{"update_by_query_rethrottle", "POST", "/_update_by_query/{task_id}/_rethrottle"},
})

// operationPattern is one compiled entry of operationPatterns.
type operationPattern struct {
	name, method string
	segments     []string // literal segments, or "{part}"
	literals     int      // how many segments are literal: the most specific match wins
}

func compileOperations(rows [][3]string) []operationPattern {
	out := make([]operationPattern, 0, len(rows))
	for _, r := range rows {
		p := operationPattern{name: r[0], method: r[1]}
		if trimmed := strings.Trim(r[2], "/"); trimmed != "" {
			p.segments = strings.Split(trimmed, "/")
		}
		for _, s := range p.segments {
			if !strings.HasPrefix(s, "{") {
				p.literals++
			}
		}
		out = append(out, p)
	}
	return out
}

// operationFor returns the specification name of the endpoint that method and
// escapedPath call ("search", "indices.create", ...) and the values of its
// path parts (unescaped), or "" and nil for an endpoint the table does not know.
func operationFor(method, escapedPath string) (string, map[string]string) {
	var seg []string
	if trimmed := strings.Trim(escapedPath, "/"); trimmed != "" {
		seg = strings.Split(trimmed, "/")
	}
	var best *operationPattern
	for i := range operationPatterns {
		p := &operationPatterns[i]
		if p.method != method || len(p.segments) != len(seg) || (best != nil && p.literals <= best.literals) {
			continue
		}
		if p.matches(seg) {
			best = p
		}
	}
	if best == nil {
		return "", nil
	}
	var parts map[string]string
	for i, s := range best.segments {
		if strings.HasPrefix(s, "{") {
			if parts == nil {
				parts = map[string]string{}
			}
			v, err := url.PathUnescape(seg[i])
			if err != nil {
				v = seg[i]
			}
			parts[strings.Trim(s, "{}")] = v
		}
	}
	return best.name, parts
}

func (p *operationPattern) matches(seg []string) bool {
	for i, s := range p.segments {
		switch {
		case s == "{index}":
			if !isTarget(seg[i]) {
				return false
			}
		case strings.HasPrefix(s, "{"):
			if seg[i] == "" {
				return false
			}
		case s != seg[i]:
			return false
		}
	}
	return true
}
