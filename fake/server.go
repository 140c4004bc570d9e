// Package fake is an in-process OpenSearch 2.x compatible server for tests:
// start it with New(t), point the SDK (Client()) or any HTTP client at URL().
// Options (With...) choose the cluster's shape, security (WithBasicAuth,
// WithTLS, WithSigV4), time (WithClock) and durability (WithDataDir); the
// standalone program is cmd/clustersearch-fake.
package fake

import (
	"encoding/pem"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// Server is a running fake cluster. Its methods are safe for concurrent use.
type Server struct {
	cfg     config
	http    *httptest.Server
	certs   *serverTLS // with WithTLS
	backend *rest.Backend
	router  *rest.Server
	docops  *rest.DocOps
	ext     *extensions

	once   sync.Once
	client *clustersearch.Client
	cerr   error
}

// New starts a server for the test and closes it when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s, err := NewServer(opts...)
	if err != nil {
		t.Fatalf("fake.New: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// NewServer starts a server; the caller must Close it.
func NewServer(opts ...Option) (*Server, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		o(&cfg)
	}
	v, err := version.Parse(cfg.version)
	if err != nil {
		return nil, err
	}
	b := &rest.Backend{
		Cluster:   cluster.New(cfg.clusterName, cfg.nodes, v),
		Indices:   indices.New(cfg.clock, v),
		Clock:     cfg.clock,
		BuildHash: "0000000000000000000000000000000000000000",
		BuildDate: "2025-01-01T00:00:00.000000000Z",
	}
	useClusterSettings(b, &cfg)
	data, err := openDataDir(&cfg, b)
	if err != nil {
		return nil, err
	}
	router := rest.NewServer(b.Routes()...)
	router.Add(b.ClusterSettingsRoutes()...)
	router.Add(b.StoredScriptRoutes()...)
	router.Add(b.PainlessContextRoutes()...)
	router.Add(b.CloseOpenRoutes()...)
	router.Add(b.AnalyzeRoutes()...)
	router.SetWarningAgent(v.String(), b.BuildHash)
	search := cursor.NewStore(cfg.clock)
	router.Add(b.SearchRoutesWith(search)...)
	docops := newDocOps(&cfg, b, router)
	watchScriptRates(b, docops)
	if cfg.users != nil {
		router.SetUsers(cfg.users)
	}
	ext, err := startExtensions(&cfg, b, router, docops, search, data)
	if err != nil {
		docops.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		ext.close()
		docops.Close()
		return nil, fmt.Errorf("fake: listen on %s: %w", cfg.addr, err)
	}
	// The node clients talk to publishes the address it really listens on
	// (nodes info http.publish_address), so a reindex from remote built
	// from it reaches this server.
	b.Cluster.Nodes[b.Cluster.Master].HTTPAddress = ln.Addr().String()
	var handler http.Handler = router
	if cfg.sigv4 != nil {
		handler = &sigV4Handler{key: *cfg.sigv4, clock: cfg.clock, next: router}
	}
	hs := httptest.NewUnstartedServer(handler)
	hs.Listener.Close()
	// Request lines Go cannot parse reach the router (see escapeListener);
	// with TLS the rewriting runs on the decrypted stream.
	hs.Listener = escapeListener{ln}
	var certs *serverTLS
	if cfg.tls {
		if certs, err = newServerTLS(ln.Addr()); err != nil {
			ln.Close()
			ext.close()
			docops.Close()
			return nil, err
		}
		hs.Listener = certs.listener(ln)
	}
	ext.attach(hs.Config)
	hs.Start()
	if certs != nil {
		hs.URL = "https://" + ln.Addr().String()
		certs.trust(hs.Client())
	}
	return &Server{cfg: cfg, http: hs, certs: certs, backend: b, router: router, ext: ext, docops: docops}, nil
}

// URL returns the base URL, e.g. "http://127.0.0.1:34567".
func (s *Server) URL() string { return s.http.URL }

// CACert returns the PEM certificate of a TLS server (nil without TLS).
func (s *Server) CACert() []byte {
	if s.certs == nil {
		return nil
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: s.certs.leaf.Raw})
}

// Client returns an SDK client configured for this server (address, the
// first basic-auth user, the TLS certificate; without TLS, the direct
// transport of clustersearch.WithDirectTransport). It panics if the SDK rejects
// that configuration, which would be a bug.
func (s *Server) Client() *clustersearch.Client {
	s.once.Do(func() {
		opts := []clustersearch.Option{clustersearch.WithAddresses(s.URL())}
		for u, p := range s.cfg.users {
			opts = append(opts, clustersearch.WithBasicAuth(u, p))
			break
		}
		if s.cfg.tls {
			opts = append(opts, clustersearch.WithCACert(s.CACert()))
		} else {
			// Over loopback, net/http's hand-overs between goroutines cost
			// as much as the exchange itself.
			opts = append(opts, clustersearch.WithDirectTransport())
		}
		s.client, s.cerr = clustersearch.New(opts...)
	})
	if s.cerr != nil {
		panic("fake: building the SDK client: " + s.cerr.Error())
	}
	return s.client
}

// HTTPClient returns an http.Client that trusts the server's certificate.
func (s *Server) HTTPClient() *http.Client { return s.http.Client() }

// Handler returns the server's http.Handler (to mount it elsewhere).
func (s *Server) Handler() http.Handler { return s.http.Config.Handler }

// Close stops the server.
func (s *Server) Close() {
	s.http.Close()
	s.ext.close()
	s.docops.Close()
}
