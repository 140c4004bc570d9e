package rest

import (
	"net/http"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/templates"
)

// TemplatesAPI serves the index template APIs: composable templates
// (_index_template, with the simulate APIs), component templates
// (_component_template) and legacy templates (_template). The templates
// themselves live in the templates package.
type TemplatesAPI struct {
	store *templates.Store
}

// NewTemplatesAPI serves store's templates.
func NewTemplatesAPI(store *templates.Store) *TemplatesAPI { return &TemplatesAPI{store: store} }

// Routes returns the template routes.
func (t *TemplatesAPI) Routes() []Route {
	cm := []string{"cluster_manager_timeout", "master_timeout"}
	put := append([]string{"cause", "create"}, cm...)
	get := append([]string{"flat_settings", "local"}, cm...)
	del := append([]string{"timeout"}, cm...)
	// RestPutIndexTemplateAction also reads the patterns and order from the URL.
	putLegacy := append([]string{"cause", "create", "index_patterns", "order", "template"}, cm...)
	return []Route{
		{Op: "indices.put_index_template", Method: "PUT", Path: "/_index_template/{name}", Params: put, Body: true, Handler: t.putComposable},
		{Op: "indices.put_index_template", Method: "POST", Path: "/_index_template/{name}", Params: put, Body: true, Handler: t.putComposable},
		{Op: "indices.get_index_template", Method: "GET", Path: "/_index_template", Params: get, Handler: t.getComposable},
		{Op: "indices.get_index_template", Method: "GET", Path: "/_index_template/{name}", Params: get, Handler: t.getComposable},
		{Op: "indices.exists_index_template", Method: "HEAD", Path: "/_index_template/{name}", Params: get, Handler: t.getComposable},
		{Op: "indices.delete_index_template", Method: "DELETE", Path: "/_index_template/{name}", Params: del, Handler: t.deleteComposable},
		// The simulate handlers read create and cause only with a body.
		{Op: "indices.simulate_index_template", Method: "POST", Path: "/_index_template/_simulate_index/{name}", Params: put, Body: true, Handler: t.simulateIndex, SelfChecked: true},
		{Op: "indices.simulate_template", Method: "POST", Path: "/_index_template/_simulate", Params: put, Body: true, Handler: t.simulate, SelfChecked: true},
		{Op: "indices.simulate_template", Method: "POST", Path: "/_index_template/_simulate/{name}", Params: put, Body: true, Handler: t.simulate, SelfChecked: true},

		{Op: "cluster.put_component_template", Method: "PUT", Path: "/_component_template/{name}", Params: put, Body: true, Handler: t.putComponent},
		{Op: "cluster.put_component_template", Method: "POST", Path: "/_component_template/{name}", Params: put, Body: true, Handler: t.putComponent},
		{Op: "cluster.get_component_template", Method: "GET", Path: "/_component_template", Params: get, Handler: t.getComponent},
		{Op: "cluster.get_component_template", Method: "GET", Path: "/_component_template/{name}", Params: get, Handler: t.getComponent},
		{Op: "cluster.exists_component_template", Method: "HEAD", Path: "/_component_template/{name}", Params: get, Handler: t.getComponent},
		{Op: "cluster.delete_component_template", Method: "DELETE", Path: "/_component_template/{name}", Params: del, Handler: t.deleteComponent},

		{Op: "indices.put_template", Method: "PUT", Path: "/_template/{name}", Params: putLegacy, Body: true, Handler: t.putLegacy},
		{Op: "indices.put_template", Method: "POST", Path: "/_template/{name}", Params: putLegacy, Body: true, Handler: t.putLegacy},
		{Op: "indices.get_template", Method: "GET", Path: "/_template", Params: get, Handler: t.getLegacy},
		{Op: "indices.get_template", Method: "GET", Path: "/_template/{name}", Params: get, Handler: t.getLegacy},
		{Op: "indices.exists_template", Method: "HEAD", Path: "/_template/{name}", Params: get, Handler: t.getLegacy},
		{Op: "indices.delete_template", Method: "DELETE", Path: "/_template/{name}", Params: del, Handler: t.deleteLegacy},
	}
}

// requireBody is RestRequest.requiredContent's refusal of an empty body.
func requireBody(r *Request) error {
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return apierr.Parse("request body is required")
	}
	return nil
}

// readPut reads the parameters of a put: create (paramAsBoolean with a
// primitive default) and the timeouts; cause is free text.
func readPut(r *Request) (bool, error) {
	create, err := r.Bool("create", false)
	if err != nil {
		return false, err
	}
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return false, err
	}
	return create, nil
}

// readGet reads the parameters of a get: local, flat_settings, timeouts.
func readGet(r *Request) (bool, error) {
	if _, err := r.Bool("local", false); err != nil {
		return false, err
	}
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return false, err
	}
	return r.Bool("flat_settings", false)
}

func warnAll(r *Request, ws []string) {
	for _, w := range ws {
		r.Warn(w)
	}
}

func (t *TemplatesAPI) putComposable(r *Request) (*Response, error) {
	create, err := readPut(r)
	if err != nil {
		return nil, err
	}
	if err := requireBody(r); err != nil {
		return nil, err
	}
	c, perr := templates.ParseComposable(r.Body)
	if perr != nil {
		return nil, perr
	}
	ws, perr := t.store.PutComposable(r.PathParam("name"), c, create)
	if perr != nil {
		return nil, perr
	}
	warnAll(r, ws)
	return acknowledged(), nil
}

// notFoundUnlessAll is the get handlers' status: 404 when a name was
// given and nothing matched, the body being rendered either way.
func notFoundUnlessAll(r *Request, found bool, resp *Response) *Response {
	if !found && r.PathParam("name") != "" {
		resp.Status = http.StatusNotFound
	}
	return resp
}

func (t *TemplatesAPI) getComposable(r *Request) (*Response, error) {
	flat, err := readGet(r)
	if err != nil {
		return nil, err
	}
	names, ts, gerr := t.store.GetComposable(r.PathParam("name"))
	if gerr != nil {
		return nil, gerr
	}
	return notFoundUnlessAll(r, len(names) > 0, OK(templates.RenderComposables(names, ts, flat))), nil
}

func (t *TemplatesAPI) deleteComposable(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if err := t.store.DeleteComposable(r.PathParam("name")); err != nil {
		return nil, err
	}
	return acknowledged(), nil
}

// simulateBody reads the optional template body of the simulate APIs;
// create and cause are read only with one, so without it they are
// unrecognized parameters.
func simulateBody(r *Request) (*templates.Composable, bool, error) {
	hasBody := len(strings.TrimSpace(string(r.Body))) > 0
	consumed := append(append(CommonParams(), BodyParams()...), "cluster_manager_timeout", "master_timeout")
	if hasBody {
		consumed = append(consumed, "create", "cause")
	}
	var unread []string
	for p := range r.Params {
		if !slices.Contains(consumed, p) {
			unread = append(unread, p)
		}
	}
	if len(unread) > 0 {
		return nil, false, unrecognizedParams(r.Path, unread, consumed)
	}
	if !hasBody {
		return nil, false, nil
	}
	create, err := readPut(r)
	if err != nil {
		return nil, false, err
	}
	c, perr := templates.ParseComposable(r.Body)
	if perr != nil {
		return nil, false, perr
	}
	return c, create, nil
}

func (t *TemplatesAPI) simulateIndex(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, create, err := simulateBody(r)
	if err != nil {
		return nil, err
	}
	out, serr := t.store.SimulateIndex(r.PathParam("name"), body, create)
	if serr != nil {
		return nil, serr
	}
	return OK(out), nil
}

func (t *TemplatesAPI) simulate(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	body, create, err := simulateBody(r)
	if err != nil {
		return nil, err
	}
	out, serr := t.store.Simulate(r.PathParam("name"), body, create)
	if serr != nil {
		return nil, serr
	}
	return OK(out), nil
}

func (t *TemplatesAPI) putComponent(r *Request) (*Response, error) {
	create, err := readPut(r)
	if err != nil {
		return nil, err
	}
	if err := requireBody(r); err != nil {
		return nil, err
	}
	c, perr := templates.ParseComponent(r.Body)
	if perr != nil {
		return nil, perr
	}
	if perr := t.store.PutComponent(r.PathParam("name"), c, create); perr != nil {
		return nil, perr
	}
	return acknowledged(), nil
}

func (t *TemplatesAPI) getComponent(r *Request) (*Response, error) {
	flat, err := readGet(r)
	if err != nil {
		return nil, err
	}
	names, ts, gerr := t.store.GetComponent(r.PathParam("name"))
	if gerr != nil {
		return nil, gerr
	}
	return notFoundUnlessAll(r, len(names) > 0, OK(templates.RenderComponents(names, ts, flat))), nil
}

func (t *TemplatesAPI) deleteComponent(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if err := t.store.DeleteComponent(r.PathParam("name")); err != nil {
		return nil, err
	}
	return acknowledged(), nil
}

func (t *TemplatesAPI) putLegacy(r *Request) (*Response, error) {
	create, err := readPut(r)
	if err != nil {
		return nil, err
	}
	req := templates.LegacyRequest{Warn: r.Warn}
	if p, ok := r.Param("template"); ok {
		r.Warn("Deprecated parameter [template] used, replaced by [index_patterns]")
		req.Patterns = []string{p}
	} else {
		req.Patterns = r.List("index_patterns")
	}
	order, err := r.Int("order", 0)
	if err != nil {
		return nil, err
	}
	req.Order = int(order)
	if err := requireBody(r); err != nil {
		return nil, err
	}
	l, perr := templates.ParseLegacy(r.Body, req)
	if perr != nil {
		return nil, perr
	}
	ws, perr := t.store.PutLegacy(r.PathParam("name"), l, create)
	if perr != nil {
		return nil, perr
	}
	warnAll(r, ws)
	return acknowledged(), nil
}

func (t *TemplatesAPI) getLegacy(r *Request) (*Response, error) {
	flat, err := readGet(r)
	if err != nil {
		return nil, err
	}
	var want []string
	if n := r.PathParam("name"); n != "" {
		want = strings.Split(n, ",")
	}
	names, ts := t.store.GetLegacy(want)
	return notFoundUnlessAll(r, len(names) > 0, OK(templates.RenderLegacies(names, ts, flat))), nil
}

func (t *TemplatesAPI) deleteLegacy(r *Request) (*Response, error) {
	if err := checkTimeouts(r, "timeout", "master_timeout", "cluster_manager_timeout"); err != nil {
		return nil, err
	}
	if err := t.store.DeleteLegacy(r.PathParam("name")); err != nil {
		return nil, err
	}
	return acknowledged(), nil
}
