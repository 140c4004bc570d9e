package fake

import (
	"bytes"
	"net"
	"sync"
)

// Go's HTTP server writes a response through a 4 KB connection buffer: a
// larger response leaves it as one full buffer (status line, headers and
// the first part of the body) and then the rest, two write calls and two
// packets the client must wait for. responseJoiner holds back the first
// part when the response's own Content-Length says more of it follows,
// and sends both parts in one call (writev on TCP) with the next write.
// Streamed (chunked) answers and answers that fit in one write go out as
// they come.
type responseJoiner struct {
	mu   sync.Mutex
	held []byte      // the start of a response waiting for its rest
	pair [2][]byte   // the two parts of a joined write
	bufs net.Buffers // pair's slice, kept here so WriteTo allocates nothing
	err  error       // the failure of a joined write, reported by the next call
}

// write sends p on conn, holding it back or joining it to what is held.
func (j *responseJoiner) write(conn net.Conn, p []byte) (int, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return 0, j.err
	}
	if len(j.held) > 0 {
		j.pair = [2][]byte{j.held, p}
		j.bufs = j.pair[:] // WriteTo consumes the slice, not pair
		_, err := j.bufs.WriteTo(conn)
		j.pair = [2][]byte{}
		j.held = j.held[:0]
		if err != nil {
			j.err = err
			return 0, err
		}
		return len(p), nil
	}
	if responseContinues(p) {
		j.held = append(j.held[:0], p...)
		return len(p), nil
	}
	return conn.Write(p)
}

// flush sends what is held (before the server reads the next request or
// closes the connection, should a response end early). It never waits: a
// write in progress means nothing is held, and a Close must not wait for
// a write blocked on a client that does not read.
func (j *responseJoiner) flush(conn net.Conn) error {
	if !j.mu.TryLock() {
		return nil
	}
	defer j.mu.Unlock()
	if len(j.held) == 0 || j.err != nil {
		return j.err
	}
	_, err := conn.Write(j.held)
	j.held = j.held[:0]
	j.err = err
	return err
}

// responseContinues reports whether p is the start of an HTTP/1.x
// response, with a body, whose Content-Length promises bytes beyond p.
// A write of headers alone (a HEAD answer, a flushed stream) never is.
func responseContinues(p []byte) bool {
	if !bytes.HasPrefix(p, []byte("HTTP/1.")) {
		return false
	}
	end := bytes.Index(p, []byte("\r\n\r\n"))
	if end < 0 || end+4 >= len(p) {
		return false
	}
	n := int64(-1)
	for hdr := p[:end]; len(hdr) > 0; {
		var line []byte
		line, hdr, _ = bytes.Cut(hdr, []byte("\r\n"))
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok || !asciiEqualFold(bytes.TrimSpace(name), "content-length") {
			continue
		}
		v, ok := parseLength(bytes.TrimSpace(value))
		if !ok || n >= 0 {
			return false // malformed or repeated: do not guess
		}
		n = v
	}
	return n >= 0 && int64(end+4)+n > int64(len(p))
}

// parseLength reads a Content-Length value: decimal digits only.
func parseLength(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// Write sends the server's bytes, joining the parts of a response.
func (c *escapeConn) Write(p []byte) (int, error) { return c.out.write(c.Conn, p) }

// Close sends anything held back, then closes the connection.
func (c *escapeConn) Close() error {
	_ = c.out.flush(c.Conn)
	return c.Conn.Close()
}
