package rest

import (
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// writer renders responses and errors with the request's output options.
type writer struct {
	w         http.ResponseWriter
	req       *Request
	written   bool
	warnAgent string
	bufs      *sync.Pool // of *[]byte; nil allocates per response
}

// addWarnings writes the request's deprecation warnings as Warning headers.
func (wr *writer) addWarnings() {
	for _, m := range wr.req.warnings {
		wr.w.Header().Add("Warning", "299 "+wr.warnAgent+" \""+strings.ReplaceAll(strings.ReplaceAll(m, "\\", "\\\\"), "\"", "\\\"")+"\"")
	}
}

func (wr *writer) error(e *apierr.Error) {
	if wr.written {
		return
	}
	wr.addWarnings()
	for k, v := range e.Header {
		wr.w.Header()[k] = v
	}
	if e.Text {
		wr.written = true
		wr.w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
		wr.w.Header().Set("Content-Length", strconv.Itoa(len(e.Reason)))
		wr.w.WriteHeader(e.Status)
		if wr.req.Method != http.MethodHead {
			_, _ = wr.w.Write([]byte(e.Reason))
		}
		return
	}
	trace := false
	if v, ok := wr.req.Params["error_trace"]; ok && (v == "" || v == "true") {
		trace = true
	}
	wr.render(e.Status, e.Body(trace), false)
}

func (wr *writer) response(r *Response) {
	wr.addWarnings()
	for k, v := range r.Header {
		wr.w.Header()[k] = v
	}
	status := r.Status
	if status == 0 {
		status = http.StatusOK
	}
	if r.Body == nil {
		wr.written = true
		// Empty answers still name the JSON content type, as the server does.
		wr.w.Header().Set("Content-Type", "application/json; charset=UTF-8")
		wr.w.Header().Set("Content-Length", "0")
		wr.w.WriteHeader(status)
		return
	}
	wr.render(status, r.Body, r.PrettyByDefault)
}

// render writes body as JSON; a HEAD request gets the headers only, with the
// Content-Length of the body it would have had (DefaultRestChannel).
func (wr *writer) render(status int, body any, prettyByDefault bool) {
	buf := wr.buffer()
	defer wr.release(buf)
	f := jsonout.ParseFilter(wr.req.Params["filter_path"])
	out, filtered := (*buf)[:0], false
	if f != nil {
		// filter_path is applied while writing; the decoding path below
		// remains for the answers it cannot promise the same bytes for.
		out, filtered = jsonout.AppendFiltered(out, body, f)
		*buf = out
	}
	if !filtered {
		out = wr.renderDecoded(buf, &status, body, f)
	}
	if v, ok := wr.req.Params["pretty"]; (ok && v != "false") || (!ok && prettyByDefault) {
		out = jsonout.Pretty(out)
	}
	wr.written = true
	h := wr.w.Header()
	h.Set("Content-Type", "application/json; charset=UTF-8")
	h.Set("Content-Length", strconv.Itoa(len(out)))
	wr.w.WriteHeader(status)
	if wr.req.Method != http.MethodHead {
		_, _ = wr.w.Write(out)
	}
}

// renderDecoded encodes body and applies the filter by decoding the
// encoding and encoding the filtered tree (unfiltered when it does not
// decode); a body that does not encode becomes the 500 error.
func (wr *writer) renderDecoded(buf *[]byte, status *int, body any, f *jsonout.Filter) []byte {
	out, err := jsonout.Append((*buf)[:0], body)
	*buf = out
	if err != nil {
		*status = http.StatusInternalServerError
		out, _ = jsonout.Marshal(apierr.Internal("clustersearch-fake could not encode the response: " + err.Error()).Body(false))
	}
	if f != nil {
		if tree, err := jsonout.Decode(out); err == nil {
			if out, err = jsonout.Marshal(f.Apply(tree)); err != nil {
				out = []byte("{}")
			}
		}
	}
	return out
}

// maxPooled bounds the buffers kept for reuse: a rare huge response should
// not pin its memory.
const maxPooled = 1 << 20

// buffer returns an empty encoding buffer, reused when the pool has one.
func (wr *writer) buffer() *[]byte {
	if wr.bufs != nil {
		if b, ok := wr.bufs.Get().(*[]byte); ok {
			return b
		}
	}
	b := make([]byte, 0, 4096)
	return &b
}

// release returns buf to the pool once the response has been written (the
// ResponseWriter copies what it is given).
func (wr *writer) release(buf *[]byte) {
	if wr.bufs != nil && cap(*buf) <= maxPooled {
		*buf = (*buf)[:0]
		wr.bufs.Put(buf)
	}
}
