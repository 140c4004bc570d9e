package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/objparse"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// ParseScriptFields reads the body's script_fields:
// {"name": {"script": ..., "ignore_failure": false}, ...} (SearchSourceBuilder.ScriptField).
func ParseScriptFields(v *xcontent.Value) ([]ScriptField, error) {
	at := func(x *xcontent.Value, reason string) *apierr.Error {
		return apierr.New(apierr.TypeParsing, reason, apierr.Meta{Key: "line", Value: x.Line}, apierr.Meta{Key: "col", Value: x.Col})
	}
	if v.Kind != xcontent.Object {
		return nil, at(v, "Expected START_OBJECT in [script_fields] but found ["+v.Token()+"]")
	}
	out := make([]ScriptField, 0, len(v.Members))
	for i := range v.Members {
		m := &v.Members[i]
		if m.Value.Kind != xcontent.Object {
			return nil, at(&m.Value, "Expected [START_OBJECT] in ["+m.Key+"] but found ["+m.Value.Token()+"]")
		}
		f := ScriptField{Name: m.Key}
		for j := range m.Value.Members {
			o := &m.Value.Members[j]
			switch {
			case o.Key == "script" && (o.Value.Kind == xcontent.Object || o.Value.IsScalar()):
				s, err := dsl.ParseScript(&o.Value)
				if err != nil {
					return nil, xerr(err)
				}
				f.Script = s
			case o.Key == "ignore_failure" && o.Value.IsScalar():
				b, err := objparse.BoolValue(&o.Value)
				if err != nil {
					return nil, err
				}
				f.IgnoreFailure = b
			default:
				return nil, at(&o.Value, "Unknown key for a "+o.Value.Token()+" in ["+o.Key+"].")
			}
		}
		if f.Script == nil {
			// OpenSearch accepts this and then fails every shard with a NullPointerException
			return nil, apierr.IllegalArgument("[fake] script_fields [%s] has no [script]", m.Key)
		}
		out = append(out, f)
	}
	return out, nil
}

// ParseScriptSort reads {"_script": {"type": "number"|"string", "script": ..., "order": ...,
// "mode": ...}} with ScriptSortBuilder's ConstructingObjectParser: a field that fails is
// "[_script] failed to parse field [f]", a missing script or type a plain
// IllegalArgumentException.
func ParseScriptSort(v *xcontent.Value) (Sort, error) {
	s := Sort{Kind: SortScript}
	if v.Kind != xcontent.Object {
		return s, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [_script] Expected START_OBJECT but was: "+v.Token())
	}
	fieldErr := func(m *xcontent.Member, cause *apierr.Error) error {
		return apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Value.Line, m.Value.Col)+" [_script] failed to parse field ["+m.Key+"]").WithCause(cause)
	}
	str := func(m *xcontent.Member) (string, error) {
		if m.Value.Kind != xcontent.String {
			return "", apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Value.Line, m.Value.Col)+" [_script] "+m.Key+" doesn't support values of type: "+m.Value.Token())
		}
		return m.Value.Str, nil
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "script":
			ds, err := dsl.ParseScript(&m.Value)
			if err != nil {
				return s, fieldErr(m, xerr(err).(*apierr.Error))
			}
			s.Script = ds
		case "type", "order", "mode":
			val, err := str(m)
			if err != nil {
				return s, err
			}
			switch m.Key {
			case "type":
				switch t := strings.ToLower(val); t {
				case "number", "string":
					s.ScriptType = t
				default:
					return s, fieldErr(m, apierr.IllegalArgument("Unknown ScriptSortType [%s]", val))
				}
			case "order":
				if err := s.SetOrder(val); err != nil {
					return s, fieldErr(m, err.(*apierr.Error))
				}
			default:
				switch mode := strings.ToLower(val); mode {
				case "min", "max", "sum", "avg", "median":
					s.Mode = mode
				default:
					return s, fieldErr(m, apierr.IllegalArgument("Unknown SortMode [%s]", val))
				}
			}
		case "nested", "nested_path", "nested_filter":
			return s, apierr.Unsupported("nested sorts")
		default:
			return s, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [_script] unknown field ["+m.Key+"]")
		}
	}
	var missing []string
	if s.Script == nil {
		missing = append(missing, "script")
	}
	if s.ScriptType == "" {
		missing = append(missing, "type")
	}
	if len(missing) > 0 {
		return s, apierr.IllegalArgument("Required [%s]", strings.Join(missing, ", "))
	}
	if s.ScriptType == "string" && (s.Mode == "sum" || s.Mode == "avg" || s.Mode == "median") {
		return s, apierr.IllegalArgument("script sort of type [string] doesn't support mode [%s]", s.Mode)
	}
	return s, nil
}
