package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// getSource is GET and HEAD /{index}/_source/{id}: the document source alone.
func (b *Backend) getSource(r *Request) (*Response, error) {
	o, err := getOptionsFromParams(r)
	if err != nil {
		return nil, err
	}
	if o.filter.Disabled {
		o.filter.Disabled = false // _source=false cannot hide the body of this API
	}
	index, id := r.PathParam("index"), r.PathParam("id")
	body, found, e := b.getOne(index, id, o)
	if e != nil {
		return nil, e
	}
	if !found {
		return nil, apierr.New(apierr.TypeResourceNotFound, "Document not found ["+index+"]/["+id+"]")
	}
	src, ok := body.Get("_source")
	if !ok {
		return nil, apierr.New(apierr.TypeResourceNotFound, "Source not found ["+index+"]/["+id+"]")
	}
	return OK(src), nil
}
