package types

// ShardStatistics is the "_shards" header: how many shard copies a request
// reached and how they fared. Skipped is present on searches only.
type ShardStatistics struct {
	Total      int            `json:"total"`
	Successful int            `json:"successful"`
	Skipped    *int           `json:"skipped,omitempty"`
	Failed     int            `json:"failed"`
	Failures   []ShardFailure `json:"failures,omitempty"`
}

// ShardFailure describes one shard that failed a request.
type ShardFailure struct {
	Shard  int         `json:"shard"`
	Index  string      `json:"index,omitempty"`
	Node   string      `json:"node,omitempty"`
	Status string      `json:"status,omitempty"`
	Reason *ErrorCause `json:"reason,omitempty"`
}

// NodesHeader is the "_nodes" header of node-level APIs (nodes stats, dangling
// indexes): nodes addressed, nodes that answered, nodes that failed and why.
type NodesHeader struct {
	Total      int          `json:"total"`
	Successful int          `json:"successful"`
	Failed     int          `json:"failed"`
	Failures   []ErrorCause `json:"failures,omitempty"`
}
