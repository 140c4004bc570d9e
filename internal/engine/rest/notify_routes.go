package rest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/notify"
)

// NotifyRoutes returns the notifications plugin's routes served by svc. The
// engine renders bodies and errors itself; this layer only adapts them.
func (b *Backend) NotifyRoutes(svc *notify.Service) []Route {
	var out []Route
	for _, nr := range notify.Routes() {
		nr := nr
		out = append(out, Route{
			Op:     nr.Op,
			Method: nr.Method,
			Path:   nr.Path,
			Params: nr.Params,
			Body:   nr.Body,
			Handler: func(r *Request) (*Response, error) {
				return b.serveNotify(svc, nr, r)
			},
		})
	}
	return out
}

func (b *Backend) serveNotify(svc *notify.Service, nr notify.Route, r *Request) (*Response, error) {
	// The plugin reads the last value of a repeated parameter, so parse the
	// query again rather than use the first-value map.
	params := url.Values{}
	if i := strings.IndexByte(r.URI, '?'); i >= 0 {
		if q, err := url.ParseQuery(r.URI[i+1:]); err == nil {
			params = q
		} else {
			for k, v := range r.Params {
				params.Set(k, v)
			}
		}
	}
	res, nerr := svc.Handle(r.Ctx, nr.Op, notify.Request{PathParams: r.PathParams, Params: params, Body: r.Body})
	var header http.Header
	if nr.Deprecation != "" {
		header = http.Header{"Warning": {b.warning(nr.Deprecation)}}
	}
	if nerr != nil {
		if nerr.Shape == notify.ShapePlainText {
			return nil, &apierr.Error{Status: nerr.Status, Reason: nerr.Reason, Text: true, Plain: true, Header: header}
		}
		return &Response{Status: nerr.Status, Body: json.RawMessage(nerr.Body()), Header: header}, nil
	}
	return &Response{Status: res.Status, Body: json.RawMessage(res.Body), Header: header}, nil
}

// warning formats a deprecation message as HeaderWarning does:
// 299 OpenSearch-<version>-<build hash> "<message>".
func (b *Backend) warning(msg string) string {
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(msg)
	return `299 OpenSearch-` + b.Cluster.Version.String() + `-` + b.BuildHash + ` "` + esc + `"`
}
