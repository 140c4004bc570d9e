// Package awssigv4 signs the requests of a clustersearch client with AWS
// Signature Version 4, for Amazon OpenSearch Service (service "es") and
// Amazon OpenSearch Serverless ("aoss").
//
// It is a middleware: the client keeps its own transport (TLS, CA, proxy)
// underneath, and the signer runs once per attempt, below the retry loop, so
// every retry is signed anew with a fresh date and for the address it goes to.
// The signature covers the exact bytes sent: the payload hash is that of the
// gzip body when the client compresses (WithGzip). Signing is done by
// aws-sdk-go-v2's v4 signer; credentials come from any aws-sdk-go-v2
// provider, cached and refreshed before they expire.
//
//	cfg, _ := config.LoadDefaultConfig(ctx) // github.com/aws/aws-sdk-go-v2/config
//	sign, _ := awssigv4.FromConfig(cfg, awssigv4.ServiceOpenSearch)
//	c, _ := clustersearch.New(
//		clustersearch.WithAddresses("https://search-my-domain.eu-west-1.es.amazonaws.com"),
//		clustersearch.WithMiddleware(sign),
//	)
package awssigv4

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// The service names requests are signed for.
const (
	ServiceOpenSearch = "es"   // Amazon OpenSearch Service domains
	ServiceServerless = "aoss" // Amazon OpenSearch Serverless collections
)

// Options configure the signer.
type Options struct {
	// Region of the domain or collection, e.g. "eu-west-1". Required.
	Region string
	// Service is ServiceOpenSearch (the default) or ServiceServerless.
	Service string
	// Credentials provides the keys. Unless it already is an
	// *aws.CredentialsCache it is wrapped in one, so keys are fetched once
	// and fetched again shortly before they expire. Required.
	Credentials aws.CredentialsProvider
	// Now is the signing clock (default time.Now); tests fix it.
	Now func() time.Time
}

// FromConfig returns the signing middleware for the region and credentials
// of an aws.Config (as config.LoadDefaultConfig returns it).
func FromConfig(cfg aws.Config, service string) (clustersearch.Middleware, error) {
	return New(Options{Region: cfg.Region, Service: service, Credentials: cfg.Credentials})
}

// New returns the signing middleware, for clustersearch.WithMiddleware.
func New(o Options) (clustersearch.Middleware, error) {
	if o.Region == "" {
		return nil, errors.New("awssigv4: no region")
	}
	if o.Credentials == nil {
		return nil, errors.New("awssigv4: no credentials provider")
	}
	if o.Service == "" {
		o.Service = ServiceOpenSearch
	}
	if _, cached := o.Credentials.(*aws.CredentialsCache); !cached {
		o.Credentials = aws.NewCredentialsCache(o.Credentials)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	signer := v4.NewSigner()
	return func(next http.RoundTripper) http.RoundTripper {
		return &transport{next: next, signer: signer, o: o}
	}, nil
}

// transport signs each request it is given and passes it on.
type transport struct {
	next   http.RoundTripper
	signer *v4.Signer
	o      Options
}

// RoundTrip signs a copy of r (a RoundTripper must not change its request)
// over the body bytes it will send.
func (t *transport) RoundTrip(r *http.Request) (*http.Response, error) {
	body, err := readBody(r)
	if err != nil {
		return nil, fmt.Errorf("awssigv4: reading the body to sign: %w", err)
	}
	signed := r.Clone(r.Context())
	if body != nil {
		signed.Body = io.NopCloser(bytes.NewReader(body))
		signed.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		if signed.ContentLength < 0 {
			signed.ContentLength = int64(len(body))
		}
	}
	sum := sha256.Sum256(body)
	payloadHash := hex.EncodeToString(sum[:])
	if t.o.Service == ServiceServerless {
		// Serverless checks the body against this header; without it, a
		// request with a body is refused.
		signed.Header.Set("X-Amz-Content-Sha256", payloadHash)
	}
	creds, err := t.o.Credentials.Retrieve(r.Context())
	if err != nil {
		return nil, fmt.Errorf("awssigv4: retrieving credentials: %w", err)
	}
	if err := t.signer.SignHTTP(r.Context(), creds, signed, payloadHash, t.o.Service, t.o.Region, t.o.Now().UTC()); err != nil {
		return nil, fmt.Errorf("awssigv4: signing: %w", err)
	}
	return t.next.RoundTrip(signed)
}

// readBody reads and closes r's body; nil when there is none.
func readBody(r *http.Request) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	defer r.Body.Close()
	return io.ReadAll(r.Body)
}
