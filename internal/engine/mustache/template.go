package mustache

import (
	"bytes"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Search templates (the lang-mustache module): a mustache template, inline
// or stored with lang mustache, rendered with params into a search body.

// TemplateRequest is a parsed SearchTemplateRequest body (the lang-mustache
// module's search templates).
type TemplateRequest struct {
	ID, Source string // a stored template's id, or the inline template
	Params     any    // the parameters (a decoded JSON object), nil for none
	// Explain and Profile are the request's flags, set in the rendered
	// search when given (HasExplain, HasProfile).
	Explain, Profile bool
	HasExplain       bool
	HasProfile       bool
}

// StoredScripts finds the stored scripts a template request names by id.
type StoredScripts interface {
	StoredScript(id string) (lang, source string, options map[string]string, ok bool)
}

// ParseTemplateRequest is SearchTemplateRequest.fromXContent: id or source
// (a string, or an object taken as its JSON), params, explain, profile.
func ParseTemplateRequest(body []byte) (*TemplateRequest, *apierr.Error) {
	t := &TemplateRequest{}
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
			t.ID = val.Text()
		case "source", "inline":
			switch val.Kind {
			case xcontent.Object, xcontent.Array:
				t.Source = string(val.AppendJSON(nil))
			case xcontent.String:
				t.Source = val.Str
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
			t.Params = p
		case "explain", "profile":
			if val.Kind != xcontent.Bool {
				return nil, bad()
			}
			if m.Key == "explain" {
				t.Explain, t.HasExplain = val.Bool, true
			} else {
				t.Profile, t.HasProfile = val.Bool, true
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

// Render resolves the template (a stored script when the request names an
// id) and renders it with the request's parameters.
func (t *TemplateRequest) Render(stored StoredScripts) ([]byte, *apierr.Error) {
	src := t.Source
	if t.ID != "" {
		lang, source, _, ok := stored.StoredScript(t.ID)
		if !ok {
			return nil, apierr.New(apierr.TypeResourceNotFound, "unable to find script ["+t.ID+"] in cluster state")
		}
		if lang != "mustache" {
			return nil, apierr.IllegalArgument("search template [%s] must be a mustache script, it is [%s]", t.ID, lang)
		}
		src = source
	}
	if src == "" && t.ID == "" {
		return nil, apierr.Validation("template's script is missing", "template's script type is missing")
	}
	tpl, err := Compile(src)
	if err != nil {
		return nil, CompileError(src, err)
	}
	params := t.Params
	if params == nil {
		params = jsonout.Object{}
	}
	return []byte(tpl.Render(params)), nil
}

// WithFlags sets the request's explain and profile in the rendered body,
// as TransportSearchTemplateAction does on the source.
func (t *TemplateRequest) WithFlags(body []byte) []byte {
	v, err := jsonout.Decode(body)
	o, ok := v.(jsonout.Object)
	if err != nil || !ok {
		return body
	}
	if t.HasExplain {
		o = setField(o, "explain", t.Explain)
	}
	if t.HasProfile && t.Profile {
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

// CompileError is the ScriptException MustacheScriptEngine.compile throws
// around mustache.java's error.
func CompileError(src string, err error) *apierr.Error {
	e := &apierr.Error{Status: 400, Type: "script_exception", Reason: err.Error(), Meta: []apierr.Meta{
		{Key: "script_stack", Value: []any{}}, {Key: "script", Value: src}, {Key: "lang", Value: "mustache"}}}
	return e.WithCause(&apierr.Error{Status: 500, Type: "mustache_exception", Reason: err.Error()})
}
