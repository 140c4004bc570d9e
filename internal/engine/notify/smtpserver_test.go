package notify

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// receivedMail is one message received by the test SMTP server.
type receivedMail struct {
	from    string
	to      []string
	data    string
	tls     bool // the session was encrypted when DATA arrived
	authRaw string
}

// smtpServer is a minimal SMTP server for delivery tests.
type smtpServer struct {
	ln         net.Listener
	mode       string // "plain", "starttls" or "ssl"
	tlsConf    *tls.Config
	rejectRcpt string
	mu         sync.Mutex
	mails      []receivedMail
	wg         sync.WaitGroup
}

// selfSignedTLS returns a server config for 127.0.0.1 and a client pool
// trusting it.
func selfSignedTLS(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "smtp.test"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:     []string{"localhost"},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}

func startSMTP(t *testing.T, mode string, tlsConf *tls.Config) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if mode == "ssl" {
		ln = tls.NewListener(ln, tlsConf)
	}
	s := &smtpServer{ln: ln, mode: mode, tlsConf: tlsConf}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				s.serve(c)
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		s.wg.Wait()
	})
	return s
}

func (s *smtpServer) port() int { return s.ln.Addr().(*net.TCPAddr).Port }

func (s *smtpServer) received() []receivedMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]receivedMail(nil), s.mails...)
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	_, encrypted := c.(*tls.Conn)
	r := bufio.NewReader(c)
	reply := func(line string) { c.Write([]byte(line + "\r\n")) }
	reply("220 smtp.test ESMTP")
	var cur receivedMail
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			if s.mode == "starttls" && !encrypted {
				reply("250-smtp.test")
				reply("250-AUTH PLAIN")
				reply("250 STARTTLS")
			} else {
				reply("250-smtp.test")
				reply("250 AUTH PLAIN")
			}
		case "STARTTLS":
			reply("220 go ahead")
			tc := tls.Server(c, s.tlsConf)
			if tc.Handshake() != nil {
				return
			}
			c, encrypted = tc, true
			r = bufio.NewReader(c)
		case "AUTH":
			cur.authRaw = strings.TrimPrefix(line, "AUTH PLAIN ")
			reply("235 ok")
		case "MAIL":
			cur.from = strings.TrimSuffix(strings.TrimPrefix(line, "MAIL FROM:<"), ">")
			if i := strings.Index(cur.from, ">"); i >= 0 {
				cur.from = cur.from[:i]
			}
			reply("250 ok")
		case "RCPT":
			to := strings.TrimSuffix(strings.TrimPrefix(line, "RCPT TO:<"), ">")
			if to == s.rejectRcpt {
				reply("550 no such user")
				continue
			}
			cur.to = append(cur.to, to)
			reply("250 ok")
		case "DATA":
			reply("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			cur.data, cur.tls = b.String(), encrypted
			s.mu.Lock()
			s.mails = append(s.mails, cur)
			s.mu.Unlock()
			cur = receivedMail{}
			reply("250 queued")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("250 ok")
		}
	}
}

func decodePlainAuth(raw string) string {
	b, _ := base64.StdEncoding.DecodeString(raw)
	return strings.ReplaceAll(string(b), "\x00", "|")
}
