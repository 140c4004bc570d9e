package rest

import (
	"net/http"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/mustache"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// storedScript is one entry of the cluster state's script metadata
// (StoredScriptSource): language, source and compiler options.
type storedScript struct {
	lang, source string
	options      map[string]string
}

// storedScripts holds the stored scripts; the zero value is empty and ready.
type storedScripts struct {
	mu sync.RWMutex
	m  map[string]storedScript
}

func (s *storedScripts) get(id string) (storedScript, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	sc, ok := s.m[id]
	return sc, ok
}

func (s *storedScripts) put(id string, sc storedScript) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]storedScript{}
	}
	s.m[id] = sc
}

func (s *storedScripts) remove(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[id]
	delete(s.m, id)
	return ok
}

// StoredScript returns a stored script's language, source and options.
func (b *Backend) StoredScript(id string) (lang, source string, options map[string]string, ok bool) {
	sc, ok := b.stored.get(id)
	return sc.lang, sc.source, sc.options, ok
}

// scriptNotFound is ScriptService.getScriptFromClusterState's answer.
func scriptNotFound(id string) *apierr.Error {
	return apierr.New(apierr.TypeResourceNotFound, "unable to find script ["+id+"] in cluster state")
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
	var sc storedScript
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
				sc.lang, _ = g.Value.(string)
			case "source", "code":
				switch s := g.Value.(type) {
				case string:
					sc.source = s
				case jsonout.Object:
					// A template's source may be an object: it is kept as
					// its JSON text (StoredScriptSource).
					raw, merr := jsonout.Marshal(s)
					if merr != nil {
						return nil, apierr.New(apierr.TypeParsing, "unexpected token for [source], expected a string")
					}
					sc.source = string(raw)
				default:
					return nil, apierr.New(apierr.TypeParsing, "unexpected token for [source], expected a string")
				}
			case "options":
				opts, ok := g.Value.(jsonout.Object)
				if !ok {
					return nil, apierr.New(apierr.TypeParsing, "[options] must be an object")
				}
				sc.options = map[string]string{}
				for _, o := range opts {
					v, _ := o.Value.(string)
					sc.options[o.Key] = v
				}
			default:
				return nil, apierr.New(apierr.TypeParsing, "[script] unknown field ["+g.Key+"]")
			}
		}
	}
	if !found {
		return nil, apierr.New(apierr.TypeParsing, "must specify [script] for stored script")
	}
	if sc.lang == "" {
		return nil, apierr.IllegalArgument("must specify lang for stored script")
	}
	if sc.source == "" {
		return nil, apierr.IllegalArgument("must specify source for stored script")
	}
	if sc.lang != "painless" && sc.lang != "mustache" {
		return nil, apierr.IllegalArgument("unable to put stored script with unsupported lang [%s]", sc.lang)
	}
	ctx := r.PathParam("context")
	if c, ok := r.Param("context"); ok && ctx == "" {
		ctx = c
	}
	if sc.lang == "mustache" {
		// Templates compile when stored (ScriptService.putStoredScript).
		if _, err := mustache.Compile(sc.source); err != nil {
			return nil, mustacheError(sc.source, err)
		}
	} else if ctx != "" {
		if _, err := b.scriptCaches.get(ctx, b).Compile(sc.lang, ctx, sc.source, painless.CompileOptions{Options: sc.options, ReturnsValue: true, NoCtx: true}); err != nil {
			return nil, upd.ScriptError(err)
		}
	}
	b.stored.put(r.PathParam("id"), sc)
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}

// getScript is GET /_scripts/{id}: 404 with found false when absent.
func (b *Backend) getScript(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	id := r.PathParam("id")
	sc, ok := b.stored.get(id)
	if !ok {
		return &Response{Status: http.StatusNotFound, Body: jsonout.Object{{Key: "_id", Value: id}, {Key: "found", Value: false}}}, nil
	}
	script := jsonout.Object{{Key: "lang", Value: sc.lang}, {Key: "source", Value: sc.source}}
	if len(sc.options) > 0 {
		opts := jsonout.Object{}
		for k, v := range sc.options {
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
	if !b.stored.remove(id) {
		return nil, apierr.New(apierr.TypeResourceNotFound, "stored script ["+id+"] does not exist")
	}
	return OK(jsonout.Object{{Key: "acknowledged", Value: true}}), nil
}
