package fake

import (
	"bufio"
	"bytes"
	"net"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/rest"
)

// Go's HTTP server answers a request line whose path holds an invalid
// percent escape (GET /bi/_doc/%zz) with its own plain-text 400 before any
// handler runs, where OpenSearch decodes the path itself and answers with
// JSON. escapeListener hands the server connections whose request lines are
// rewritten so Go accepts them (rest.SanitizeRequestTarget), the original
// target following in rest.RawTargetHeader for the router. It follows
// HTTP/1.1 framing (Content-Length and chunked bodies) to find each request
// line of a keep-alive connection; anything it does not understand (a TLS
// handshake, a line longer than its buffer) is passed through untouched
// from then on.
type escapeListener struct{ net.Listener }

// Accept wraps each connection.
func (l escapeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &escapeConn{Conn: c, r: bufio.NewReaderSize(c, 64<<10)}, nil
}

// escapeConn states: where the next bytes belong.
const (
	atRequestLine = iota
	inHeaders
	inBody
	atChunkSize
	inChunk
	atChunkEnd
	inTrailer
	passThrough
)

type escapeConn struct {
	net.Conn
	r       *bufio.Reader
	state   int
	pending []byte // rewritten bytes not yet read by the server
	left    int64  // body or chunk bytes still to pass
	chunked bool
	length  int64
	rawHdr  string // the header line to add at the end of this request's headers
}

// Read returns the connection's bytes with request lines rewritten.
func (c *escapeConn) Read(p []byte) (int, error) {
	for len(c.pending) == 0 {
		switch c.state {
		case passThrough:
			return c.r.Read(p)
		case inBody, inChunk:
			if c.left == 0 {
				c.next()
				continue
			}
			if int64(len(p)) > c.left {
				p = p[:c.left]
			}
			n, err := c.r.Read(p)
			c.left -= int64(n)
			return n, err
		}
		line, err := c.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			c.state = passThrough
			c.pending = append(c.pending, line...)
			break
		}
		if err != nil {
			if len(line) > 0 {
				c.pending = append(c.pending, line...)
				break
			}
			return 0, err
		}
		c.pending = c.line(append([]byte(nil), line...))
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// line handles one complete line in the current state and returns what the
// server should read instead.
func (c *escapeConn) line(line []byte) []byte {
	text := strings.TrimRight(string(line), "\r\n")
	switch c.state {
	case atRequestLine:
		if text == "" {
			return line // stray CRLF between requests
		}
		c.state, c.chunked, c.length, c.rawHdr = inHeaders, false, 0, ""
		if bytes.HasPrefix(line, []byte{0x16}) || !strings.HasSuffix(text, " HTTP/1.1") && !strings.HasSuffix(text, " HTTP/1.0") {
			c.state = passThrough // not HTTP/1.x (TLS, h2c): leave it to the server
			return line
		}
		method, rest1, _ := strings.Cut(text, " ")
		target, proto, _ := strings.Cut(rest1, " ")
		fixed, changed := rest.SanitizeRequestTarget(target)
		if !changed {
			return line
		}
		c.rawHdr = rest.RawTargetHeader + ": " + target + "\r\n"
		return []byte(method + " " + fixed + " " + proto + "\r\n")
	case inHeaders:
		if text == "" {
			out := line
			if c.rawHdr != "" {
				out = append([]byte(c.rawHdr), line...)
			}
			switch {
			case c.chunked:
				c.state = atChunkSize
			case c.length > 0:
				c.state, c.left = inBody, c.length
			default:
				c.state = atRequestLine
			}
			return out
		}
		name, value, _ := strings.Cut(text, ":")
		value = strings.TrimSpace(value)
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "content-length":
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n < 0 {
				c.state = passThrough // the server refuses it; stop following
				return line
			}
			c.length = n
		case "transfer-encoding":
			c.chunked = strings.Contains(strings.ToLower(value), "chunked")
		case strings.ToLower(rest.RawTargetHeader):
			return nil // only this reader may set it
		}
		return line
	case atChunkSize:
		size, _, _ := strings.Cut(text, ";")
		n, err := strconv.ParseInt(strings.TrimSpace(size), 16, 64)
		if err != nil || n < 0 {
			c.state = passThrough
			return line
		}
		if n == 0 {
			c.state = inTrailer
		} else {
			c.state, c.left = inChunk, n
		}
		return line
	case atChunkEnd:
		c.state = atChunkSize
		return line
	case inTrailer:
		if text == "" {
			c.state = atRequestLine
		}
		return line
	}
	return line
}

// next moves on once a body or a chunk's data has been passed.
func (c *escapeConn) next() {
	if c.state == inChunk {
		c.state = atChunkEnd
		return
	}
	c.state = atRequestLine
}
