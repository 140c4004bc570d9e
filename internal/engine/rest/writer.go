package rest

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// writer renders responses and errors with the request's output options.
type writer struct {
	w         http.ResponseWriter
	req       *Request
	written   bool
	warnAgent string
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
	out, err := jsonout.Marshal(body)
	if err != nil {
		status = http.StatusInternalServerError
		out, _ = jsonout.Marshal(apierr.Internal("clustersearch-fake could not encode the response: " + err.Error()).Body(false))
	}
	if f := jsonout.ParseFilter(wr.req.Params["filter_path"]); f != nil {
		if tree, err := jsonout.Decode(out); err == nil {
			if out, err = jsonout.Marshal(f.Apply(tree)); err != nil {
				out = []byte("{}")
			}
		}
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
