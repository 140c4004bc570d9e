package rest

import (
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/storedscripts"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// StoredScript returns a stored script's language, source and options.
func (b *Backend) StoredScript(id string) (lang, source string, options map[string]string, ok bool) {
	return b.stored.StoredScript(id)
}

// StoredScriptRoutes serves PUT/POST, GET and DELETE /_scripts/{id}
// (RestPutStoredScriptAction, RestGetStoredScriptAction,
// RestDeleteStoredScriptAction).
func (b *Backend) StoredScriptRoutes() []Route {
	cm := []string{"cluster_manager_timeout", "master_timeout"}
	put := append([]string{"context", "timeout"}, cm...)
	return []Route{
		{Op: "put_script", Method: "PUT", Path: "/_scripts/{id}", Params: put, Body: true, Handler: b.putScript},
		{Op: "put_script", Method: "POST", Path: "/_scripts/{id}", Params: put, Body: true, Handler: b.putScript},
		{Op: "put_script", Method: "PUT", Path: "/_scripts/{id}/{context}", Params: put, Body: true, Handler: b.putScript},
		{Op: "put_script", Method: "POST", Path: "/_scripts/{id}/{context}", Params: put, Body: true, Handler: b.putScript},
		{Op: "get_script", Method: "GET", Path: "/_scripts/{id}", Params: cm, Handler: b.getScript},
		{Op: "delete_script", Method: "DELETE", Path: "/_scripts/{id}", Params: append([]string{"timeout"}, cm...), Handler: b.deleteScript},
	}
}

// putScript stores {"script": {"lang", "source", "options"}}; with a
// context the script is compiled for it first, as
// ScriptService.putStoredScript does.
func (b *Backend) putScript(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	obj, _ := body.(jsonout.Object)
	var sc storedscripts.Script
	found := false
	for _, f := range obj {
		if f.Key != "script" {
			return nil, apierr.New(apierr.TypeParsing, "unexpected field ["+f.Key+"], expected [script]")
		}
		def, ok := f.Value.(jsonout.Object)
		if !ok {
			return nil, apierr.New(apierr.TypeParsing, "unexpected token, expected [{]")
		}
		found = true
		for _, g := range def {
			switch g.Key {
			case "lang":
				sc.Lang, _ = g.Value.(string)
			case "source", "code":
				switch s := g.Value.(type) {
				case string:
					sc.Source = s
				case jsonout.Object:
					// A template's source may be an object: it is kept as
					// its JSON text (StoredScriptSource).
					raw, merr := jsonout.Marshal(s)
					if merr != nil {
						return nil, apierr.New(apierr.TypeParsing, "unexpected token for [source], expected a string")
					}
					sc.Source = string(raw)
				default:
					return nil, apierr.New(apierr.TypeParsing, "unexpected token for [source], expected a string")
				}
			case "options":
				opts, ok := g.Value.(jsonout.Object)
				if !ok {
					return nil, apierr.New(apierr.TypeParsing, "[options] must be an object")
				}
				sc.Options = map[string]string{}
				for _, o := range opts {
					v, _ := o.Value.(string)
					sc.Options[o.Key] = v
				}
			default:
				return nil, apierr.New(apierr.TypeParsing, "[script] unknown field ["+g.Key+"]")
			}
		}
	}
	if !found {
		return nil, apierr.New(apierr.TypeParsing, "must specify [script] for stored script")
	}
	if e := sc.Validate(); e != nil {
		return nil, e
	}
	ctx := r.PathParam("context")
	if c, ok := r.Param("context"); ok && ctx == "" {
		ctx = c
	}
	if sc.Lang != "mustache" && ctx != "" {
		if _, err := b.scriptCaches.get(ctx, b).Compile(sc.Lang, ctx, sc.Source, painless.CompileOptions{Options: sc.Options, ReturnsValue: true, NoCtx: true}); err != nil {
			return nil, upd.ScriptError(err)
		}
	}
	b.stored.Put(r.PathParam("id"), sc)
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// getScript is GET /_scripts/{id}: 404 with found false when absent.
func (b *Backend) getScript(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	id := r.PathParam("id")
	sc, ok := b.stored.Get(id)
	if !ok {
		return &Response{Status: http.StatusNotFound, Body: jsonout.Object{{Key: "_id", Value: id}, {Key: "found", Value: false}}}, nil
	}
	script := jsonout.Object{{Key: "lang", Value: sc.Lang}, {Key: "source", Value: sc.Source}}
	if len(sc.Options) > 0 {
		opts := jsonout.Object{}
		for k, v := range sc.Options {
			opts = append(opts, jsonout.Field{Key: k, Value: v})
		}
		script = append(script, jsonout.Field{Key: "options", Value: opts})
	}
	return OK(jsonout.Object{{Key: "_id", Value: id}, {Key: "found", Value: true}, {Key: "script", Value: script}}), nil
}

// deleteScript is DELETE /_scripts/{id}.
func (b *Backend) deleteScript(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	id := r.PathParam("id")
	if !b.stored.Remove(id) {
		return nil, apierr.New(apierr.TypeResourceNotFound, "stored script ["+id+"] does not exist")
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}
