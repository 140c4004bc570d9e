package rest

import (
	"bytes"
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mustache"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Search templates (the lang-mustache module): a mustache template, inline
// or stored with lang mustache, rendered with params into a search body.

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

// templateRequest is a parsed SearchTemplateRequest body.
type templateRequest struct {
	id, source      string
	params          any
	explain, profil bool
	hasExplain      bool
	hasProfile      bool
}

// parseTemplateRequest is SearchTemplateRequest.fromXContent: id or source
// (a string, or an object taken as its JSON), params, explain, profile.
func parseTemplateRequest(body []byte) (*templateRequest, *apierr.Error) {
	t := &templateRequest{}
	if len(bytes.TrimSpace(body)) == 0 {
		return t, nil
	}
	v, err := xcontent.Parse(body)
	if err != nil {
		return nil, fromXErr(err)
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [search_template] Expected START_OBJECT but was: "+v.Token())
	}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		bad := func() *apierr.Error {
			return apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [search_template] failed to parse field ["+m.Key+"]")
		}
		switch m.Key {
		case "id":
			if !val.IsScalar() {
				return nil, bad()
			}
			t.id = val.Text()
		case "source", "inline":
			switch val.Kind {
			case xcontent.Object, xcontent.Array:
				t.source = string(val.AppendJSON(nil))
			case xcontent.String:
				t.source = val.Str
			default:
				return nil, bad()
			}
		case "params":
			if val.Kind != xcontent.Object {
				return nil, bad()
			}
			p, derr := jsonout.Decode(val.AppendJSON(nil))
			if derr != nil {
				return nil, bad()
			}
			t.params = p
		case "explain", "profile":
			if val.Kind != xcontent.Bool {
				return nil, bad()
			}
			if m.Key == "explain" {
				t.explain, t.hasExplain = val.Bool, true
			} else {
				t.profil, t.hasProfile = val.Bool, true
			}
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [search_template] unknown field ["+m.Key+"]")
		}
	}
	return t, nil
}

// fromXErr turns a JSON syntax error of the body into the API error.
func fromXErr(err error) *apierr.Error {
	if xe, ok := err.(*xcontent.Error); ok {
		out := &apierr.Error{Status: xe.Status, Type: xe.Type, Reason: xe.Reason}
		if out.Status == 0 {
			out.Status = 400
		}
		return out
	}
	return apierr.New(apierr.TypeParse, err.Error())
}

// render resolves the template (stored scripts by id) and renders it.
func (b *Backend) renderTemplate(t *templateRequest) ([]byte, *apierr.Error) {
	src := t.source
	if t.id != "" {
		sc, ok := b.stored.get(t.id)
		if !ok {
			return nil, scriptNotFound(t.id)
		}
		if sc.lang != "mustache" {
			return nil, apierr.IllegalArgument("search template [%s] must be a mustache script, it is [%s]", t.id, sc.lang)
		}
		src = sc.source
	}
	if src == "" && t.id == "" {
		return nil, apierr.Validation("template's script is missing", "template's script type is missing")
	}
	tpl, err := mustache.Compile(src)
	if err != nil {
		return nil, mustacheError(src, err)
	}
	params := t.params
	if params == nil {
		params = jsonout.Object{}
	}
	return []byte(tpl.Render(params)), nil
}

// renderTemplateHandler is _render/template[/{id}]: the rendered body as
// template_output.
func (b *Backend) renderTemplateHandler(r *Request) (*Response, error) {
	t, err := parseTemplateRequest(r.Body)
	if err != nil {
		return nil, err
	}
	if id := r.PathParam("id"); id != "" {
		t.id = id
	}
	out, err := b.renderTemplate(t)
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
		t, err := parseTemplateRequest(r.Body)
		if err != nil {
			return nil, err
		}
		out, err := b.renderTemplate(t)
		if err != nil {
			return nil, err
		}
		if t.hasExplain || t.hasProfile {
			out = withTemplateFlags(out, t)
		}
		saved := r.Body
		r.Body = out
		defer func() { r.Body = saved }()
		return search(r)
	}
}

// withTemplateFlags sets the template request's explain and profile in the
// rendered body, as TransportSearchTemplateAction does on the source.
func withTemplateFlags(body []byte, t *templateRequest) []byte {
	v, err := jsonout.Decode(body)
	o, ok := v.(jsonout.Object)
	if err != nil || !ok {
		return body
	}
	if t.hasExplain {
		o = setField(o, "explain", t.explain)
	}
	if t.hasProfile && t.profil {
		o = setField(o, "profile", true)
	}
	out, merr := jsonout.Marshal(o)
	if merr != nil {
		return body
	}
	return out
}

func setField(o jsonout.Object, key string, v any) jsonout.Object {
	for i := range o {
		if o[i].Key == key {
			o[i].Value = v
			return o
		}
	}
	return append(o, jsonout.Field{Key: key, Value: v})
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
			t, err := parseTemplateRequest(line)
			if err != nil {
				return nil, err
			}
			body, err := b.renderTemplate(t)
			if err != nil {
				return nil, err
			}
			if t.hasExplain || t.hasProfile {
				body = withTemplateFlags(body, t)
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

// mustacheError is the ScriptException MustacheScriptEngine.compile throws
// around mustache.java's error.
func mustacheError(src string, err error) *apierr.Error {
	e := &apierr.Error{Status: 400, Type: "script_exception", Reason: err.Error(), Meta: []apierr.Meta{
		{Key: "script_stack", Value: []any{}}, {Key: "script", Value: src}, {Key: "lang", Value: "mustache"}}}
	return e.WithCause(&apierr.Error{Status: 500, Type: "mustache_exception", Reason: err.Error()})
}
