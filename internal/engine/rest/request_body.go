package rest

import (
	"errors"
	"io"
)

// readRequestBody reads a request body of at most maxBody bytes (one more
// tells the caller it was too long). A plain body whose Content-Length is
// known is read into one buffer of that size: io.ReadAll would grow its
// buffer a dozen times for a bulk body, copying it each time and leaving
// the copies to the collector.
func readRequestBody(src io.Reader, contentLength int64, plain bool) ([]byte, error) {
	if !plain || contentLength <= 0 || contentLength > maxBody {
		return io.ReadAll(io.LimitReader(src, maxBody+1))
	}
	buf := make([]byte, contentLength)
	n, err := io.ReadFull(src, buf)
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // the body ended before its Content-Length
	}
	return buf[:n], err
}
