// Package exampleenv connects the example programs to a cluster: the one
// CLUSTERSEARCH_URL names, or else a fake server started in the process.
package exampleenv

import (
	"os"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/fake"
)

// Env is where an example runs.
type Env struct {
	Client *clustersearch.Client
	// Fake is the embedded server, or nil against a real cluster: examples use
	// it only for what a real cluster already has (a dangling index, say).
	Fake *fake.Server
}

// Connect returns a client for CLUSTERSEARCH_URL when it is set, otherwise
// for a new fake server with the given options; Close ends the fake.
func Connect(opts ...fake.Option) (*Env, error) {
	if os.Getenv(clustersearch.EnvURL) != "" {
		c, err := clustersearch.New()
		if err != nil {
			return nil, err
		}
		return &Env{Client: c}, nil
	}
	srv, err := fake.NewServer(opts...)
	if err != nil {
		return nil, err
	}
	return &Env{Client: srv.Client(), Fake: srv}, nil
}

// Close stops the embedded fake, if any.
func (e *Env) Close() {
	if e.Fake != nil {
		e.Fake.Close()
	}
}
