package update

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseScript reads a script: a string (inline painless) or an object with
// source|inline or id|stored, lang, params and options (Script.parse).
func ParseScript(v *xcontent.Value) (*Script, *apierr.Error) {
	if v.Kind == xcontent.String {
		return &Script{Source: v.Str, Lang: "painless"}, nil
	}
	s := &Script{}
	typed := ""
	setType := func(t string) *apierr.Error {
		if typed != "" {
			return apierr.IllegalArgument("must only use one of [source, id] when specifying a script")
		}
		typed = t
		return nil
	}
	hasLang := false
	err := objparse.Parse("script", v, []objparse.Field{
		{Names: []string{"source", "inline"}, Kinds: objparse.Object | objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
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
		{Names: []string{"id", "stored"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			if e := setType("id"); e != nil {
				return e
			}
			s.ID = f.Str
			return nil
		}},
		{Names: []string{"lang"}, Kinds: objparse.String, Parse: func(f *xcontent.Value) *apierr.Error { s.Lang, hasLang = f.Str, true; return nil }},
		{Names: []string{"options"}, Kinds: objparse.Object, Parse: func(f *xcontent.Value) *apierr.Error {
			s.Options = map[string]string{}
			for _, m := range f.Members {
				if !m.Value.IsScalar() {
					return apierr.New(apierr.TypeParsing, "Expected a string value but found ["+m.Value.Token()+"]")
				}
				s.Options[m.Key] = m.Value.Text()
			}
			return nil
		}},
		{Names: []string{"params"}, Kinds: objparse.Object | objparse.Null, Parse: func(f *xcontent.Value) *apierr.Error {
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

// Body is a parsed _update body.
type Body struct {
	// Req is the update itself; DetectNoop defaults to true.
	Req Request
	// Source is the body's _source selection, nil when not given.
	Source *objparse.FetchSource
	// IfSeqNo and IfTerm are the body's optimistic-concurrency condition.
	IfSeqNo *int64
	IfTerm  *int64
	// DocAsUpsertSet marks a body that gave doc_as_upsert (it overrides the URL's).
	DocAsUpsertSet bool
}

// ParseBody reads an _update body (UpdateRequest.fromXContent).
func ParseBody(data []byte) (*Body, *apierr.Error) {
	v, perr := xcontent.Parse(data)
	if perr != nil {
		if xe, ok := perr.(*xcontent.Error); ok {
			return nil, apierr.FromXContent(xe)
		}
		return nil, apierr.New(apierr.TypeXContentParse, "Failed to parse request body: "+perr.Error()).
			WithCause(apierr.New(apierr.TypeJSONParse, perr.Error()))
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Expected [START_OBJECT] but found ["+v.Token()+"]")
	}
	u := &Body{Req: Request{DetectNoop: true}}
	boolField := func(name string, dst *bool) objparse.Field {
		return objparse.Field{Names: []string{name}, Kinds: objparse.Boolean, Parse: func(f *xcontent.Value) *apierr.Error {
			b, e := objparse.BoolValue(f)
			*dst = b
			return e
		}}
	}
	longField := func(name string, dst **int64) objparse.Field {
		return objparse.Field{Names: []string{name}, Kinds: objparse.Long, Parse: func(f *xcontent.Value) *apierr.Error {
			n, e := objparse.LongValue(f)
			*dst = &n
			return e
		}}
	}
	err := objparse.Parse("UpdateRequest", v, []objparse.Field{
		{Names: []string{"script"}, Kinds: objparse.Object | objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			s, e := ParseScript(f)
			u.Req.Script = s
			return e
		}},
		boolField("scripted_upsert", &u.Req.ScriptedUpsert),
		{Names: []string{"upsert"}, Kinds: objparse.Object, Parse: func(f *xcontent.Value) *apierr.Error { u.Req.Upsert = f.AppendJSON(nil); return nil }},
		{Names: []string{"doc"}, Kinds: objparse.Object, Parse: func(f *xcontent.Value) *apierr.Error { u.Req.Doc = f.AppendJSON(nil); return nil }},
		{Names: []string{"doc_as_upsert"}, Kinds: objparse.Boolean, Parse: func(f *xcontent.Value) *apierr.Error {
			b, e := objparse.BoolValue(f)
			u.Req.DocAsUpsert, u.DocAsUpsertSet = b, true
			return e
		}},
		boolField("detect_noop", &u.Req.DetectNoop),
		{Names: []string{"_source"}, Kinds: objparse.Object | objparse.Array | objparse.Bool | objparse.String, Parse: func(f *xcontent.Value) *apierr.Error {
			fs, e := objparse.ParseFetchSource(f)
			u.Source = fs
			return e
		}},
		longField("if_seq_no", &u.IfSeqNo),
		longField("if_primary_term", &u.IfTerm),
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}
