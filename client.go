package clustersearch

import (
	"os"
	"runtime"
	"strings"

	"github.com/clustersearch/clustersearch-go/cluster"
	"github.com/clustersearch/clustersearch-go/dangling"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/nodes"
	"github.com/clustersearch/clustersearch-go/notifications"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/tasks"
)

// Version is the SDK's version, sent in the default User-Agent.
const Version = "0.2.0"

// DefaultAddress is used when neither WithAddresses nor CLUSTERSEARCH_URL names one.
const DefaultAddress = "http://localhost:9200"

// EnvURL names the environment variable read when no address is given.
const EnvURL = "CLUSTERSEARCH_URL"

// Client talks to one cluster. It is safe for concurrent use; create one and share it.
type Client struct {
	Cluster       *cluster.Service       // health, settings, info, ping
	Nodes         *nodes.Service         // node statistics
	Search        *search.Service        // search, multi-search, explain
	Documents     *documents.Service     // index, get, delete, bulk, update, reindex, delete by query
	Indices       *indices.Service       // create, delete, exists, refresh, settings, mappings, aliases
	Dangling      *dangling.Service      // dangling indexes
	Tasks         *tasks.Service         // list, get, cancel, rethrottle and wait for tasks
	Notifications *notifications.Service // notification channel configurations

	t *transport.Client
}

// New returns a Client configured by opts.
func New(opts ...Option) (*Client, error) {
	s := settings{retry: DefaultRetryPolicy()}
	for _, o := range opts {
		o(&s)
	}
	if len(s.addresses) == 0 {
		s.addresses = addressesFromEnv()
	}
	if s.attemptTimeout > 0 {
		s.retry.AttemptTimeout = s.attemptTimeout
	}
	if s.userAgent == "" {
		s.userAgent = "clustersearch-go/" + Version + " (" + runtime.Version() + "; " + runtime.GOOS + "/" + runtime.GOARCH + ")"
	}
	t, err := transport.New(transport.Config{
		Addresses:           s.addresses,
		Username:            s.username,
		Password:            s.password,
		APIKey:              s.apiKey,
		BearerToken:         s.bearerToken,
		Header:              s.header,
		UserAgent:           s.userAgent,
		Transport:           s.transport,
		Direct:              s.direct,
		CACert:              s.caCert,
		InsecureSkipVerify:  s.insecureSkipVerify,
		Retry:               transport.RetryPolicy(s.retry),
		CompressRequestBody: s.gzip,
		Logger:              s.logger,
		Proxy:               s.proxy,
		Middleware:          s.middleware,
		Observers:           s.observers,
	})
	if err != nil {
		return nil, err
	}
	return &Client{
		Cluster:       cluster.NewService(t),
		Nodes:         nodes.NewService(t),
		Search:        search.NewService(t),
		Documents:     documents.NewService(t),
		Indices:       indices.NewService(t),
		Dangling:      dangling.NewService(t),
		Tasks:         tasks.NewService(t),
		Notifications: notifications.NewService(t),
		t:             t,
	}, nil
}

// addressesFromEnv reads CLUSTERSEARCH_URL (comma-separated), else the default.
func addressesFromEnv() []string {
	var out []string
	for _, a := range strings.Split(os.Getenv(EnvURL), ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		out = []string{DefaultAddress}
	}
	return out
}
