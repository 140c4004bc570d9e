package transport

import (
	"io"
	"net/http"
	"net/http/httptrace"
	"slices"
	"strconv"
	"strings"
)

// goUserAgent is the User-Agent net/http sends when the request has none.
const goUserAgent = "Go-http-client/1.1"

// writeRequest writes r to the connection's buffer exactly as
// Request.Write would (the bytes are the same; a test holds the two
// together), without its formatted printing and per-request allocations,
// for the requests the SDK sends: no trailers, no Connection: close, a
// body of known length or none. Anything else goes through Request.Write.
// Like Request.Write it reports WroteRequest once the request is in the
// buffer, and closes the body.
func (c *directConn) writeRequest(r *http.Request) error {
	trace := httptrace.ContextClientTrace(r.Context())
	if trace != nil && (trace.WroteHeaderField != nil || trace.WroteHeaders != nil) {
		return r.Write(c.bw) // the events of each header
	}
	head, ok := appendRequestHead(c.head[:0], r)
	if !ok {
		return r.Write(c.bw)
	}
	c.head = head
	_, err := c.bw.Write(head)
	if err == nil && r.ContentLength > 0 {
		var n int64
		n, err = io.Copy(c.bw, io.LimitReader(r.Body, r.ContentLength))
		if err == nil && n != r.ContentLength {
			err = io.ErrUnexpectedEOF
		}
	}
	if r.Body != nil {
		if cerr := r.Body.Close(); err == nil {
			err = cerr
		}
	}
	if trace != nil && trace.WroteRequest != nil {
		trace.WroteRequest(httptrace.WroteRequestInfo{Err: err})
	}
	return err
}

// appendRequestHead appends the request line and headers of r, as
// Request.Write writes them, to buf; ok is false for a request it leaves to
// Request.Write.
func appendRequestHead(buf []byte, r *http.Request) ([]byte, bool) {
	if r.Close || len(r.TransferEncoding) > 0 || r.Trailer != nil || r.URL == nil {
		return buf, false
	}
	noBody := r.Body == nil || r.Body == http.NoBody
	if noBody && r.ContentLength != 0 || !noBody && r.ContentLength <= 0 {
		return buf, false
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	uri := r.URL.RequestURI()
	if !plainHost(host) || hasCTL(uri) {
		return buf, false // Request.Write converts, zeroes or refuses it
	}
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	buf = append(buf, method...)
	buf = append(buf, ' ')
	buf = append(buf, uri...)
	buf = append(buf, " HTTP/1.1\r\nHost: "...)
	buf = append(buf, host...)
	buf = append(buf, "\r\n"...)
	ua := goUserAgent
	if _, set := r.Header["User-Agent"]; set {
		ua = r.Header.Get("User-Agent")
	}
	if ua != "" {
		buf = append(buf, "User-Agent: "...)
		buf = append(buf, headerValue(ua)...)
		buf = append(buf, "\r\n"...)
	}
	switch {
	case r.ContentLength > 0:
		buf = append(buf, "Content-Length: "...)
		buf = strconv.AppendInt(buf, r.ContentLength, 10)
		buf = append(buf, "\r\n"...)
	case method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch:
		buf = append(buf, "Content-Length: 0\r\n"...) // as net/http: servers expect one
	}
	var keysBuf [16]string
	keys := keysBuf[:0]
	for k := range r.Header {
		switch k {
		case "Host", "User-Agent", "Content-Length", "Transfer-Encoding", "Trailer":
			continue
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, v := range r.Header[k] {
			buf = append(buf, k...)
			buf = append(buf, ": "...)
			buf = append(buf, headerValue(v)...)
			buf = append(buf, "\r\n"...)
		}
	}
	return append(buf, "\r\n"...), true
}

// headerValue is a header value as Request.Write sends it: new lines
// become spaces (checkRequest has refused them already) and the white
// space around it goes.
func headerValue(v string) string {
	if strings.ContainsAny(v, "\r\n") {
		v = strings.NewReplacer("\n", " ", "\r", " ").Replace(v)
	}
	return strings.Trim(v, " \t\r\n")
}

// plainHost reports whether host is written as it is by Request.Write: an
// ASCII name or address and port, without an IPv6 zone.
func plainHost(host string) bool {
	if host == "" {
		return false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._:[]", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// hasCTL reports whether s holds a control byte.
func hasCTL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7f {
			return true
		}
	}
	return false
}
