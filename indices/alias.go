package indices

import "github.com/clustersearch/clustersearch-go/query"

// Alias is one alias definition, a value of CreateRequest.Aliases:
// {"filter": ..., "routing": ..., "index_routing": ..., "search_routing": ...,
// "is_write_index": ..., "is_hidden": ...}. Searches through an alias with a
// Filter see only the documents it matches (several filtered aliases of an
// index in one request: any of their filters); SearchRouting limits the
// shards searched, IndexRouting routes writes and reads by id (one value).
type Alias struct {
	Filter        query.Query `json:"filter,omitempty"`
	Routing       string      `json:"routing,omitempty"` // both index and search routing
	IndexRouting  string      `json:"index_routing,omitempty"`
	SearchRouting string      `json:"search_routing,omitempty"`
	IsWriteIndex  *bool       `json:"is_write_index,omitempty"`
	IsHidden      *bool       `json:"is_hidden,omitempty"`
}
