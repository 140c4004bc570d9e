package fake

import (
	"bytes"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// recordConn is a net.Conn that records each write it is given.
type recordConn struct {
	net.Conn
	writes [][]byte
}

func (r *recordConn) Write(p []byte) (int, error) {
	r.writes = append(r.writes, append([]byte(nil), p...))
	return len(p), nil
}

func (r *recordConn) Close() error { return nil }

func responseBytes(header string, body int) []byte {
	return append([]byte("HTTP/1.1 200 OK\r\n"+header+"\r\n\r\n"), bytes.Repeat([]byte("x"), body)...)
}

func TestResponseJoinerHoldsStartUntilRest(t *testing.T) {
	resp := responseBytes("Content-Type: application/json\r\nContent-Length: 6000", 6000)
	rc := &recordConn{}
	c := &escapeConn{Conn: rc}
	if n, err := c.Write(resp[:4096]); n != 4096 || err != nil {
		t.Fatalf("first write: %d, %v", n, err)
	}
	if len(rc.writes) != 0 {
		t.Fatalf("the start of a response that continues was sent alone: %d writes", len(rc.writes))
	}
	if n, err := c.Write(resp[4096:]); n != len(resp)-4096 || err != nil {
		t.Fatalf("second write: %d, %v", n, err)
	}
	if got := bytes.Join(rc.writes, nil); !bytes.Equal(got, resp) {
		t.Fatalf("connection got %d bytes, want the %d of the response in order", len(got), len(resp))
	}
}

func TestResponseJoinerPassesWholeAndStreamedAnswers(t *testing.T) {
	cases := map[string][]byte{
		"whole":        responseBytes("Content-Length: 10", 10),
		"chunked":      responseBytes("Transfer-Encoding: chunked", 4000),
		"headers only": []byte("HTTP/1.1 200 OK\r\nContent-Length: 9000\r\n\r\n"),
		"not a start":  bytes.Repeat([]byte("y"), 4096),
		"two lengths":  responseBytes("Content-Length: 9000\r\nContent-Length: 9000", 100),
	}
	for name, p := range cases {
		rc := &recordConn{}
		c := &escapeConn{Conn: rc}
		if _, err := c.Write(p); err != nil {
			t.Fatal(err)
		}
		if len(rc.writes) != 1 || !bytes.Equal(rc.writes[0], p) {
			t.Errorf("%s: got %d writes, want it sent at once", name, len(rc.writes))
		}
	}
}

func TestResponseJoinerFlushesOnClose(t *testing.T) {
	start := responseBytes("Content-Length: 9000", 100)
	rc := &recordConn{}
	c := &escapeConn{Conn: rc}
	_, _ = c.Write(start)
	_ = c.Close()
	if len(rc.writes) != 1 || !bytes.Equal(rc.writes[0], start) {
		t.Errorf("held bytes not sent on close (%d writes)", len(rc.writes))
	}
}

func TestLargeResponsesOverOneConnection(t *testing.T) {
	s := newTestServer(t)
	text := strings.Repeat("a", 9000)
	if st, _, b := call(t, s, "PUT", "/big/_doc/1?refresh=true", `{"text":"`+text+`"}`); st != 201 {
		t.Fatalf("index: %d %s", st, b)
	}
	for i := 0; i < 3; i++ { // keep-alive: each answer ends where it should
		st, h, b := call(t, s, "GET", "/big/_doc/1", "")
		if cl, _ := strconv.Atoi(h.Get("Content-Length")); st != 200 || cl != len(b) || !strings.Contains(b, text) {
			t.Fatalf("answer %d: status %d, %d bytes, Content-Length %d", i, st, len(b), cl)
		}
		if st, _, _ := call(t, s, "GET", "/big/_count", ""); st != 200 {
			t.Fatalf("small answer after a large one: %d", st)
		}
	}
}

// blockConn is a connection whose writes block until it is closed, as
// with a client that stopped reading.
type blockConn struct {
	net.Conn
	closed chan struct{}
}

func (b *blockConn) Write(p []byte) (int, error) { <-b.closed; return 0, net.ErrClosed }
func (b *blockConn) Close() error                { close(b.closed); return nil }

func TestCloseDoesNotWaitForABlockedWrite(t *testing.T) {
	bc := &blockConn{closed: make(chan struct{})}
	c := &escapeConn{Conn: bc}
	done := make(chan error, 1)
	go func() { _, err := c.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx")); done <- err }()
	for c.out.mu.TryLock() { // wait until the write holds the joiner
		c.out.mu.Unlock()
		runtime.Gosched()
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err == nil {
		t.Fatal("the blocked write did not fail when the connection closed")
	}
}
