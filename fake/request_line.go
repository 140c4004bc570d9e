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
	scratch []byte // pending's storage, reused from line to line
	left    int64  // body or chunk bytes still to pass
	chunked bool
	length  int64
	rawHdr  string // the header line to add at the end of this request's headers
	out     responseJoiner
}

// Read returns the connection's bytes with request lines rewritten. It
// fills p with as much as is already buffered (a whole request at once,
// usually), waiting for the network only when it has nothing yet.
func (c *escapeConn) Read(p []byte) (int, error) {
	// A held response part never waits for the next request (its error,
	// if any, is the next write's).
	_ = c.out.flush(c.Conn)
	n := 0
	for n < len(p) {
		if len(c.pending) > 0 {
			k := copy(p[n:], c.pending)
			c.pending = c.pending[k:]
			n += k
			continue
		}
		if n > 0 && !c.ready() {
			break // hand over what there is rather than wait for more
		}
		switch c.state {
		case passThrough:
			k, err := c.r.Read(p[n:])
			return n + k, err
		case inBody, inChunk:
			if c.left == 0 {
				c.next()
				continue
			}
			q := p[n:]
			if int64(len(q)) > c.left {
				q = q[:c.left]
			}
			k, err := c.r.Read(q)
			c.left -= int64(k)
			n += k
			if err != nil {
				return n, err
			}
			continue
		}
		line, err := c.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			c.state = passThrough
			c.stash(line)
			continue
		}
		if err != nil {
			if len(line) > 0 {
				c.stash(line)
				continue
			}
			return n, err
		}
		out := c.line(line)
		k := copy(p[n:], out)
		n += k
		if k < len(out) {
			c.stash(out[k:])
		}
	}
	return n, nil
}

// ready reports whether the next step can run without waiting for the
// network: body bytes are buffered, or a whole line is.
func (c *escapeConn) ready() bool {
	b := c.r.Buffered()
	if b == 0 {
		return false
	}
	switch c.state {
	case passThrough, inBody, inChunk:
		return true
	}
	buf, _ := c.r.Peek(b)
	return bytes.IndexByte(buf, '\n') >= 0
}

// stash keeps b (which may alias the reader's buffer) as the pending bytes.
func (c *escapeConn) stash(b []byte) {
	c.scratch = append(c.scratch[:0], b...)
	c.pending = c.scratch
}

// line handles one complete line in the current state and returns what the
// server should read instead: line itself when it passes unchanged.
func (c *escapeConn) line(line []byte) []byte {
	text := bytes.TrimRight(line, "\r\n")
	switch c.state {
	case atRequestLine:
		if len(text) == 0 {
			return line // stray CRLF between requests
		}
		c.state, c.chunked, c.length, c.rawHdr = inHeaders, false, 0, ""
		if bytes.HasPrefix(line, []byte{0x16}) || !bytes.HasSuffix(text, []byte(" HTTP/1.1")) && !bytes.HasSuffix(text, []byte(" HTTP/1.0")) {
			c.state = passThrough // not HTTP/1.x (TLS, h2c): leave it to the server
			return line
		}
		method, rest1, _ := bytes.Cut(text, []byte(" "))
		target, proto, _ := bytes.Cut(rest1, []byte(" "))
		if bytes.IndexByte(target, '%') < 0 {
			return line // no escape to check
		}
		fixed, changed := rest.SanitizeRequestTarget(string(target))
		if !changed {
			return line
		}
		c.rawHdr = rest.RawTargetHeader + ": " + string(target) + "\r\n"
		return []byte(string(method) + " " + fixed + " " + string(proto) + "\r\n")
	case inHeaders:
		if len(text) == 0 {
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
		name, value, _ := bytes.Cut(text, []byte(":"))
		name, value = bytes.TrimSpace(name), bytes.TrimSpace(value)
		switch {
		case asciiEqualFold(name, "content-length"):
			n, err := strconv.ParseInt(string(value), 10, 64)
			if err != nil || n < 0 {
				c.state = passThrough // the server refuses it; stop following
				return line
			}
			c.length = n
		case asciiEqualFold(name, "transfer-encoding"):
			c.chunked = strings.Contains(strings.ToLower(string(value)), "chunked")
		case asciiEqualFold(name, rest.RawTargetHeader):
			return nil // only this reader may set it
		}
		return line
	case atChunkSize:
		size, _, _ := bytes.Cut(text, []byte(";"))
		n, err := strconv.ParseInt(string(bytes.TrimSpace(size)), 16, 64)
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
		if len(text) == 0 {
			c.state = atRequestLine
		}
		return line
	}
	return line
}

// asciiEqualFold reports whether b spells s ignoring ASCII case (header
// names are ASCII tokens; Go's server refuses any other).
func asciiEqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := 0; i < len(b); i++ {
		x, y := b[i], s[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// next moves on once a body or a chunk's data has been passed.
func (c *escapeConn) next() {
	if c.state == inChunk {
		c.state = atChunkEnd
		return
	}
	c.state = atRequestLine
}
