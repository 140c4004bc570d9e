package fake

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/rest/sigv4"
)

// SigV4Key is the AWS credential a server started WithSigV4 accepts, and the
// region and service ("es" for Amazon OpenSearch Service, "aoss" for
// Serverless) it claims to be.
type SigV4Key = sigv4.Key

// WithSigV4 makes the server check AWS Signature Version 4 on every request,
// as Amazon OpenSearch Service does: a request signed with key for its region
// and service, within five minutes of the server's clock (WithClock), over
// the exact bytes received, is served; any other gets the 403 and JSON body
// the service sends (a signature mismatch names the canonical request and
// string to sign the server expected; an old one says "Signature expired").
func WithSigV4(key SigV4Key) Option {
	return func(c *config) { c.sigv4 = &key }
}

// sigV4Handler checks signatures before next sees the request.
type sigV4Handler struct {
	key   sigv4.Key
	clock Clock
	next  http.Handler
}

func (h *sigV4Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "reading the request body: "+err.Error(), http.StatusBadRequest)
		return
	}
	r.Body.Close()
	if refusal := sigv4.Verify(r, body, h.key, h.clock.Now()); refusal != nil {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("x-amzn-RequestId", requestID())
		w.WriteHeader(refusal.Status)
		io.WriteString(w, refusal.Body)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	h.next.ServeHTTP(w, r)
}

// requestID returns a random UUID, as the x-amzn-RequestId of AWS's answers.
func requestID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
