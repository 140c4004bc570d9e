package fake

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
)

// FuzzEscapeConn: the request-line reader never panics or loses bytes; a
// stream without a malformed escape in a request line passes unchanged.
func FuzzEscapeConn(f *testing.F) {
	for _, s := range []string{
		"GET /bi/_doc/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /i/_doc HTTP/1.1\r\nContent-Length: 3\r\n\r\nabcGET / HTTP/1.1\r\n\r\n",
		"POST /_bulk HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\nGET /%%x HTTP/1.1\r\n\r\n",
		"\x16\x03\x01 not http",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c := &escapeConn{r: bufio.NewReaderSize(strings.NewReader(in), 64)}
		var out bytes.Buffer
		buf := make([]byte, 7) // small reads cross every boundary
		for {
			n, err := c.Read(buf)
			out.Write(buf[:n])
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.Len() > 4*len(in)+1024 {
				t.Fatalf("output grows without bound: %q", in)
			}
		}
		if !strings.Contains(in, "%") && out.String() != in {
			t.Fatalf("%q became %q", in, out.String())
		}
	})
}
