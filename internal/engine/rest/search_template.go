package rest

import (
	"bytes"
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mustache"
)

// templateRoutes serves _search/template, _render/template and
// _msearch/template.
func (b *Backend) templateRoutes(st *cursor.Store) []Route {
	tplParams := []string{"allow_no_indices", "ccs_minimize_roundtrips", "expand_wildcards", "explain", "ignore_throttled",
		"ignore_unavailable", "preference", "profile", "rest_total_hits_as_int", "routing", "scroll", "search_type", "typed_keys"}
	mParams := []string{"ccs_minimize_roundtrips", "max_concurrent_searches", "rest_total_hits_as_int", "search_type", "typed_keys"}
	var out []Route
	for _, m := range []string{"GET", "POST"} {
		out = append(out,
			Route{Op: "search_template", Method: m, Path: "/_search/template", Params: tplParams, Body: true, Handler: b.searchTemplateHandler(st)},
			Route{Op: "search_template", Method: m, Path: "/{index}/_search/template", Params: tplParams, Body: true, Handler: b.searchTemplateHandler(st)},
			Route{Op: "render_search_template", Method: m, Path: "/_render/template", Body: true, Handler: b.renderTemplateHandler},
			Route{Op: "render_search_template", Method: m, Path: "/_render/template/{id}", Body: true, Handler: b.renderTemplateHandler},
			Route{Op: "msearch_template", Method: m, Path: "/_msearch/template", Params: mParams, Body: true, Handler: b.msearchTemplateHandler(st)},
			Route{Op: "msearch_template", Method: m, Path: "/{index}/_msearch/template", Params: mParams, Body: true, Handler: b.msearchTemplateHandler(st)},
		)
	}
	return out
}

// renderTemplateHandler is _render/template[/{id}]: the rendered body as
// template_output.
func (b *Backend) renderTemplateHandler(r *Request) (*Response, error) {
	t, err := mustache.ParseTemplateRequest(r.Body)
	if err != nil {
		return nil, err
	}
	if id := r.PathParam("id"); id != "" {
		t.ID = id
	}
	out, err := t.Render(b)
	if err != nil {
		return nil, err
	}
	v, derr := jsonout.Decode(out)
	if derr != nil {
		return nil, apierr.MapperParsing("failed to parse").WithCause(apierr.JSONSyntax(out, derr))
	}
	return OK(jsonout.Object{{Key: "template_output", Value: v}}), nil
}

// searchTemplateHandler is [/{index}]/_search/template: the rendered body
// searched as _search would, explain and profile from the template request.
func (b *Backend) searchTemplateHandler(st *cursor.Store) Handler {
	search := b.searchHandler(st)
	return func(r *Request) (*Response, error) {
		t, err := mustache.ParseTemplateRequest(r.Body)
		if err != nil {
			return nil, err
		}
		out, err := t.Render(b)
		if err != nil {
			return nil, err
		}
		if t.HasExplain || t.HasProfile {
			out = t.WithFlags(out)
		}
		saved := r.Body
		r.Body = out
		defer func() { r.Body = saved }()
		return search(r)
	}
}

// msearchTemplateHandler is [/{index}]/_msearch/template: each body line is
// a template request, rendered, then the whole runs as _msearch.
func (b *Backend) msearchTemplateHandler(st *cursor.Store) Handler {
	msearch := b.msearchWith(st)
	return func(r *Request) (*Response, error) {
		lines := bytes.Split(r.Body, []byte("\n"))
		var out bytes.Buffer
		header := true
		for _, line := range lines {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			if header {
				out.Write(line)
				out.WriteByte('\n')
				header = false
				continue
			}
			t, err := mustache.ParseTemplateRequest(line)
			if err != nil {
				return nil, err
			}
			body, err := t.Render(b)
			if err != nil {
				return nil, err
			}
			if t.HasExplain || t.HasProfile {
				body = t.WithFlags(body)
			}
			// The msearch body must be one line.
			var compact bytes.Buffer
			if cerr := json.Compact(&compact, body); cerr != nil {
				compact.Reset()
				compact.Write(bytes.ReplaceAll(body, []byte("\n"), []byte(" ")))
			}
			out.Write(compact.Bytes())
			out.WriteByte('\n')
			header = true
		}
		saved := r.Body
		r.Body = out.Bytes()
		defer func() { r.Body = saved }()
		return msearch(r)
	}
}
