package conformance

// Target is a server under test; *fake.Server satisfies it.
type Target interface {
	// URL is the base address, e.g. "http://127.0.0.1:9200".
	URL() string
	// Close stops the server.
	Close() error
}

// NewTarget starts a fresh, empty server. Runners call it once per isolated
// unit (a YAML test, a story) so no state leaks between them.
type NewTarget func() (Target, error)
