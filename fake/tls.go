package fake

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"time"
)

// serverTLS is the certificate WithTLS serves: self-signed, made at start
// for the loopback names, so each server has its own.
type serverTLS struct {
	cert tls.Certificate
	leaf *x509.Certificate
}

func newServerTLS(addr net.Addr) (*serverTLS, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("fake: TLS key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, fmt.Errorf("fake: TLS serial: %w", err)
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{Organization: []string{"clustersearch-fake"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	if tcp, ok := addr.(*net.TCPAddr); ok && !tcp.IP.IsUnspecified() && !tcp.IP.IsLoopback() {
		tmpl.IPAddresses = append(tmpl.IPAddresses, tcp.IP)
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("fake: TLS certificate: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("fake: TLS certificate: %w", err)
	}
	return &serverTLS{cert: tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, leaf: leaf}, nil
}

// listener terminates TLS below the request-line rewriting, so a bad
// percent escape gets the same JSON answer over HTTPS as over HTTP (the
// HTTP server sees plain text, and only HTTP/1.1 is offered, as
// httptest's TLS servers do).
func (t *serverTLS) listener(ln net.Listener) net.Listener {
	conf := &tls.Config{Certificates: []tls.Certificate{t.cert}, NextProtos: []string{"http/1.1"}}
	return escapeListener{tls.NewListener(ln, conf)}
}

// trust makes c's transport trust the certificate.
func (t *serverTLS) trust(c *http.Client) {
	pool := x509.NewCertPool()
	pool.AddCert(t.leaf)
	if tr, ok := c.Transport.(*http.Transport); ok {
		tr.TLSClientConfig = &tls.Config{RootCAs: pool}
	}
}
