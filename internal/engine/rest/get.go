package rest

import (
	"net/http"
	"strings"

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
	storedFields := r.List("stored_fields")
	_, hasStored := r.Param("stored_fields")
	filter, err := sourceFilterFromParams(r)
	if err != nil {
		return nil, err
	}
	if hasStored && !hasParam(r, "_source") && !hasParam(r, "_source_includes") && !hasParam(r, "_source_excludes") {
		filter.disabled = true // stored_fields alone leaves _source out
	}
	target, aliasRouting, terr := b.Indices.ReadTarget(name)
	if terr != nil {
		return nil, terr
	}
	routingValue := r.Params["routing"]
	if routingValue == "" {
		routingValue = aliasRouting
	}
	x, ok := b.Indices.Get(target)
	if !ok {
		if e := indices.ValidateName(name); e != nil && name != "" && name[0] == '_' {
			return nil, apierr.InvalidIndexName(name, "must not start with '_'.")
		}
		return nil, apierr.IndexNotFound(name, apierr.ResourceIndexExpression)
	}
	sh := x.ShardFor(id, routingValue)
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
	if fields := storedValues(x, doc.Source, storedFields); len(fields) > 0 {
		o = append(o, jsonout.Field{Key: "fields", Value: fields})
	}
	return OK(o), nil
}

// storedValues returns the requested fields mapped with store:true, read from
// the source (the fake keeps no separate stored copy), as arrays.
func storedValues(x *indices.Index, source []byte, names []string) jsonout.Object {
	if len(names) == 0 {
		return nil
	}
	m := x.Mapping()
	var tree any
	out := jsonout.Object{}
	for _, n := range names {
		f := m.Lookup(n)
		if f == nil {
			continue
		}
		if stored, _ := f.Params["store"].(bool); !stored {
			continue
		}
		if tree == nil {
			var err error
			if tree, err = jsonout.Decode(source); err != nil {
				return nil
			}
		}
		vals := valuesAt(tree, strings.Split(n, "."))
		if len(vals) > 0 {
			out = append(out, jsonout.Field{Key: n, Value: vals})
		}
	}
	return out
}

// valuesAt collects the scalar values at a dotted path, through arrays.
func valuesAt(v any, path []string) []any {
	switch x := v.(type) {
	case []any:
		var out []any
		for _, e := range x {
			out = append(out, valuesAt(e, path)...)
		}
		return out
	case jsonout.Object:
		if len(path) == 0 {
			return nil
		}
		var out []any
		for _, f := range x {
			if f.Key == path[0] {
				out = append(out, valuesAt(f.Value, path[1:])...)
			}
		}
		return out
	case nil:
		return nil
	}
	if len(path) != 0 {
		return nil
	}
	return []any{v}
}
