package rest

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// This file reads request bodies the way OpenSearch's ObjectParser does for
// the update, reindex and by-query APIs: unknown fields and wrong value types
// are x_content_parse_exception "[L:C] [<parser>] ..." errors.

// Value kinds an objField accepts.
const (
	kObject  = 1 << xcontent.Object
	kArray   = 1 << xcontent.Array
	kString  = 1 << xcontent.String
	kNumber  = 1 << xcontent.Number
	kBool    = 1 << xcontent.Bool
	kNull    = 1 << xcontent.Null
	kBoolean = kBool | kString   // ValueType.BOOLEAN
	kLong    = kNumber | kString // ValueType.LONG / INT
)

// objField is one declared field of an object parser.
type objField struct {
	names []string // preferred name first, then deprecated ones
	kinds int
	parse func(v *xcontent.Value) *apierr.Error
}

// xParseErr is an x_content_parse_exception with the "[L:C] " prefix.
func xParseErr(line, col int, msg string, cause *apierr.Error) *apierr.Error {
	e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(line, col)+" "+msg)
	e.Cause = cause
	return e
}

// parseObject runs an ObjectParser named parser over obj.
func parseObject(parser string, obj *xcontent.Value, fields []objField) *apierr.Error {
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var f *objField
		for j := range fields {
			for _, n := range fields[j].names {
				if n == m.Key {
					f = &fields[j]
				}
			}
		}
		if f == nil {
			var names []string
			for _, fd := range fields {
				names = append(names, fd.names...)
			}
			return xParseErr(m.Line, m.Col, "["+parser+"] unknown field ["+m.Key+"]"+Suggest(m.Key, names, " "), nil)
		}
		if f.kinds&(1<<v.Kind) == 0 {
			return xParseErr(v.Line, v.Col, "["+parser+"] "+m.Key+" doesn't support values of type: "+v.Token(), nil)
		}
		if err := f.parse(v); err != nil {
			line, col := failLocation(err, v)
			return xParseErr(line, col, "["+parser+"] failed to parse field ["+m.Key+"]", err)
		}
	}
	return nil
}

// failLocation is where the parser stood when err was raised: where a nested
// parser failed (its "[L:C]"), else on the value's last token.
func failLocation(err *apierr.Error, v *xcontent.Value) (int, int) {
	if err.Type == apierr.TypeXContentParse && strings.HasPrefix(err.Reason, "[") {
		if end := strings.IndexByte(err.Reason, ']'); end > 0 {
			if l, c, ok := strings.Cut(err.Reason[1:end], ":"); ok {
				line, e1 := strconv.Atoi(l)
				col, e2 := strconv.Atoi(c)
				if e1 == nil && e2 == nil {
					return line, col
				}
			}
		}
	}
	if v.IsScalar() {
		return v.Line, v.Col
	}
	return v.EndLine, v.EndCol
}

// boolValue is XContentParser.booleanValue: true/false or their strings.
func boolValue(v *xcontent.Value) (bool, *apierr.Error) {
	if v.Kind == xcontent.Bool {
		return v.Bool, nil
	}
	switch v.Str {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", v.Str)
}

// longValue is XContentParser.longValue (numbers, or strings holding one).
func longValue(v *xcontent.Value) (int64, *apierr.Error) {
	if n, ok := v.Int64(); ok {
		return n, nil
	}
	if v.Kind == xcontent.Number {
		if f, ok := v.Float64(); ok && f == float64(int64(f)) {
			return int64(f), nil
		}
	}
	n, err := strconv.ParseInt(v.Str, 10, 64)
	if err != nil {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+v.Text()+"\"")
	}
	return n, nil
}

// parseScript reads a script: a string (inline painless) or an object with
// source|inline or id|stored, lang, params and options (Script.parse).
func parseScript(v *xcontent.Value) (*upd.Script, *apierr.Error) {
	if v.Kind == xcontent.String {
		return &upd.Script{Source: v.Str, Lang: "painless"}, nil
	}
	s := &upd.Script{}
	typed := ""
	setType := func(t string) *apierr.Error {
		if typed != "" {
			return apierr.IllegalArgument("must only use one of [source, id] when specifying a script")
		}
		typed = t
		return nil
	}
	hasLang := false
	err := parseObject("script", v, []objField{
		{names: []string{"source", "inline"}, kinds: kObject | kString, parse: func(f *xcontent.Value) *apierr.Error {
			if e := setType("source"); e != nil {
				return e
			}
			if f.Kind == xcontent.Object {
				s.Source = string(f.AppendJSON(nil))
			} else {
				s.Source = f.Str
			}
			return nil
		}},
		{names: []string{"id", "stored"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error {
			if e := setType("id"); e != nil {
				return e
			}
			s.ID = f.Str
			return nil
		}},
		{names: []string{"lang"}, kinds: kString, parse: func(f *xcontent.Value) *apierr.Error { s.Lang, hasLang = f.Str, true; return nil }},
		{names: []string{"options"}, kinds: kObject, parse: func(f *xcontent.Value) *apierr.Error {
			s.Options = map[string]string{}
			for _, m := range f.Members {
				if !m.Value.IsScalar() {
					return apierr.New(apierr.TypeParsing, "Expected a string value but found ["+m.Value.Token()+"]")
				}
				s.Options[m.Key] = m.Value.Text()
			}
			return nil
		}},
		{names: []string{"params"}, kinds: kObject | kNull, parse: func(f *xcontent.Value) *apierr.Error {
			if f.Kind == xcontent.Object {
				s.Params = f.AppendJSON(nil)
			}
			return nil
		}},
	})
	if err != nil {
		return nil, err
	}
	switch typed {
	case "":
		return nil, apierr.IllegalArgument("must specify either [source] for an inline script or [id] for a stored script")
	case "id":
		if hasLang {
			return nil, apierr.IllegalArgument("illegal to specify [lang] for stored script")
		}
	default:
		if !hasLang {
			s.Lang = "painless"
		}
	}
	return s, nil
}

// fetchSource is a _source selection (FetchSourceContext): nil means not requested.
type fetchSource struct {
	fetch    bool
	includes []string
	excludes []string
}

// parseFetchSource reads a body _source: a boolean, a string, an array of
// strings or {"includes"|"include": ..., "excludes"|"exclude": ...}.
func parseFetchSource(v *xcontent.Value) (*fetchSource, *apierr.Error) {
	strs := func(f *xcontent.Value) ([]string, *apierr.Error) {
		if f.Kind == xcontent.String {
			return []string{f.Str}, nil
		}
		if f.Kind != xcontent.Array {
			return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+f.Token()+" in [_source].")
		}
		var out []string
		for i := range f.Items {
			if f.Items[i].Kind != xcontent.String {
				return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+f.Items[i].Token()+" in [_source].")
			}
			out = append(out, f.Items[i].Str)
		}
		return out, nil
	}
	switch v.Kind {
	case xcontent.Bool:
		return &fetchSource{fetch: v.Bool}, nil
	case xcontent.String, xcontent.Array:
		inc, err := strs(v)
		if err != nil {
			return nil, err
		}
		return &fetchSource{fetch: true, includes: inc}, nil
	case xcontent.Object:
		fs := &fetchSource{fetch: true}
		for i := range v.Members {
			m := &v.Members[i]
			list, err := strs(&m.Value)
			if err != nil {
				return nil, err
			}
			switch m.Key {
			case "includes", "include":
				fs.includes = list
			case "excludes", "exclude":
				fs.excludes = list
			default:
				return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+m.Value.Token()+" in ["+m.Key+"].")
			}
		}
		return fs, nil
	}
	return nil, apierr.New(apierr.TypeParsing, "Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found ["+v.Token()+"]")
}

// fetchSourceFromParams reads _source, _source_includes and _source_excludes
// (FetchSourceContext.parseFromRestRequest); nil when none is given.
func fetchSourceFromParams(r *Request) (*fetchSource, error) {
	var fs *fetchSource
	if v, ok := r.Param("_source"); ok {
		fs = &fetchSource{fetch: true}
		switch v {
		case "false", "0", "off", "no":
			fs.fetch = false
		case "true", "1", "on", "yes", "":
		default:
			fs.includes = r.List("_source")
		}
	}
	if inc := r.List("_source_includes"); inc != nil {
		if fs == nil {
			fs = &fetchSource{fetch: true}
		}
		fs.includes = inc
	}
	if exc := r.List("_source_excludes"); exc != nil {
		if fs == nil {
			fs = &fetchSource{fetch: true}
		}
		fs.excludes = exc
	}
	return fs, nil
}

// updateBody is a parsed _update body.
type updateBody struct {
	req     upd.Request
	source  *fetchSource
	ifSeqNo *int64
	ifTerm  *int64
	// docAsUpsertSet marks a body that gave doc_as_upsert (it overrides the URL's).
	docAsUpsertSet bool
}

// parseUpdateBody reads an _update body (UpdateRequest.fromXContent).
func parseUpdateBody(data []byte) (*updateBody, *apierr.Error) {
	v, perr := xcontent.Parse(data)
	if perr != nil {
		if xe, ok := perr.(*xcontent.Error); ok {
			return nil, xToAPI(xe)
		}
		return nil, BodyParseError(perr)
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
	}
	u := &updateBody{req: upd.Request{DetectNoop: true}}
	boolField := func(name string, dst *bool) objField {
		return objField{names: []string{name}, kinds: kBoolean, parse: func(f *xcontent.Value) *apierr.Error {
			b, e := boolValue(f)
			*dst = b
			return e
		}}
	}
	longField := func(name string, dst **int64) objField {
		return objField{names: []string{name}, kinds: kLong, parse: func(f *xcontent.Value) *apierr.Error {
			n, e := longValue(f)
			*dst = &n
			return e
		}}
	}
	err := parseObject("UpdateRequest", v, []objField{
		{names: []string{"script"}, kinds: kObject | kString, parse: func(f *xcontent.Value) *apierr.Error {
			s, e := parseScript(f)
			u.req.Script = s
			return e
		}},
		boolField("scripted_upsert", &u.req.ScriptedUpsert),
		{names: []string{"upsert"}, kinds: kObject, parse: func(f *xcontent.Value) *apierr.Error { u.req.Upsert = f.AppendJSON(nil); return nil }},
		{names: []string{"doc"}, kinds: kObject, parse: func(f *xcontent.Value) *apierr.Error { u.req.Doc = f.AppendJSON(nil); return nil }},
		{names: []string{"doc_as_upsert"}, kinds: kBoolean, parse: func(f *xcontent.Value) *apierr.Error {
			b, e := boolValue(f)
			u.req.DocAsUpsert, u.docAsUpsertSet = b, true
			return e
		}},
		boolField("detect_noop", &u.req.DetectNoop),
		{names: []string{"_source"}, kinds: kObject | kArray | kBool | kString, parse: func(f *xcontent.Value) *apierr.Error {
			fs, e := parseFetchSource(f)
			u.source = fs
			return e
		}},
		longField("if_seq_no", &u.ifSeqNo),
		longField("if_primary_term", &u.ifTerm),
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}
