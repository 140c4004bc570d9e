package yamlrest

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// API is one REST API spec (opensearch/api/<name>.json): the URL templates
// an API name and its parameters turn into.
type API struct {
	Name  string
	Paths []APIPath
	// BodySupported is false when the spec declares no body: sending one is
	// a client-side error.
	BodySupported bool
	BodyRequired  bool
	// NDJSON is set for APIs whose body is serialised as newline-delimited
	// JSON (bulk, msearch).
	NDJSON bool
	// Params are the query parameters the spec declares, with whether each
	// is required. Nil means "not declared": any parameter is sent (the
	// built-in specs).
	Params map[string]bool
}

// globalParams are accepted by every API (OpenSearch's _common.json).
var globalParams = map[string]bool{"pretty": true, "human": true, "error_trace": true, "source": true, "filter_path": true}

// APIPath is one URL template with the methods it accepts and the names of
// its {parts}.
type APIPath struct {
	Path    string
	Methods []string
	Parts   []string
}

// apiFile is the JSON layout of an API spec file.
type apiFile map[string]struct {
	URL struct {
		Paths []struct {
			Path    string                     `json:"path"`
			Methods []string                   `json:"methods"`
			Parts   map[string]json.RawMessage `json:"parts"`
		} `json:"paths"`
	} `json:"url"`
	Params map[string]struct {
		Required bool `json:"required"`
	} `json:"params"`
	Body *struct {
		Required  bool   `json:"required"`
		Serialize string `json:"serialize"`
	} `json:"body"`
}

// ParseAPI reads one API spec file.
func ParseAPI(data []byte) (*API, error) {
	var f apiFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("API spec: %w", err)
	}
	if len(f) != 1 {
		return nil, fmt.Errorf("API spec: want exactly one API, got %d", len(f))
	}
	for name, spec := range f {
		api := &API{Name: name}
		for _, p := range spec.URL.Paths {
			if p.Path == "" || len(p.Methods) == 0 {
				return nil, fmt.Errorf("API spec %s: a path without template or methods", name)
			}
			ap := APIPath{Path: p.Path, Methods: p.Methods}
			for part := range p.Parts {
				if !strings.Contains(p.Path, "{"+part+"}") {
					return nil, fmt.Errorf("API spec %s: part %q not in path %q", name, part, p.Path)
				}
				ap.Parts = append(ap.Parts, part)
			}
			sort.Strings(ap.Parts)
			api.Paths = append(api.Paths, ap)
		}
		if len(api.Paths) == 0 {
			return nil, fmt.Errorf("API spec %s: no paths", name)
		}
		api.Params = map[string]bool{}
		for p, v := range spec.Params {
			api.Params[p] = v.Required
		}
		if spec.Body != nil {
			api.BodySupported = true
			api.BodyRequired = spec.Body.Required
			api.NDJSON = spec.Body.Serialize == "bulk"
		}
		return api, nil
	}
	panic("unreachable")
}

// LoadAPIs reads every *.json spec in dir and adds the built-in specs of the
// APIs the suites call but whose spec files were not copied.
func LoadAPIs(dir string) (map[string]*API, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	apis := map[string]*API{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		api, err := ParseAPI(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(f), err)
		}
		apis[api.Name] = api
	}
	for _, api := range builtinAPIs() {
		if _, ok := apis[api.Name]; !ok {
			apis[api.Name] = api
		}
	}
	return apis, nil
}

// builtinAPIs describes the APIs the copied tests call whose spec files are
// not part of the data (see the data's README): their URL templates as
// OpenSearch 2.x defines them.
func builtinAPIs() []*API {
	return []*API{
		{Name: "indices.refresh", Paths: []APIPath{
			{Path: "/_refresh", Methods: []string{"POST", "GET"}},
			{Path: "/{index}/_refresh", Methods: []string{"POST", "GET"}, Parts: []string{"index"}},
		}},
		{Name: "indices.get_alias", Paths: []APIPath{
			{Path: "/_alias", Methods: []string{"GET"}},
			{Path: "/_alias/{name}", Methods: []string{"GET"}, Parts: []string{"name"}},
			{Path: "/{index}/_alias/{name}", Methods: []string{"GET"}, Parts: []string{"index", "name"}},
			{Path: "/{index}/_alias", Methods: []string{"GET"}, Parts: []string{"index"}},
		}},
		{Name: "ingest.put_pipeline", BodySupported: true, BodyRequired: true, Paths: []APIPath{
			{Path: "/_ingest/pipeline/{id}", Methods: []string{"PUT"}, Parts: []string{"id"}},
		}},
		{Name: "ingest.delete_pipeline", Paths: []APIPath{
			{Path: "/_ingest/pipeline/{id}", Methods: []string{"DELETE"}, Parts: []string{"id"}},
		}},
	}
}

// ClientError is a request the runner refuses to send, as the reference
// client would (`catch: param`).
type ClientError struct{ msg string }

// Error returns the reason the request was refused.
func (e *ClientError) Error() string { return e.msg }

// Build turns parameters (path parts and query parameters, `ignore` already
// removed) into a method, a path and a query string, validating them as the
// reference client does: a body where the spec has none, a missing required
// body or parameter, and a parameter the spec does not declare are client
// errors. It picks the path whose parts are all supplied and that uses the
// most of them, and returns the methods that path accepts.
func (a *API) Build(params *conformance.Map, hasBody bool) (methods []string, path string, query url.Values, err error) {
	if a.BodyRequired && !hasBody {
		return nil, "", nil, &ClientError{fmt.Sprintf("body is required by [%s] api", a.Name)}
	}
	if hasBody && !a.BodySupported {
		return nil, "", nil, &ClientError{fmt.Sprintf("body is not supported by [%s] api", a.Name)}
	}
	partNames := map[string]bool{}
	for _, p := range a.Paths {
		for _, part := range p.Parts {
			partNames[part] = true
		}
	}
	supplied := map[string]string{}
	query = url.Values{}
	for _, e := range params.Entries() {
		text, err := paramString(e.Value)
		if err != nil {
			return nil, "", nil, &ClientError{fmt.Sprintf("parameter [%s]: %v", e.Key, err)}
		}
		switch {
		case partNames[e.Key]:
			if text != "" { // an empty list or string means "all": use the path without it
				supplied[e.Key] = text
			}
		case a.Params == nil || globalParams[e.Key]:
			query.Set(e.Key, text)
		default:
			if _, ok := a.Params[e.Key]; !ok {
				return nil, "", nil, &ClientError{fmt.Sprintf("path/param [%s] not supported by [%s] api", e.Key, a.Name)}
			}
			query.Set(e.Key, text)
		}
	}
	for p, required := range a.Params {
		if required && !query.Has(p) {
			return nil, "", nil, &ClientError{fmt.Sprintf("missing required parameter: [%s] by [%s] api", p, a.Name)}
		}
	}
	var best *APIPath
	for i := range a.Paths {
		p := &a.Paths[i]
		all := true
		for _, part := range p.Parts {
			if _, ok := supplied[part]; !ok {
				all = false
			}
		}
		if all && (best == nil || len(p.Parts) > len(best.Parts)) {
			best = p
		}
	}
	if best == nil {
		return nil, "", nil, &ClientError{fmt.Sprintf("API [%s]: no path matches the parts supplied", a.Name)}
	}
	path = best.Path
	for _, part := range best.Parts {
		path = strings.ReplaceAll(path, "{"+part+"}", escapePart(supplied[part]))
	}
	return best.Methods, path, query, nil
}

// ChooseMethod picks one of the methods a path accepts. The reference runner
// picks at random, so a server must accept them all (GET with a body
// included); this runner picks by a hash of key (the test and step), which
// spreads the methods over the suite and stays the same from run to run.
func ChooseMethod(methods []string, key string) string {
	h := fnv.New32a()
	_, _ = h.Write([]byte(key))
	return methods[h.Sum32()%uint32(len(methods))]
}

// escapePart escapes each comma-separated element of a path part, keeping
// the commas that separate list elements.
func escapePart(s string) string {
	elems := strings.Split(s, ",")
	for i, e := range elems {
		elems[i] = url.PathEscape(e)
	}
	return strings.Join(elems, ",")
}

// paramString renders a parameter value as the reference client does: lists
// comma-joined, booleans and numbers as text, null as empty.
func paramString(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case bool, conformance.Number:
		return conformance.Text(x), nil
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			s, err := paramString(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	default:
		return "", fmt.Errorf("a %s cannot be a URL parameter", conformance.TypeName(v))
	}
}
