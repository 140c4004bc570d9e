package rest

import (
	"net/http"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// getOptions are the parameters of one document read.
type getOptions struct {
	routing      string
	realtime     bool
	refresh      bool
	version      int64 // -3 when not checked
	filter       search.SourceFilter
	storedFields []string
}

// getOptionsFromParams reads the URL parameters shared by GET and _mget.
func getOptionsFromParams(r *Request) (getOptions, error) {
	o := getOptions{routing: r.Params["routing"]}
	var err error
	if o.realtime, err = r.Bool("realtime", true); err != nil {
		return o, err
	}
	if o.refresh, err = r.Bool("refresh", false); err != nil {
		return o, err
	}
	if _, err = write.ParseVersionType(r.Params["version_type"]); err != nil {
		return o, err
	}
	if o.version, err = r.Int("version", -3); err != nil {
		return o, err
	}
	o.storedFields = r.List("stored_fields")
	if o.filter, err = searchreq.SourceParams(r.Params); err != nil {
		return o, err
	}
	if hasParam(r, "stored_fields") && !hasParam(r, "_source") && !hasParam(r, "_source_includes") && !hasParam(r, "_source_excludes") {
		// ShardGetService.normalizeFetchSourceContent: stored fields without
		// a _source request leave the source out unless they name _source.
		o.filter.Disabled = !slices.Contains(o.storedFields, "_source")
	}
	return o, nil
}

// getDoc is GET and HEAD /{index}/_doc/{id}.
func (b *Backend) getDoc(r *Request) (*Response, error) {
	o, err := getOptionsFromParams(r)
	if err != nil {
		return nil, err
	}
	body, found, e := b.getOne(r.PathParam("index"), r.PathParam("id"), o)
	if e != nil {
		return nil, e
	}
	status := http.StatusOK
	if !found {
		status = http.StatusNotFound
	}
	return &Response{Status: status, Body: body}, nil
}

// getOne reads one document as GetResult prints it: _index, _id, _version,
// _seq_no, _primary_term, [_routing], found, [_source], [fields].
func (b *Backend) getOne(name, id string, o getOptions) (jsonout.Object, bool, *apierr.Error) {
	got, e := b.Indices.GetDocument(name, id, indices.GetOptions{Routing: o.routing, Realtime: o.realtime, Refresh: o.refresh, Version: o.version}, b.Clock.Now())
	if e != nil {
		return nil, false, e
	}
	x, doc := got.Index, got.Doc
	if !got.Found {
		return jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: id}, {Key: "found", Value: false}}, false, nil
	}
	out := jsonout.Object{{Key: "_index", Value: x.Name}, {Key: "_id", Value: id}, {Key: "_version", Value: doc.Version},
		{Key: "_seq_no", Value: doc.SeqNo}, {Key: "_primary_term", Value: doc.PrimaryTerm}}
	if doc.Routing != "" {
		out = append(out, jsonout.Field{Key: "_routing", Value: doc.Routing})
	}
	out = append(out, jsonout.Field{Key: "found", Value: true})
	if m := x.Mapping(); m != nil && m.SourceEnabled != nil && !*m.SourceEnabled {
		// _source: {enabled: false} keeps no source to return.
	} else if src, keep, err := o.filter.Apply(doc.Source); err != nil {
		return nil, false, apierr.Internal("stored source is not JSON: " + err.Error())
	} else if keep {
		out = append(out, jsonout.Field{Key: "_source", Value: src})
	}
	if fields := indices.StoredValues(x, doc.Source, o.storedFields); len(fields) > 0 {
		out = append(out, jsonout.Field{Key: "fields", Value: fields})
	}
	return out, true, nil
}
