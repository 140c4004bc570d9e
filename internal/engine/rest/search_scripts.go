package rest

import (
	"strings"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// searchScriptCaches are the node's script caches for the search contexts (filter,
// score, field, number_sort, string_sort): one per context, each with OpenSearch's
// default compilation limit of 75 per 5 minutes under its own setting name. The zero
// value is ready to use.
type searchScriptCaches struct {
	mu     sync.Mutex
	caches map[string]*painless.Cache
}

// searchScripts implements search.ScriptCompiler over the backend's caches.
type searchScripts struct{ b *Backend }

// StoredScript implements search.StoredScripts.
func (s searchScripts) StoredScript(id string) (lang, source string, options map[string]string, ok bool) {
	return s.b.StoredScript(id)
}

// Compile implements search.ScriptCompiler.
func (s searchScripts) Compile(lang, context, source string, opts painless.CompileOptions) (*painless.Script, error) {
	return s.b.scriptCaches.get(context, s.b).Compile(lang, context, source, opts)
}

func (c *searchScriptCaches) get(context string, b *Backend) *painless.Cache {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.caches == nil {
		c.caches = map[string]*painless.Cache{}
	}
	cache, ok := c.caches[context]
	if !ok {
		cache = painless.NewCache(0)
		cache.SetClock(b.Clock.Now)
		replaceRate(cache, context, b.clusterSettings().Values().CompilationRate(context))
		c.caches[context] = cache
	}
	return cache
}

// parseScriptFields reads the body's script_fields:
// {"name": {"script": ..., "ignore_failure": false}, ...} (SearchSourceBuilder.ScriptField).
func parseScriptFields(v *xcontent.Value) ([]search.ScriptField, error) {
	at := func(x *xcontent.Value, reason string) *apierr.Error {
		return apierr.New(apierr.TypeParsing, reason, apierr.Meta{Key: "line", Value: x.Line}, apierr.Meta{Key: "col", Value: x.Col})
	}
	if v.Kind != xcontent.Object {
		return nil, at(v, "Expected START_OBJECT in [script_fields] but found ["+v.Token()+"]")
	}
	out := make([]search.ScriptField, 0, len(v.Members))
	for i := range v.Members {
		m := &v.Members[i]
		if m.Value.Kind != xcontent.Object {
			return nil, at(&m.Value, "Expected [START_OBJECT] in ["+m.Key+"] but found ["+m.Value.Token()+"]")
		}
		f := search.ScriptField{Name: m.Key}
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
				b, err := boolValue(&o.Value)
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

// scriptFieldsJSON appends a hit's script fields to its "fields"; a name a docvalue
// field already took keeps that value, as ScriptFieldsPhase leaves existing fields.
func scriptFieldsJSON(out jsonout.Object, h *search.Hit) jsonout.Object {
	for _, sf := range h.ScriptFields {
		taken := false
		for _, e := range out {
			if e.Key == sf.Field {
				taken = true
				break
			}
		}
		if !taken {
			out = append(out, jsonout.Field{Key: sf.Field, Value: sf.Values})
		}
	}
	return out
}

// parseScriptSort reads {"_script": {"type": "number"|"string", "script": ..., "order": ...,
// "mode": ...}} with ScriptSortBuilder's ConstructingObjectParser: a field that fails is
// "[_script] failed to parse field [f]", a missing script or type a plain
// IllegalArgumentException.
func parseScriptSort(v *xcontent.Value) (search.Sort, error) {
	s := search.Sort{Kind: search.SortScript}
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
				if err := setOrder(&s, val); err != nil {
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

// SearchScriptStats returns the counters of the search script caches by context
// (contexts without a compilation are absent).
func (b *Backend) SearchScriptStats() map[string]painless.CacheStats {
	c := &b.scriptCaches
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]painless.CacheStats, len(c.caches))
	for name, cache := range c.caches {
		out[name] = cache.Stats()
	}
	return out
}
