package rest

import (
	"compress/gzip"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Server dispatches HTTP requests through the route table. It is an
// http.Handler and safe for concurrent use.
type Server struct {
	mu     sync.RWMutex
	routes []compiled
	users  map[string]string // basic-auth users; nil disables auth
	// wrappers are the installed layers; hook is their chain (nil for none).
	wrappers [layerCount]Wrapper
	hook     Hook
	// warnAgent is the agent of Warning headers: OpenSearch-<version>-<build hash>.
	warnAgent string
	// out recycles the buffers responses are encoded into (*[]byte), so a
	// request does not grow a fresh one from nothing.
	out sync.Pool
}

// SetWarningAgent sets the version and build hash Warning headers name.
func (s *Server) SetWarningAgent(version, buildHash string) {
	s.mu.Lock()
	s.warnAgent = "OpenSearch-" + version + "-" + buildHash
	s.mu.Unlock()
}

// Hook wraps the call of the route's handler h: one layer does its work
// around the next layer (or h itself), reading what it needs of the
// operation from r.Meta().
type Hook func(r *Request, h Handler) (*Response, error)

// Wrapper builds a layer's hook around the next one (nil when it is the
// innermost: call the handler).
type Wrapper func(next Hook) Hook

// Layer is a wrapper's place around the handler. The order of the
// constants is the order the wrappers run in, outermost first, whatever
// order they were installed in.
type Layer int

// Layers, outermost first.
const (
	// LayerPersist logs and syncs what the request changed, after
	// everything inside it finished.
	LayerPersist Layer = iota
	// LayerStats counts the request in node statistics, around its task.
	LayerStats
	// LayerTasks runs the request as a task (innermost: the task's
	// resource tracking sees only the handler).
	LayerTasks
	layerCount
)

// Wrap installs w as layer l, replacing the layer's previous wrapper, and
// rebuilds the hook chain in layer order.
func (s *Server) Wrap(l Layer, w Wrapper) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrappers[l] = w
	var h Hook
	for i := layerCount - 1; i >= 0; i-- {
		if s.wrappers[i] != nil {
			h = s.wrappers[i](h)
		}
	}
	s.hook = h
}

// callNext calls the next hook, or the handler at the innermost layer.
func callNext(next Hook, r *Request, h Handler) (*Response, error) {
	if next != nil {
		return next(r, h)
	}
	return h(r)
}

// NewServer returns a server with the given routes.
func NewServer(routes ...Route) *Server {
	s := &Server{warnAgent: "OpenSearch-2.19.0-0000000000000000000000000000000000000000"}
	s.Add(routes...)
	return s
}

// Add registers more routes (e.g. a group from another package).
func (s *Server) Add(routes ...Route) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range routes {
		if !r.Meta.Stated() {
			r.Meta = metaFor(r.Op)
		}
		s.routes = append(s.routes, compile(r))
	}
}

// SetUsers enables basic authentication with these user/password pairs.
func (s *Server) SetUsers(users map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users = users
}

// Routes returns the route table in registration order.
func (s *Server) Routes() []Route {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]Route, len(s.routes))
	for i, c := range s.routes {
		out[i] = c.route
	}
	return out
}

// maxBody bounds request bodies (http.max_content_length is 100mb).
const maxBody = 100 << 20

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, hr *http.Request) {
	rawPath, rawQuery, uri := requestTarget(hr)
	params, perr := decodeQueryString(rawQuery)
	if perr != nil {
		params = map[string]string{} // RestRequest.requestWithoutParameters
	}
	req := &Request{Ctx: hr.Context(), Method: hr.Method, URI: uri, Params: params, Header: hr.Header}
	s.mu.RLock()
	wr := writer{w: w, req: req, warnAgent: s.warnAgent, bufs: &s.out}
	s.mu.RUnlock()
	// The server echoes the task-tracking header on every response.
	if id := hr.Header.Get("X-Opaque-Id"); id != "" {
		w.Header().Set("X-Opaque-Id", id)
	}
	defer func() {
		if p := recover(); p != nil {
			wr.error(apierr.Internal(fmt.Sprintf("clustersearch-fake internal error: %v", p)))
		}
	}()
	if err := s.authenticate(hr); err != nil {
		wr.error(err)
		return
	}
	if perr != nil {
		wr.error(perr)
		return
	}
	resp, err := s.dispatch(hr, req, rawPath)
	if err != nil {
		var ae *apierr.Error
		if !errors.As(err, &ae) {
			ae = apierr.Internal(err.Error())
		}
		wr.error(ae)
		return
	}
	wr.response(resp)
}

func (s *Server) authenticate(hr *http.Request) *apierr.Error {
	s.mu.RLock()
	users := s.users
	s.mu.RUnlock()
	if users == nil {
		return nil
	}
	user, pass, ok := hr.BasicAuth()
	if ok {
		if want, found := users[user]; found && subtle.ConstantTimeCompare([]byte(want), []byte(pass)) == 1 {
			return nil
		}
	}
	return apierr.Unauthorized()
}

func (s *Server) dispatch(hr *http.Request, req *Request, rawPath string) (*Response, error) {
	rawSegs := splitPath(rawPath)
	// Most paths decode to themselves: their segments and path are then
	// the raw ones, with no copy.
	segs, decoded := rawSegs, false
	for i, rs := range rawSegs {
		d, err := decodeComponent(rs, false)
		if err != nil {
			return nil, s.badPathEscape(rawSegs, i)
		}
		if d != rs {
			if !decoded {
				segs, decoded = slices.Clone(rawSegs), true
			}
			segs[i] = d
		}
	}
	if trimmed := strings.Trim(rawPath, "/"); !decoded && len(rawPath) == len(trimmed)+1 && rawPath[0] == '/' {
		req.Path = rawPath
	} else {
		req.Path = "/" + strings.Join(segs, "/")
	}

	s.mu.RLock()
	var best *compiled
	var bestRank uint64
	var allowed []string // the methods of the paths that matched, when none is this one
	for i := range s.routes {
		c := &s.routes[i]
		rank, ok := c.match(segs)
		if !ok {
			continue
		}
		if c.route.Method != hr.Method {
			if !slices.Contains(allowed, c.route.Method) {
				allowed = append(allowed, c.route.Method)
			}
			continue
		}
		if best == nil || rank > bestRank {
			best, bestRank = c, rank
		}
	}
	s.mu.RUnlock()

	if best == nil {
		if len(allowed) == 0 {
			return nil, apierr.NoHandler(req.Path, hr.Method)
		}
		methods := allowed
		sort.Strings(methods)
		if hr.Method == http.MethodOptions {
			return &Response{Status: http.StatusOK, Header: http.Header{"Allow": {strings.Join(methods, ",")}}}, nil
		}
		return nil, apierr.MethodNotAllowed(req.URI, hr.Method, methods)
	}
	req.Op, req.Route = best.route.Op, &best.route
	req.PathParams = map[string]string{}
	for i, sg := range best.segs {
		if sg.param != "" {
			req.PathParams[sg.param] = segs[i]
		}
	}
	if err := checkParams(best.route, req); err != nil {
		return nil, err
	}
	if _, ok := req.Params["master_timeout"]; ok && routeAccepts(best.route, "master_timeout") {
		if _, both := req.Params["cluster_manager_timeout"]; both {
			return nil, apierr.IllegalArgument("Please only use one of the request parameters [master_timeout, cluster_manager_timeout] since they are synonyms")
		}
		req.Warn("Parameter [master_timeout] is deprecated and will be removed in 3.0. To support inclusive language, please use [cluster_manager_timeout] instead.")
	}
	var src io.Reader = hr.Body
	plain := true
	if strings.EqualFold(hr.Header.Get("Content-Encoding"), "gzip") {
		plain = false
		// http.compression is on by default: gzip request bodies are inflated.
		zr, err := gzip.NewReader(hr.Body)
		if err != nil {
			return nil, apierr.Parse("failed to read gzip request body: %v", err)
		}
		defer zr.Close()
		src = zr
	}
	body, err := readRequestBody(src, hr.ContentLength, plain)
	if err != nil {
		return nil, apierr.Parse("failed to read request body: %v", err)
	}
	if len(body) > maxBody {
		return nil, apierr.Plain(http.StatusRequestEntityTooLarge, "request body is larger than the fake's 100mb limit")
	}
	contentType := hr.Header.Get("Content-Type")
	if len(body) == 0 && best.route.Body {
		if src, ok := req.Params["source"]; ok {
			// A body sent as ?source= names its type in source_content_type.
			ct, ok := req.Params["source_content_type"]
			if !ok {
				return nil, apierr.IllegalArgument("source and source_content_type parameters are required")
			}
			body, contentType = []byte(src), ct
		}
	}
	if len(body) > 0 {
		if !best.route.Body {
			return nil, apierr.IllegalArgument("request [%s %s] does not support having a body", hr.Method, req.Path)
		}
		if err := checkContentType(contentType); err != nil {
			return nil, err
		}
	}
	req.Body = body
	s.mu.RLock()
	hook := s.hook
	s.mu.RUnlock()
	if hook != nil {
		return hook(req, best.route.Handler)
	}
	return best.route.Handler(req)
}

// requestTarget returns the raw path and query of a request and its URI:
// the target the client sent, read back from RawTargetHeader when the
// fake's connection reader had to rewrite it for Go's parser (and only if
// the rewrite gives the target Go saw, so the header names nothing else).
func requestTarget(hr *http.Request) (path, query, uri string) {
	uri = hr.URL.RequestURI()
	if h := hr.Header.Get(RawTargetHeader); h != "" {
		hr.Header.Del(RawTargetHeader)
		if san, ok := SanitizeRequestTarget(h); ok && san == hr.RequestURI {
			path, query, _ = strings.Cut(h, "?")
			return path, query, h
		}
	}
	return hr.URL.EscapedPath(), hr.URL.RawQuery, uri
}

// checkContentType accepts JSON and NDJSON; the fake does not read YAML, CBOR or Smile.
func checkContentType(ct string) *apierr.Error {
	if ct == "" {
		return apierr.Plain(http.StatusNotAcceptable, "Content-Type header is missing")
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return apierr.Plain(http.StatusNotAcceptable, "Content-Type header ["+ct+"] is not supported")
	}
	switch mt {
	case "application/json", "application/x-ndjson", "application/vnd.opensearch+json", "application/vnd.elasticsearch+json":
		return nil
	case "application/yaml", "application/cbor", "application/smile":
		return apierr.Unsupported("request bodies of type " + mt)
	}
	return apierr.Plain(http.StatusNotAcceptable, "Content-Type header ["+ct+"] is not supported")
}
