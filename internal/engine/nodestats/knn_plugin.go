package nodestats

import "github.com/clustersearch/clustersearch-go/internal/engine/jsonout"

// knnPlugin is the k-NN plugin's PluginInfo as nodes info lists it: the fake
// serves its knn_vector field, knn query, scoring scripts and stats.
func knnPlugin(nodeVersion string) jsonout.Object {
	return jsonout.Object{
		{Key: "name", Value: "opensearch-knn"},
		{Key: "version", Value: nodeVersion + ".0"},
		{Key: "opensearch_version", Value: nodeVersion},
		{Key: "java_version", Value: "11"},
		{Key: "description", Value: "OpenSearch k-NN plugin"},
		{Key: "classname", Value: "org.opensearch.knn.plugin.KNNPlugin"},
		{Key: "custom_foldername", Value: ""},
		{Key: "extended_plugins", Value: []any{"lang-painless"}},
		{Key: "has_native_controller", Value: false},
	}
}
