package types

// Refresh says when the changes a write makes become visible to search.
type Refresh string

// The refresh policies the server accepts.
const (
	RefreshTrue    Refresh = "true"     // refresh the affected shards now
	RefreshFalse   Refresh = "false"    // leave it to the periodic refresh (the default)
	RefreshWaitFor Refresh = "wait_for" // answer once a refresh has made the change visible
)
