package jsonx

import gojson "github.com/goccy/go-json"

// LineEncoder appends values to a caller's buffer, each as Marshal encodes
// it followed by a newline: a line of NDJSON written straight into a request
// body, with no slice allocated for the value alone. It is not safe for
// concurrent use; one serves calls made one after another.
type LineEncoder struct {
	enc *gojson.Encoder
	out appendWriter
}

// appendWriter is the io.Writer the codec's encoder writes to: it appends
// to the buffer of the call in progress.
type appendWriter struct {
	buf []byte
}

func (w *appendWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	return len(p), nil
}

// NewLineEncoder returns a LineEncoder.
func NewLineEncoder() *LineEncoder {
	e := &LineEncoder{}
	// The stream encoder's options match Marshal's (HTML escaping, UTF-8
	// normalising); it ends each value with the newline a line needs.
	e.enc = gojson.NewEncoder(&e.out)
	return e
}

// AppendLine appends v's encoding and a newline to dst. On error dst is
// returned as it was given.
func (e *LineEncoder) AppendLine(dst []byte, v any) ([]byte, error) {
	e.out.buf = dst
	err := e.enc.Encode(v)
	out := e.out.buf
	e.out.buf = nil // keep no reference to the caller's buffer
	if err != nil {
		return dst, err
	}
	return out, nil
}
