package rest

import (
	"net/http"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// scrollHandler is GET|POST /_search/scroll[/{scroll_id}].
func (b *Backend) scrollHandler(st *cursor.Store) Handler {
	return func(r *Request) (*Response, error) {
		start := time.Now()
		id := r.PathParam("scroll_id")
		if v, ok := r.Param("scroll_id"); ok {
			id = v
		}
		ka := r.Params["scroll"]
		if len(strings.TrimSpace(string(r.Body))) > 0 {
			v, err := searchreq.ParseXContent(r.Body)
			if err != nil {
				return nil, err
			}
			if v.Kind != xcontent.Object {
				return nil, apierr.New(apierr.TypeParsing, "Malformed content, must start with an object")
			}
			for _, m := range v.Members {
				switch {
				case m.Key == "scroll_id" && m.Value.Kind == xcontent.String:
					id = m.Value.Str
				case m.Key == "scroll" && m.Value.Kind == xcontent.String:
					ka = m.Value.Str
				default:
					return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
				}
			}
		}
		if id == "" {
			return nil, apierr.Validation("scrollId is missing")
		}
		c, aerr := st.Scroll(id)
		if aerr != nil {
			return nil, aerr
		}
		c.Lock()
		defer c.Unlock()
		if ka != "" {
			d, err := cursor.ParseKeepAlive(ka, b.clusterSettings().Values().MaxKeepAlive)
			if err != nil {
				return nil, err
			}
			st.KeepAlive(c, d)
			r.facts.ScrollKeepAlive = d
		}
		spec := *c.State().(*searchreq.Spec)
		spec.Facts = &searchreq.Facts{ScrollID: id}
		r.facts.Search = spec.Facts
		spec.Suggest = searchreq.ScrollPageSuggest(spec.Suggest)
		if v, ok := r.Param("rest_total_hits_as_int"); ok {
			spec.TotalAsInt = v == "" || v == "true"
		}
		req := c.Search().Request()
		res := c.Search().Next(spec.Size)
		ex := b.exec()
		if e := ex.ScrollPageFailed(req, res); e != nil {
			return nil, e
		}
		body := ex.Render(req, &spec, res, start)
		return OK(append(jsonout.Object{{Key: "_scroll_id", Value: id}}, body...)), nil
	}
}

// clearScrollHandler is DELETE /_search/scroll[/{scroll_id}].
func (b *Backend) clearScrollHandler(st *cursor.Store) Handler {
	return func(r *Request) (*Response, error) {
		var ids []string
		if p := r.PathParam("scroll_id"); p != "" {
			ids = strings.Split(p, ",")
		}
		if len(strings.TrimSpace(string(r.Body))) > 0 {
			v, err := searchreq.ParseXContent(r.Body)
			if err != nil {
				return nil, err
			}
			for _, m := range v.Members {
				if m.Key != "scroll_id" {
					return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
				}
				switch m.Value.Kind {
				case xcontent.String:
					ids = append(ids, m.Value.Str)
				case xcontent.Array:
					for _, it := range m.Value.Items {
						if it.Kind != xcontent.String {
							return nil, apierr.IllegalArgument("scroll_id array element should only contain scroll_id")
						}
						ids = append(ids, it.Str)
					}
				default:
					return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
				}
			}
		}
		if len(ids) == 0 {
			return nil, apierr.Validation("no scroll ids specified")
		}
		r.facts.ClearedScrolls = ids
		var freed int
		if len(ids) == 1 && ids[0] == "_all" {
			freed = st.ClearAllScrolls()
		} else {
			var err *apierr.Error
			if freed, err = st.ClearScrolls(ids); err != nil {
				return nil, err
			}
		}
		status := http.StatusOK
		if freed == 0 {
			status = http.StatusNotFound
		}
		return &Response{Status: status, Body: jsonout.Object{{Key: "succeeded", Value: true}, {Key: "num_freed", Value: freed}}}, nil
	}
}
