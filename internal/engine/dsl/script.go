package dsl

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Script is a script object as Script.parse reads it: a string (inline painless) or
// {"source"|"inline", "id"|"stored", "lang", "params", "options"}.
type Script struct {
	Source string // inline source; "" for a stored script
	ID     string // stored script id
	// Lang is "painless" when an inline script names none; "" for a stored script.
	Lang string
	// Params is the params object (nil when absent).
	Params  *xcontent.Value
	Options map[string]string
}

// scriptScoreFields are the keys the script_score query's parser declares.
var scriptScoreFields = []string{"query", "script", "min_score", "boost", "_name"}

// scriptFieldNames are the keys Script's ObjectParser declares.
var scriptFieldNames = []string{"source", "inline", "id", "stored", "lang", "options", "params"}

// ScriptQuery is the script query: documents for which a filter script returns true.
type ScriptQuery struct {
	Base
	Script Script
}

// Kind implements Query.
func (*ScriptQuery) Kind() string { return "script" }

// ScriptScore is the script_score query: the inner query's matches scored by a script.
type ScriptScore struct {
	Base
	Query    Query
	Script   Script
	MinScore *float32
}

// Kind implements Query.
func (*ScriptScore) Kind() string { return "script_score" }

// ParseScript is Script.parse over a read value (exported for script_fields, the
// function_score script_score function and _script sort).
func ParseScript(v *xcontent.Value) (*Script, *Error) {
	if v.Kind == xcontent.String {
		return &Script{Source: v.Str, Lang: "painless"}, nil
	}
	if v.Kind != xcontent.Object {
		return nil, xParse(v.Line, v.Col, "[script] Expected START_OBJECT but was: "+v.Token(), nil)
	}
	s := &Script{}
	typed, hasLang := "", false
	for i := range v.Members {
		m := &v.Members[i]
		f := &m.Value
		switch m.Key {
		case "source", "inline", "id", "stored":
			if typed != "" {
				return nil, xParse(f.Line, f.Col, "[script] failed to parse field ["+m.Key+"]",
					illegalArgument("must only use one of [source, id] when specifying a script"))
			}
			switch {
			case m.Key == "source" || m.Key == "inline":
				typed = "source"
				switch f.Kind {
				case xcontent.String:
					s.Source = f.Str
				case xcontent.Object:
					s.Source = string(f.AppendJSON(nil))
				default:
					return nil, xParse(f.Line, f.Col, "[script] source doesn't support values of type: "+f.Token(), nil)
				}
			default:
				typed = "id"
				if f.Kind != xcontent.String {
					return nil, xParse(f.Line, f.Col, "[script] id doesn't support values of type: "+f.Token(), nil)
				}
				s.ID = f.Str
			}
		case "lang":
			if f.Kind != xcontent.String {
				return nil, xParse(f.Line, f.Col, "[script] lang doesn't support values of type: "+f.Token(), nil)
			}
			s.Lang, hasLang = f.Str, true
		case "params":
			switch f.Kind {
			case xcontent.Object:
				s.Params = f
			case xcontent.Null:
			default:
				return nil, xParse(f.Line, f.Col, "[script] params doesn't support values of type: "+f.Token(), nil)
			}
		case "options":
			if f.Kind != xcontent.Object {
				return nil, xParse(f.Line, f.Col, "[script] options doesn't support values of type: "+f.Token(), nil)
			}
			s.Options = map[string]string{}
			for _, o := range f.Members {
				s.Options[o.Key] = o.Value.Text()
			}
		default:
			return nil, xParse(m.Line, m.Col, "[script] unknown field ["+m.Key+"]"+suggest(m.Key, scriptFieldNames), nil).At(f.Line, f.Col)
		}
	}
	switch typed {
	case "":
		return nil, illegalArgument("must specify either [source] for an inline script or [id] for a stored script")
	case "id":
		if hasLang {
			return nil, illegalArgument("illegal to specify [lang] for stored script")
		}
	default:
		if !hasLang {
			s.Lang = "painless"
		}
	}
	return s, nil
}

// parseScriptQuery is ScriptQueryBuilder.fromXContent.
func parseScriptQuery(obj *xcontent.Value) (Query, *Error) {
	q := &ScriptQuery{Base: newBase(obj)}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case m.Key == "script" && (v.Kind == xcontent.Object || v.Kind == xcontent.String):
			s, err := ParseScript(v)
			if err != nil {
				return nil, err
			}
			q.Script, found = *s, true
		case isValue(v) && m.Key == "_name":
			q.Name = v.Text()
		case isValue(v) && m.Key == "boost":
			if err := optFloat(&q.Boost, v); err != nil {
				return nil, err
			}
		case v.Kind == xcontent.Array:
			return nil, parsingAt(v, "[script] query does not support an array of scripts. Use a bool query with a clause per script instead.")
		default:
			return nil, unsupportedOption("script", m.Key, v)
		}
	}
	if !found {
		return nil, parsingAtEnd(obj, "script must be provided with a [script] filter")
	}
	return q, nil
}

// parseScriptScore is ScriptScoreQueryBuilder's ConstructingObjectParser.
func parseScriptScore(obj *xcontent.Value) (Query, *Error) {
	q := &ScriptScore{Base: newBase(obj)}
	hasScript := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch m.Key {
		case "query":
			if v.Kind != xcontent.Object {
				return nil, xParse(v.Line, v.Col, "[script_score] query doesn't support values of type: "+v.Token(), nil)
			}
			inner, err := parseInner(v)
			if err != nil {
				return nil, xParse(v.Line, v.Col, "[script_score] failed to parse field [query]", err)
			}
			q.Query = inner
		case "script":
			// declareObject: the short string form is not accepted here
			if v.Kind != xcontent.Object {
				return nil, xParse(v.Line, v.Col, "[script_score] script doesn't support values of type: "+v.Token(), nil)
			}
			s, err := ParseScript(v)
			if err != nil {
				return nil, xParse(v.Line, v.Col, "[script_score] failed to parse field [script]", err)
			}
			q.Script, hasScript = *s, true
		case "min_score":
			if v.Kind != xcontent.Number && v.Kind != xcontent.String {
				return nil, xParse(v.Line, v.Col, "[script_score] min_score doesn't support values of type: "+v.Token(), nil)
			}
			var f float32
			if err := optFloat(&f, v); err != nil {
				return nil, err
			}
			q.MinScore = &f
		case "boost":
			if v.Kind != xcontent.Number && v.Kind != xcontent.String {
				return nil, xParse(v.Line, v.Col, "[script_score] boost doesn't support values of type: "+v.Token(), nil)
			}
			if err := optFloat(&q.Boost, v); err != nil {
				return nil, err
			}
		case "_name":
			if v.Kind != xcontent.String {
				return nil, xParse(v.Line, v.Col, "[script_score] _name doesn't support values of type: "+v.Token(), nil)
			}
			q.Name = v.Str
		default:
			return nil, xParse(m.Line, m.Col, "[script_score] unknown field ["+m.Key+"]"+suggest(m.Key, scriptScoreFields), nil).At(v.Line, v.Col)
		}
	}
	var missing string
	switch {
	case q.Query == nil && !hasScript:
		missing = "query, script"
	case q.Query == nil:
		missing = "query"
	case !hasScript:
		missing = "script"
	}
	if missing != "" {
		// ConstructingObjectParser's finish: a plain IllegalArgumentException
		return nil, illegalArgument("Required [" + missing + "]")
	}
	return q, nil
}

// parseScriptScoreFunction is ScriptScoreFunctionBuilder.fromXContent: {"script": ...};
// the function keeps the raw object, compiled on the shard.
func parseScriptScoreFunction(obj *xcontent.Value, fn *ScoreFunction) *Error {
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		if m.Key != "script" {
			return parsingAt(&m.Value, "script_score query does not support ["+m.Key+"]")
		}
		if _, err := ParseScript(&m.Value); err != nil {
			return err
		}
		found = true
	}
	if !found {
		return parsingAtEnd(obj, "script_score requires 'script' field")
	}
	fn.ScriptScore = obj
	return nil
}
