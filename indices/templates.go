package indices

import (
	"context"
	"errors"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// TemplateBody is what a template gives the indexes it creates: the
// "template" object of composable and component templates, and what
// simulating one resolves to.
type TemplateBody struct {
	// Settings such as {"number_of_shards": 1}; answers hold them nested
	// with string values ({"index": {"number_of_shards": "1"}}), or flat
	// with FlatSettings.
	Settings map[string]any `json:"settings,omitempty"`
	// Mappings such as {"properties": {"title": {"type": "text"}}}.
	Mappings map[string]any `json:"mappings,omitempty"`
	// Aliases by name; a name may hold {index}, replaced by the new
	// index's name. AliasInfo keeps a filter as raw JSON, so a template
	// read back decodes whatever query it holds.
	Aliases map[string]AliasInfo `json:"aliases,omitempty"`
}

// DataStreamTemplate is a composable template's data_stream section.
type DataStreamTemplate struct {
	TimestampField *TimestampField `json:"timestamp_field,omitempty"`
}

// TimestampField names a data stream's timestamp field (@timestamp by default).
type TimestampField struct {
	Name string `json:"name"`
}

// IndexTemplate is a composable index template (PUT _index_template):
// an index whose name one of IndexPatterns matches takes, at creation,
// the settings, mappings and aliases of the ComposedOf component
// templates in order, then of Template, then of its own request. Of
// several matching templates the highest Priority wins; two templates
// with overlapping patterns may not share a priority.
type IndexTemplate struct {
	IndexPatterns []string            `json:"index_patterns"`
	Template      *TemplateBody       `json:"template,omitempty"`
	ComposedOf    []string            `json:"composed_of,omitempty"`
	Priority      *int64              `json:"priority,omitempty"`
	Version       *int64              `json:"version,omitempty"`
	Meta          map[string]any      `json:"_meta,omitempty"`
	DataStream    *DataStreamTemplate `json:"data_stream,omitempty"`
}

// ComponentTemplate is a reusable building block of composable templates
// (PUT _component_template).
type ComponentTemplate struct {
	Template TemplateBody   `json:"template"`
	Version  *int64         `json:"version,omitempty"`
	Meta     map[string]any `json:"_meta,omitempty"`
}

// LegacyTemplate is a legacy index template (PUT _template): used only
// when no composable template matches, every matching one applies, the
// higher Order winning.
type LegacyTemplate struct {
	IndexPatterns []string             `json:"index_patterns"`
	Order         *int                 `json:"order,omitempty"`
	Version       *int                 `json:"version,omitempty"`
	Settings      map[string]any       `json:"settings,omitempty"`
	Mappings      map[string]any       `json:"mappings,omitempty"`
	Aliases       map[string]AliasInfo `json:"aliases,omitempty"`
}

// PutTemplateParams are the URL parameters of PutIndexTemplate and
// PutComponentTemplate.
type PutTemplateParams struct {
	// Cause is recorded with the cluster state update.
	Cause                 string         `url:"cause,omitempty"`
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	// Create refuses to replace an existing template (400).
	Create        *bool          `url:"create,omitempty"`
	MasterTimeout types.Duration `url:"master_timeout,omitempty"` // deprecated name of cluster_manager_timeout
}

// PutLegacyTemplateParams are the URL parameters of PutTemplate.
type PutLegacyTemplateParams struct {
	Cause                 string         `url:"cause,omitempty"`
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	Create                *bool          `url:"create,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"`
	// Order applies when the body has none.
	Order *int `url:"order,omitempty"`
}

// GetTemplateParams are the URL parameters of the get and exists calls
// of every kind of template.
type GetTemplateParams struct {
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	FlatSettings          *bool          `url:"flat_settings,omitempty"`
	Local                 *bool          `url:"local,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"`
}

// DeleteTemplateParams are the URL parameters of the delete calls.
type DeleteTemplateParams struct {
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"`
	Timeout               types.Duration `url:"timeout,omitempty"`
}

// SimulateTemplateParams are the URL parameters of SimulateIndex and
// SimulateTemplate; Create and Cause apply to a template given as body.
type SimulateTemplateParams struct {
	Cause                 string         `url:"cause,omitempty"`
	ClusterManagerTimeout types.Duration `url:"cluster_manager_timeout,omitempty"`
	Create                *bool          `url:"create,omitempty"`
	MasterTimeout         types.Duration `url:"master_timeout,omitempty"`
}

// NamedIndexTemplate is one entry of GetIndexTemplatesResponse.
type NamedIndexTemplate struct {
	Name          string        `json:"name"`
	IndexTemplate IndexTemplate `json:"index_template"`
}

// GetIndexTemplatesResponse is the answer to GetIndexTemplates.
type GetIndexTemplatesResponse struct {
	types.ResponseMeta

	IndexTemplates []NamedIndexTemplate `json:"index_templates"`
}

// NamedComponentTemplate is one entry of GetComponentTemplatesResponse.
type NamedComponentTemplate struct {
	Name              string            `json:"name"`
	ComponentTemplate ComponentTemplate `json:"component_template"`
}

// GetComponentTemplatesResponse is the answer to GetComponentTemplates.
type GetComponentTemplatesResponse struct {
	types.ResponseMeta

	ComponentTemplates []NamedComponentTemplate `json:"component_templates"`
}

// GetTemplatesResponse is the answer to GetTemplates: legacy templates by name.
type GetTemplatesResponse struct {
	types.ResponseMeta

	Templates map[string]LegacyTemplate
}

// UnmarshalJSON reads the object keyed by template name.
func (r *GetTemplatesResponse) UnmarshalJSON(b []byte) error { return jsonx.Unmarshal(b, &r.Templates) }

// MarshalJSON writes the object keyed by template name.
func (r GetTemplatesResponse) MarshalJSON() ([]byte, error) {
	if r.Templates == nil {
		return []byte("{}"), nil
	}
	return jsonx.Marshal(r.Templates)
}

// OverlappingTemplate is another template whose patterns overlap the
// simulated one's.
type OverlappingTemplate struct {
	Name          string   `json:"name"`
	IndexPatterns []string `json:"index_patterns"`
}

// SimulateTemplateResponse is the answer to SimulateIndex and
// SimulateTemplate. Template is nil when no template matches the index.
type SimulateTemplateResponse struct {
	types.ResponseMeta

	Template    *TemplateBody         `json:"template,omitempty"`
	Overlapping []OverlappingTemplate `json:"overlapping,omitempty"`
}

// PutIndexTemplate creates or replaces the composable template name
// (PUT /_index_template/<name>). Overlapping patterns of equal priority,
// a missing component template, invalid settings or mappings answer 400.
func (s *Service) PutIndexTemplate(ctx context.Context, name string, template *IndexTemplate, params *PutTemplateParams) (*AcknowledgedResponse, error) {
	if name == "" || template == nil {
		return nil, errors.New("indices: PutIndexTemplate needs a name and a template")
	}
	return s.acknowledged(ctx, &transport.Request{Method: http.MethodPut, Path: transport.Path("_index_template", name), Params: params, Body: template})
}

// GetIndexTemplates returns the composable templates name selects (all
// when empty; a wildcard pattern may match none): GET /_index_template[/<name>].
// A plain name that does not exist answers 404 (types.IsNotFound).
func (s *Service) GetIndexTemplates(ctx context.Context, name string, params *GetTemplateParams) (*GetIndexTemplatesResponse, error) {
	out := new(GetIndexTemplatesResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: transport.Path("_index_template", name), Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// IndexTemplateExists reports whether a composable template matches name
// (HEAD /_index_template/<name>). 404 is false with no error.
func (s *Service) IndexTemplateExists(ctx context.Context, name string, params *GetTemplateParams) (bool, error) {
	return s.exists(ctx, "_index_template", name, params)
}

// DeleteIndexTemplate deletes the composable templates name selects
// (DELETE /_index_template/<name>); none answers 404 unless name is "*".
func (s *Service) DeleteIndexTemplate(ctx context.Context, name string, params *DeleteTemplateParams) (*AcknowledgedResponse, error) {
	return s.deleteTemplate(ctx, "_index_template", name, params)
}

// SimulateIndex returns what an index named index would take from the
// templates (POST /_index_template/_simulate_index/<index>), with
// template, when not nil, added as if it were put. No template matching
// answers an empty response (Template nil).
func (s *Service) SimulateIndex(ctx context.Context, index string, template *IndexTemplate, params *SimulateTemplateParams) (*SimulateTemplateResponse, error) {
	if index == "" {
		return nil, errors.New("indices: SimulateIndex needs an index name")
	}
	return s.simulate(ctx, transport.Path("_index_template", "_simulate_index", index), template, params)
}

// SimulateTemplate resolves a composable template with its components
// (POST /_index_template/_simulate[/<name>]): the stored template name,
// or template (stored as name when both are given).
func (s *Service) SimulateTemplate(ctx context.Context, name string, template *IndexTemplate, params *SimulateTemplateParams) (*SimulateTemplateResponse, error) {
	if name == "" && template == nil {
		return nil, errors.New("indices: SimulateTemplate needs a template name or a template")
	}
	return s.simulate(ctx, transport.Path("_index_template", "_simulate", name), template, params)
}

// PutComponentTemplate creates or replaces the component template name
// (PUT /_component_template/<name>); an update that would make a
// composable template using it invalid answers 400.
func (s *Service) PutComponentTemplate(ctx context.Context, name string, template *ComponentTemplate, params *PutTemplateParams) (*AcknowledgedResponse, error) {
	if name == "" || template == nil {
		return nil, errors.New("indices: PutComponentTemplate needs a name and a template")
	}
	return s.acknowledged(ctx, &transport.Request{Method: http.MethodPut, Path: transport.Path("_component_template", name), Params: params, Body: template})
}

// GetComponentTemplates returns the component templates name selects
// (all when empty): GET /_component_template[/<name>].
func (s *Service) GetComponentTemplates(ctx context.Context, name string, params *GetTemplateParams) (*GetComponentTemplatesResponse, error) {
	out := new(GetComponentTemplatesResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: transport.Path("_component_template", name), Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ComponentTemplateExists reports whether a component template matches
// name (HEAD /_component_template/<name>).
func (s *Service) ComponentTemplateExists(ctx context.Context, name string, params *GetTemplateParams) (bool, error) {
	return s.exists(ctx, "_component_template", name, params)
}

// DeleteComponentTemplate deletes the component templates name selects
// (DELETE /_component_template/<name>); one still used by a composable
// template answers 400.
func (s *Service) DeleteComponentTemplate(ctx context.Context, name string, params *DeleteTemplateParams) (*AcknowledgedResponse, error) {
	return s.deleteTemplate(ctx, "_component_template", name, params)
}

// PutTemplate creates or replaces the legacy template name (PUT /_template/<name>).
func (s *Service) PutTemplate(ctx context.Context, name string, template *LegacyTemplate, params *PutLegacyTemplateParams) (*AcknowledgedResponse, error) {
	if name == "" || template == nil {
		return nil, errors.New("indices: PutTemplate needs a name and a template")
	}
	return s.acknowledged(ctx, &transport.Request{Method: http.MethodPut, Path: transport.Path("_template", name), Params: params, Body: template})
}

// GetTemplates returns the legacy templates names select (all when none;
// wildcards allowed): GET /_template[/<names>]. Names matching nothing
// answer 404.
func (s *Service) GetTemplates(ctx context.Context, names []string, params *GetTemplateParams) (*GetTemplatesResponse, error) {
	target, err := joinNames(names)
	if err != nil {
		return nil, err
	}
	out := new(GetTemplatesResponse)
	if _, err := s.t.Do(ctx, &transport.Request{Method: http.MethodGet, Path: transport.Path("_template", target), Params: params}, out); err != nil {
		return nil, err
	}
	return out, nil
}

// TemplateExists reports whether a legacy template matches name (HEAD /_template/<name>).
func (s *Service) TemplateExists(ctx context.Context, name string, params *GetTemplateParams) (bool, error) {
	return s.exists(ctx, "_template", name, params)
}

// DeleteTemplate deletes the legacy templates name selects (DELETE /_template/<name>).
func (s *Service) DeleteTemplate(ctx context.Context, name string, params *DeleteTemplateParams) (*AcknowledgedResponse, error) {
	return s.deleteTemplate(ctx, "_template", name, params)
}

func (s *Service) exists(ctx context.Context, api, name string, params *GetTemplateParams) (bool, error) {
	if name == "" {
		return false, errors.New("indices: a template existence check needs a name")
	}
	_, err := s.t.Perform(ctx, &transport.Request{Method: http.MethodHead, Path: transport.Path(api, name), Params: params})
	switch {
	case err == nil:
		return true, nil
	case types.IsNotFound(err):
		return false, nil
	}
	return false, err
}

func (s *Service) deleteTemplate(ctx context.Context, api, name string, params *DeleteTemplateParams) (*AcknowledgedResponse, error) {
	if name == "" {
		return nil, errors.New("indices: deleting templates needs a name or pattern")
	}
	return s.acknowledged(ctx, &transport.Request{Method: http.MethodDelete, Path: transport.Path(api, name), Params: params})
}

func (s *Service) simulate(ctx context.Context, path string, template *IndexTemplate, params *SimulateTemplateParams) (*SimulateTemplateResponse, error) {
	req := &transport.Request{Method: http.MethodPost, Path: path, Params: params}
	if template != nil {
		req.Body = template
	}
	out := new(SimulateTemplateResponse)
	if _, err := s.t.Do(ctx, req, out); err != nil {
		return nil, err
	}
	return out, nil
}
