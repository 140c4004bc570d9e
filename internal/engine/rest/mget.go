package rest

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// mget is GET|POST [/{index}]/_mget: {"docs":[...]} or {"ids":[...]}.
func (b *Backend) mget(r *Request) (*Response, error) {
	base, err := getOptionsFromParams(r)
	if err != nil {
		return nil, err
	}
	body, err := r.JSONBody()
	if err != nil {
		return nil, err
	}
	obj, _ := body.(jsonout.Object)
	defIndex := r.PathParam("index")
	// An item's stored_fields decide about _source only where neither the
	// item nor the URL asks for it (MultiGetRequest's default fetch source).
	urlSource := hasParam(r, "_source") || hasParam(r, "_source_includes") || hasParam(r, "_source_excludes")
	type item struct {
		index, id string
		o         getOptions
	}
	var items []item
	for _, f := range obj {
		switch f.Key {
		case "docs":
			docs, ok := f.Value.([]any)
			if !ok {
				return nil, apierr.Parse("docs array element should include an object")
			}
			for _, d := range docs {
				do, ok := d.(jsonout.Object)
				if !ok {
					return nil, apierr.Parse("docs array element should include an object")
				}
				it := item{index: defIndex, o: base}
				itemSource := false
				for _, df := range do {
					switch df.Key {
					case "_index":
						it.index = scalarString(df.Value)
					case "_id":
						it.id = scalarString(df.Value)
					// 2.x knows only the plain names: _routing, _version and
					// _version_type are unknown fields.
					case "routing":
						it.o.routing = scalarString(df.Value)
					case "version":
						n, perr := strconv.ParseInt(scalarString(df.Value), 10, 64)
						if perr != nil {
							return nil, apierr.Parse("failed to parse multi get request. unknown field [%s]", df.Key)
						}
						it.o.version = n
					case "version_type":
						if _, verr := write.ParseVersionType(scalarString(df.Value)); verr != nil {
							return nil, verr
						}
					case "_source":
						it.o.filter = sourceFilterFromBody(df.Value)
						itemSource = true
					case "stored_fields":
						it.o.storedFields = stringList(df.Value)
						if !itemSource && !urlSource {
							it.o.filter.Disabled = !slices.Contains(it.o.storedFields, "_source")
						}
					default:
						return nil, apierr.Parse("failed to parse multi get request. unknown field [%s]", df.Key)
					}
				}
				items = append(items, it)
			}
		case "ids":
			ids, ok := f.Value.([]any)
			if !ok {
				return nil, apierr.IllegalArgument("ids must be an array of strings")
			}
			for _, id := range ids {
				items = append(items, item{index: defIndex, id: scalarString(id), o: base})
			}
		default:
			return nil, apierr.Parse("unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", f.Key, tokenName(f.Value))
		}
	}
	var msgs []string
	if len(items) == 0 {
		msgs = append(msgs, "no documents to get")
	}
	for i, it := range items {
		if it.index == "" {
			msgs = append(msgs, "index is missing for doc "+strconv.Itoa(i))
		}
		if it.id == "" {
			msgs = append(msgs, "id is missing for doc "+strconv.Itoa(i))
		}
	}
	if msgs != nil {
		return nil, apierr.Validation(msgs...)
	}
	docs := make([]any, 0, len(items))
	for _, it := range items {
		res, _, e := b.getOne(it.index, it.id, it.o)
		if e != nil {
			docs = append(docs, jsonout.Object{{Key: "_index", Value: it.index}, {Key: "_id", Value: it.id}, {Key: "error", Value: e.Object(false)}})
			continue
		}
		docs = append(docs, res)
	}
	return OK(jsonout.Object{{Key: "docs", Value: docs}}), nil
}

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

func stringList(v any) []string {
	switch x := v.(type) {
	case string:
		return strings.Split(x, ",")
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			out = append(out, scalarString(e))
		}
		return out
	}
	return nil
}

// sourceFilterFromBody reads the body form of _source: a bool, a field or
// list of fields, or {"includes":[...],"excludes":[...]}.
func sourceFilterFromBody(v any) search.SourceFilter {
	switch x := v.(type) {
	case bool:
		return search.SourceFilter{Disabled: !x}
	case string, []any:
		return search.SourceFilter{Includes: stringList(x)}
	case jsonout.Object:
		var f search.SourceFilter
		for _, k := range x {
			switch k.Key {
			case "includes", "include":
				f.Includes = stringList(k.Value)
			case "excludes", "exclude":
				f.Excludes = stringList(k.Value)
			}
		}
		return f
	}
	return search.SourceFilter{}
}
