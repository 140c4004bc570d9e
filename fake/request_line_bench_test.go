package fake

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"testing"
)

// BenchmarkEscapeConnBulkBody measures the request-line reader on a 1 MB
// request body (what every plain-HTTP request now passes through).
func BenchmarkEscapeConnBulkBody(b *testing.B) {
	body := bytes.Repeat([]byte(`{"index":{}}`+"\n"+`{"field":"value value value"}`+"\n"), 1<<20/42)
	req := append([]byte("POST /_bulk HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"), body...)
	b.SetBytes(int64(len(req)))
	buf := make([]byte, 32<<10)
	for i := 0; i < b.N; i++ {
		c := &escapeConn{r: bufio.NewReaderSize(bytes.NewReader(req), 64<<10)}
		if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{c}, buf); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEscapeConnSmallRequests measures it on keep-alive GETs.
func BenchmarkEscapeConnSmallRequests(b *testing.B) {
	req := bytes.Repeat([]byte("GET /idx/_doc/1?pretty HTTP/1.1\r\nHost: localhost:9200\r\nUser-Agent: bench\r\nAccept: */*\r\n\r\n"), 100)
	b.SetBytes(int64(len(req)))
	buf := make([]byte, 4<<10)
	for i := 0; i < b.N; i++ {
		c := &escapeConn{r: bufio.NewReaderSize(bytes.NewReader(req), 64<<10)}
		if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{c}, buf); err != nil {
			b.Fatal(err)
		}
	}
}
