package ingest

import (
	"encoding/json"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// Simulate runs the documents of a _simulate body (its "docs": a list of
// {_index, _id, _routing, _version, _version_type, _source} maps) through p
// without indexing them (SimulateExecutionService). Each entry of the
// result is the document as the pipeline left it ({"doc": ...}), its
// failure ({"error": ...}), nil for a dropped document or, verbose, the
// result of each processor.
func (s *Service) Simulate(p *Pipeline, body *painless.Map, verbose bool) ([]any, *apierr.Error) {
	dv, ok := body.Get("docs")
	docs, isList := dv.(*painless.List)
	if !ok || !isList {
		return nil, &apierr.Error{Status: 400, Type: apierr.TypeParse, Reason: "[docs] required property is missing", Meta: []apierr.Meta{{Key: "property_name", Value: "docs"}}}
	}
	if len(docs.Items) == 0 {
		return nil, &apierr.Error{Status: 400, Type: apierr.TypeParse, Reason: "[docs] must specify at least one document in [docs]", Meta: []apierr.Meta{{Key: "property_name", Value: "docs"}}}
	}
	out := make([]any, 0, len(docs.Items))
	for _, it := range docs.Items {
		doc, derr := simulatedDoc(it, s.Timestamp())
		if derr != nil {
			return nil, derr
		}
		if verbose {
			steps, fatal := s.RunVerbose(p, doc)
			if fatal != nil {
				return nil, fatal
			}
			out = append(out, verboseResult(steps))
			continue
		}
		if rerr := s.RunOne(p, doc); rerr != nil {
			out = append(out, jsonout.Object{{Key: "error", Value: rerr.Object(false)}})
			continue
		}
		if doc.Dropped {
			out = append(out, nil)
			continue
		}
		rendered, rerr := doc.AppendSimulated(nil)
		if rerr != nil {
			out = append(out, jsonout.Object{{Key: "error", Value: rerr.Object(false)}})
			continue
		}
		out = append(out, jsonout.Object{{Key: "doc", Value: json.RawMessage(rendered)}})
	}
	return out, nil
}

// simulatedDoc reads one docs entry: _index (default "_index"), _id (default "_id"),
// _routing, _version, _version_type and the required _source.
func simulatedDoc(v any, ts string) (*Document, *apierr.Error) {
	m, ok := v.(*painless.Map)
	if !ok {
		return nil, apierr.Parse("[docs] property isn't a list of maps")
	}
	str := func(k, def string) string {
		if x, ok := m.Get(k); ok && x != nil {
			return painless.ToJavaString(x)
		}
		return def
	}
	src, ok := m.Get("_source")
	sm, isMap := src.(*painless.Map)
	if !ok || !isMap {
		return nil, &apierr.Error{Status: 400, Type: apierr.TypeParse, Reason: "[_source] required property is missing", Meta: []apierr.Meta{{Key: "property_name", Value: "_source"}}}
	}
	raw, err := painless.EncodeJSON(sm)
	if err != nil {
		return nil, apierr.Parse("%s", err.Error())
	}
	meta := Meta{Index: str("_index", "_index"), ID: str("_id", "_id"), HasID: true, Routing: str("_routing", ""), NoVersion: true}
	doc, derr := NewDocument(raw, meta, ts)
	if derr != nil {
		return nil, derr
	}
	// SimulatePipelineRequest.parseDocs takes the numeric metadata only as
	// an Integer or a Long.
	intOrLong := func(k string) (any, bool, *apierr.Error) {
		x, ok := m.Get(k)
		if !ok {
			return nil, false, nil
		}
		switch x.(type) {
		case int32, int64:
			return x, true, nil
		}
		return nil, false, apierr.IllegalArgument("Failed to parse parameter [%s], only int or long is accepted", k)
	}
	if x, ok, err := intOrLong("_version"); err != nil {
		return nil, err
	} else if ok {
		doc.Ctx.Set("_version", x)
	}
	if x, ok := m.Get("_version_type"); ok && x != nil {
		doc.Ctx.Set("_version_type", x)
	}
	for _, k := range []string{"_if_seq_no", "_if_primary_term"} {
		if x, ok, err := intOrLong(k); err != nil {
			return nil, err
		} else if ok {
			doc.Ctx.Set(k, x)
		}
	}
	return doc, nil
}

// verboseResult is one document of a verbose simulation
// (SimulateDocumentVerboseResult): the steps of its processors.
func verboseResult(steps []Step) jsonout.Object {
	results := make([]any, len(steps))
	for i := range steps {
		results[i] = steps[i].Object()
	}
	return jsonout.Object{{Key: "processor_results", Value: results}}
}
