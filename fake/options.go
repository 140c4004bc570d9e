package fake

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
)

// Clock is the fake's time source (refresh intervals, creation dates, ids).
type Clock interface {
	Now() time.Time
}

// ManualClock is a Clock that moves only when Advance or Set is called.
// Server-side waits run on it: refresh=wait_for (until the next scheduled
// refresh), cluster health wait_for_* and wait_for_active_shards (until their
// timeout) block until the test advances the clock far enough or the cluster
// changes; Waiters tells how many are parked.
type ManualClock = clock.Manual

// NewManualClock returns a ManualClock set to start.
func NewManualClock(start time.Time) *ManualClock { return clock.NewManual(start) }

// Option configures a Server.
type Option func(*config)

type config struct {
	nodes       int
	clusterName string
	version     string
	users       map[string]string
	tls         bool
	clock       Clock
	addr        string
	ext         extConfig
	reindex     reindexConfig
	sigv4       *SigV4Key // nil: no signature checking
}

func defaultConfig() config {
	return config{nodes: 1, clusterName: "opensearch", version: "2.19.0", clock: clock.Real{}, addr: "127.0.0.1:0"}
}

// WithNodes sets the number of simulated nodes (default 1). With one node,
// indexes with replicas are yellow, as on a real single-node cluster.
func WithNodes(n int) Option { return func(c *config) { c.nodes = n } }

// WithClusterName sets the cluster name (default "opensearch").
func WithClusterName(name string) Option { return func(c *config) { c.clusterName = name } }

// WithVersion sets the reported OpenSearch version (default "2.19.0"). A 3.x
// version selects 3.x behaviour where it differs (e.g. plain BM25 scoring).
func WithVersion(v string) Option { return func(c *config) { c.version = v } }

// WithBasicAuth requires HTTP basic authentication; call it once per user.
// Requests without valid credentials get the security plugin's 401.
func WithBasicAuth(user, password string) Option {
	return func(c *config) {
		if c.users == nil {
			c.users = map[string]string{}
		}
		c.users[user] = password
	}
}

// WithTLS serves HTTPS with a self-signed certificate; Client() trusts it and
// CACert() returns it.
func WithTLS() Option { return func(c *config) { c.tls = true } }

// WithClock sets the time source (default: the system clock). Every
// server-side time (refresh intervals, timeouts of waiting requests, dates)
// follows it; a clock without an After method waits on real time.
func WithClock(clk Clock) Option { return func(c *config) { c.clock = clk } }

// WithAddr sets the listen address (default "127.0.0.1:0", a free port).
func WithAddr(addr string) Option { return func(c *config) { c.addr = addr } }
