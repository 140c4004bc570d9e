// Package indices manages indexes: create, delete, exists, refresh, get and put settings
// and mappings, get, put and delete aliases, and index templates (composable templates,
// the component templates they are composed of, legacy templates, and their simulation),
// and analyze (text through an analyzer, as the index would index it).
//
// GetSettings returns each index's settings with the documented ones typed (IndexSettings:
// creation_date, number_of_shards, number_of_replicas, uuid, version, provided_name) and every
// other setting kept raw in Rest, in the nested or the flat_settings form (Settings.Flat);
// encoding a response writes back the form it was read in. PutSettings changes dynamic
// settings (a nil value resets one to its default).
package indices

import "github.com/clustersearch/clustersearch-go/types"

// Service calls the indices APIs. Get one from clustersearch.Client.Indices.
type Service struct {
	t types.Transport
}

// NewService returns a Service that sends its requests through t.
// Users get a ready Service from clustersearch.Client; a test may pass a
// Transport of its own.
func NewService(t types.Transport) *Service { return &Service{t: t} }
