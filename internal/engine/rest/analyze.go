package rest

import (
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// AnalyzeRoutes serves GET|POST /_analyze and /{index}/_analyze
// (RestAnalyzeAction).
func (b *Backend) AnalyzeRoutes() []Route {
	params := []string{"index"}
	return []Route{
		{Op: "indices.analyze", Method: "GET", Path: "/_analyze", Params: params, Body: true, Handler: b.analyze},
		{Op: "indices.analyze", Method: "POST", Path: "/_analyze", Params: params, Body: true, Handler: b.analyze},
		{Op: "indices.analyze", Method: "GET", Path: "/{index}/_analyze", Params: params, Body: true, Handler: b.analyze},
		{Op: "indices.analyze", Method: "POST", Path: "/{index}/_analyze", Params: params, Body: true, Handler: b.analyze},
	}
}

// analyze parses the body (AnalyzeAction.Request.fromXContent), validates it
// and renders the tokens.
func (b *Backend) analyze(r *Request) (*Response, error) {
	index := r.PathParam("index")
	if index == "" {
		index, _ = r.Param("index")
	}
	if len(strings.TrimSpace(string(r.Body))) == 0 {
		return nil, apierr.Parse("request body or source parameter is required")
	}
	req, attributes, err := parseAnalyze(r.Body)
	if err != nil {
		return nil, err
	}
	if e := validateAnalyze(req, index); e != nil {
		return nil, e
	}
	res, e := b.Indices.Analyze(index, req)
	if e != nil {
		return nil, e
	}
	list := make([]any, len(res.Tokens))
	for i, t := range res.Tokens {
		o := jsonout.Object{{Key: "token", Value: t.Token}, {Key: "start_offset", Value: t.StartOffset}, {Key: "end_offset", Value: t.EndOffset},
			{Key: "type", Value: t.Type}, {Key: "position", Value: t.Position}}
		if t.PositionLength > 1 {
			o = append(o, jsonout.Field{Key: "positionLength", Value: t.PositionLength})
		}
		if req.Explain {
			o = append(o, explainAttributes(t, res.Explained, attributes)...)
		}
		list[i] = o
	}
	if req.Explain {
		return OK(jsonout.Object{{Key: "detail", Value: jsonout.Object{{Key: "custom_analyzer", Value: false},
			{Key: "analyzer", Value: jsonout.Object{{Key: "name", Value: res.Explained}, {Key: "tokens", Value: list}}}}}}), nil
	}
	return OK(jsonout.Object{{Key: "tokens", Value: list}}), nil
}

// explainAttributes are the token attributes explain adds beyond the plain
// fields (extractExtendedAttributes: sorted by name, limited to the requested
// ones, case-insensitively, when any are): the term's UTF-8 bytes as
// BytesRef prints them, Lucene's KeywordAttribute where a filter of the
// analyzer adds it (english's Porter stemmer), position length and term
// frequency.
func explainAttributes(t analysis.AnalyzedToken, analyzer string, want []string) jsonout.Object {
	var bytes strings.Builder
	bytes.WriteByte('[')
	for i := 0; i < len(t.Token); i++ {
		if i > 0 {
			bytes.WriteByte(' ')
		}
		bytes.WriteString(strconv.FormatUint(uint64(t.Token[i]), 16))
	}
	bytes.WriteByte(']')
	all := jsonout.Object{{Key: "bytes", Value: bytes.String()}}
	if analyzer == "english" {
		all = append(all, jsonout.Field{Key: "keyword", Value: false})
	}
	all = append(all, jsonout.Field{Key: "positionLength", Value: t.PositionLength}, jsonout.Field{Key: "termFrequency", Value: 1})
	if len(want) == 0 {
		return all
	}
	var out jsonout.Object
	for _, f := range all {
		for _, w := range want {
			if strings.EqualFold(w, f.Key) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// validateAnalyze is AnalyzeAction.Request.validate.
func validateAnalyze(req indices.AnalyzeRequest, index string) *apierr.Error {
	var msgs []string
	extra := req.Tokenizer != nil || len(req.CharFilters) > 0 || len(req.Filters) > 0
	if len(req.Texts) == 0 {
		msgs = append(msgs, "text is missing")
	}
	if index == "" && req.Normalizer != "" {
		msgs = append(msgs, "index is required if normalizer is specified")
	}
	if req.Normalizer != "" && (req.Tokenizer != nil || req.Analyzer != "") {
		msgs = append(msgs, "tokenizer/analyze should be null if normalizer is specified")
	}
	if req.Analyzer != "" && extra {
		msgs = append(msgs, "cannot define extra components on a named analyzer")
	}
	if req.Normalizer != "" && extra {
		msgs = append(msgs, "cannot define extra components on a named normalizer")
	}
	if req.Field != "" && extra {
		msgs = append(msgs, "cannot define extra components on a field-specific analyzer")
	}
	if len(msgs) > 0 {
		return apierr.Validation(msgs...)
	}
	return nil
}

// parseAnalyze reads the body with the analyze_request ObjectParser.
// It returns the explain attributes apart.
func parseAnalyze(body []byte) (indices.AnalyzeRequest, []string, error) {
	var req indices.AnalyzeRequest
	v, perr := xcontent.Parse(body)
	if perr != nil {
		return req, nil, searchreq.APIError(perr)
	}
	if v.Kind != xcontent.Object {
		return req, nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
	}
	str := func(dst *string) func(*xcontent.Value) *apierr.Error {
		return func(f *xcontent.Value) *apierr.Error { *dst = f.Text(); return nil }
	}
	strArray := func(dst *[]string) func(*xcontent.Value) *apierr.Error {
		return func(f *xcontent.Value) *apierr.Error {
			*dst = []string{}
			if f.Kind != xcontent.Array {
				*dst = append(*dst, f.Text())
				return nil
			}
			for i := range f.Items {
				it := &f.Items[i]
				if !it.IsScalar() || it.Kind == xcontent.Null {
					return apierr.New(apierr.TypeIllegalState, "expected value but got ["+it.Token()+"]")
				}
				*dst = append(*dst, it.Text())
			}
			return nil
		}
	}
	components := func(dst *[]analysis.Component) func(*xcontent.Value) *apierr.Error {
		return func(f *xcontent.Value) *apierr.Error {
			items := []xcontent.Value{*f}
			if f.Kind == xcontent.Array {
				items = f.Items
			}
			for i := range items {
				c, e := nameOrDefinition(&items[i])
				if e != nil {
					return e
				}
				*dst = append(*dst, c)
			}
			return nil
		}
	}
	var attributes []string
	e := objparse.Parse("analyze_request", v, []objparse.Field{
		{Names: []string{"text"}, Kinds: objparse.Array | objparse.String | objparse.Number | objparse.Bool, Parse: strArray(&req.Texts)},
		{Names: []string{"analyzer"}, Kinds: objparse.String | objparse.Number | objparse.Bool, Parse: str(&req.Analyzer)},
		{Names: []string{"tokenizer"}, Kinds: objparse.Object | objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			c, e := nameOrDefinition(f)
			req.Tokenizer = &c
			return e
		}},
		{Names: []string{"filter"}, Kinds: objparse.Object | objparse.Array, Parse: components(&req.Filters)},
		{Names: []string{"char_filter"}, Kinds: objparse.Object | objparse.Array, Parse: components(&req.CharFilters)},
		{Names: []string{"field"}, Kinds: objparse.String | objparse.Number | objparse.Bool, Parse: str(&req.Field)},
		{Names: []string{"explain"}, Kinds: objparse.Boolean, Parse: func(f *xcontent.Value) *apierr.Error {
			var e *apierr.Error
			req.Explain, e = objparse.BoolValue(f)
			return e
		}},
		{Names: []string{"attributes"}, Kinds: objparse.Array | objparse.String | objparse.Number | objparse.Bool, Parse: strArray(&attributes)},
		{Names: []string{"normalizer"}, Kinds: objparse.String | objparse.Number | objparse.Bool, Parse: str(&req.Normalizer)},
	})
	if e != nil {
		return req, nil, e
	}
	return req, attributes, nil
}

// nameOrDefinition is NameOrDefinition.fromXContent: a name, or an inline
// definition flattened into settings.
func nameOrDefinition(v *xcontent.Value) (analysis.Component, *apierr.Error) {
	switch v.Kind {
	case xcontent.String:
		return analysis.Component{Name: v.Str}, nil
	case xcontent.Object:
		def := map[string][]string{}
		printed := map[string]string{}
		flattenSettings(def, printed, "", v)
		return analysis.Component{Def: def, Printed: printSettings(printed)}, nil
	}
	e := apierr.New(apierr.TypeParsing, "Expected [VALUE_STRING] or [START_OBJECT], got "+v.Token())
	e.Meta = []apierr.Meta{{Key: "line", Value: v.Line}, {Key: "col", Value: v.Col}}
	return analysis.Component{}, e
}

// flattenSettings loads an object as Settings.Builder.loadFromMap does:
// nested keys joined with dots, arrays as lists.
// printed gets each key's value as JSON, a list staying a list.
func flattenSettings(dst map[string][]string, printed map[string]string, prefix string, v *xcontent.Value) {
	key := strings.TrimSuffix(prefix, ".")
	switch v.Kind {
	case xcontent.Object:
		for i := range v.Members {
			m := &v.Members[i]
			flattenSettings(dst, printed, prefix+m.Key+".", &m.Value)
		}
	case xcontent.Array:
		list := []string{}
		quoted := make([]string, 0, len(v.Items))
		for i := range v.Items {
			list = append(list, v.Items[i].Text())
			quoted = append(quoted, strconv.Quote(v.Items[i].Text()))
		}
		dst[key] = list
		printed[key] = "[" + strings.Join(quoted, ",") + "]"
	case xcontent.Null:
		dst[key] = nil
		printed[key] = "null"
	default:
		dst[key] = []string{v.Text()}
		printed[key] = strconv.Quote(v.Text())
	}
}

// printSettings renders flat settings as Settings.toString does: JSON with
// sorted flat keys.
func printSettings(printed map[string]string) string {
	keys := make([]string, 0, len(printed))
	for k := range printed {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Quote(k) + ":" + printed[k])
	}
	sb.WriteByte('}')
	return sb.String()
}
