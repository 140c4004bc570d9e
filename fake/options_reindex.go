package fake

// reindexConfig holds the options of the reindex API.
type reindexConfig struct {
	allowlist []string
}

// WithReindexRemoteAllowlist sets reindex.remote.allowlist: the host:port
// patterns (with * wildcards, e.g. "127.0.0.1:*") a reindex may read from
// with source.remote. Without it every remote host is refused, as on a
// cluster where the setting is empty.
func WithReindexRemoteAllowlist(hosts ...string) Option {
	return func(c *config) { c.reindex.allowlist = append(c.reindex.allowlist, hosts...) }
}
