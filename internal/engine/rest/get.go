package rest

import (
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// getDoc is GET and HEAD /{index}/_doc/{id}.
func (b *Backend) getDoc(r *Request) (*Response, error) {
	name, id := r.PathParam("index"), r.PathParam("id")
	realtime, err := r.Bool("realtime", true)
	if err != nil {
		return nil, err
	}
	refresh, err := r.Bool("refresh", false)
	if err != nil {
		return nil, err
	}
	vt, err := parseVersionType(r.Params["version_type"])
	if err != nil {
		return nil, err
	}
	wantVersion, err := r.Int("version", -3)
	if err != nil {
		return nil, err
	}
	if _, ok := r.Param("stored_fields"); ok {
		return nil, apierr.Unsupported("stored_fields on GET")
	}
	filter, err := sourceFilterFromParams(r)
	if err != nil {
		return nil, err
	}
	x, ok := b.Indices.Get(name)
	if !ok {
		if e := indices.ValidateName(name); e != nil && name != "" && name[0] == '_' {
			return nil, apierr.InvalidIndexName(name, "must not start with '_'.")
		}
		return nil, apierr.IndexNotFound(name, apierr.ResourceIndexExpression)
	}
	sh := x.ShardFor(id, r.Params["routing"])
	if refresh {
		sh.Refresh(b.Clock.Now())
	} else if !realtime {
		sh.MaybeRefresh(b.Clock.Now(), x.RefreshInterval())
	}
	doc, found := sh.Get(id, realtime)
	if !found {
		if r.Method == http.MethodHead {
			return &Response{Status: http.StatusNotFound}, nil
		}
		return &Response{Status: http.StatusNotFound, Body: jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: id}, {Key: "found", Value: false}}}, nil
	}
	if wantVersion != -3 && doc.Version != wantVersion {
		_ = vt // reads compare for equality whatever the version type
		return nil, apierr.VersionConflict(id, "current version ["+itoa64(doc.Version)+"] is different than the one provided ["+itoa64(wantVersion)+"]", x.Name, sh.Num, x.UUID)
	}
	if r.Method == http.MethodHead {
		return &Response{Status: http.StatusOK}, nil
	}
	o := jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: id}, {Key: "_version", Value: doc.Version},
		{Key: "_seq_no", Value: doc.SeqNo}, {Key: "_primary_term", Value: doc.PrimaryTerm}}
	if doc.Routing != "" {
		o = append(o, jsonout.Field{Key: "_routing", Value: doc.Routing})
	}
	o = append(o, jsonout.Field{Key: "found", Value: true})
	if src, keep, err := filter.apply(doc.Source); err != nil {
		return nil, err
	} else if keep {
		o = append(o, jsonout.Field{Key: "_source", Value: src})
	}
	return OK(o), nil
}
