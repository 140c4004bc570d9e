package templates

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// LegacyRequest is what a put legacy template request carries besides its
// body: the patterns and order given as URL parameters.
type LegacyRequest struct {
	Patterns []string
	Order    int
	// Warn receives the deprecation warnings the request earns.
	Warn func(string)
}

// ParseLegacy reads a legacy template body (PutIndexTemplateRequest.source,
// after RestCreateIndexAction.prepareMappings): it works on the decoded
// map, so its errors are plain illegal_argument and parse exceptions.
func ParseLegacy(body []byte, req LegacyRequest) (*Legacy, *apierr.Error) {
	v, derr := jsonout.Decode(body)
	if derr != nil {
		return nil, apierr.JSONSyntax(body, derr)
	}
	obj, ok := v.(jsonout.Object)
	if !ok {
		return nil, apierr.Parse("Failed to derive xcontent")
	}
	l := &Legacy{Patterns: req.Patterns, Order: req.Order, Settings: settings.Settings{}}
	if mv, ok := obj.Get("mappings"); ok {
		if mo, ok := mv.(jsonout.Object); ok && len(mo) == 1 && mo[0].Key == "_doc" {
			return nil, apierr.IllegalArgument("The mapping definition cannot be nested under a type [_doc] unless include_type_name is set to true.")
		}
	}
	for _, f := range obj {
		switch f.Key {
		case "template":
			if s, ok := f.Value.(string); ok {
				if req.Warn != nil {
					req.Warn("Deprecated field [template] used, replaced by [index_patterns]")
				}
				l.Patterns = []string{s}
			}
		case "index_patterns":
			switch x := f.Value.(type) {
			case string:
				l.Patterns = []string{x}
			case []any:
				l.Patterns = make([]string, 0, len(x))
				for _, e := range x {
					l.Patterns = append(l.Patterns, javaString(e))
				}
			default:
				return nil, apierr.IllegalArgument("Malformed [template] value, should be a string or a list of strings")
			}
		case "order":
			n, err := nodeInt(f.Value)
			if err != nil {
				return nil, err
			}
			l.Order = n
		case "version":
			n, ok := f.Value.(json.Number)
			iv, err := strconv.ParseInt(string(n), 10, 32)
			if !ok || err != nil {
				return nil, apierr.IllegalArgument("Malformed [version] value, should be an integer")
			}
			x := int(iv)
			l.Version = &x
		case "settings":
			so, ok := f.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.IllegalArgument("Malformed [settings] section, should include an inner object")
			}
			s, err := settings.Flatten(so)
			if err != nil {
				return nil, apierr.IllegalArgument("%s", err.Error())
			}
			l.Settings = s
		case "mappings":
			mo, ok := f.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.IllegalArgument("Malformed [mappings] section for type [_doc], should include an inner object describing the mapping")
			}
			if len(mo) > 0 {
				l.Mappings = mo
			}
		case "aliases":
			ao, ok := f.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.Parse("Failed to parse aliases")
			}
			for _, af := range ao {
				a, err := indices.ParseAlias(af.Value)
				if err != nil {
					return nil, err
				}
				l.Aliases = append(l.Aliases, NamedAlias{Name: af.Key, Alias: a})
			}
			l.Aliases = hashOrderAliases(l.Aliases)
		default:
			return nil, apierr.Parse("unknown key [%s] in the template ", f.Key)
		}
	}
	if len(l.Patterns) == 0 {
		return nil, apierr.Validation("index patterns are missing")
	}
	return l, nil
}

// nodeInt is XContentMapValues.nodeIntegerValue.
func nodeInt(v any) (int, *apierr.Error) {
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return int(int32(n)), nil // Number.intValue
		}
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil || math.IsInf(f, 0) {
			return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+string(x)+"\"")
		}
		return int(int32(f)), nil
	default:
		s := javaString(v)
		n, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+s+"\"")
		}
		return int(n), nil
	}
}

// javaString is Object.toString of a decoded JSON value.
func javaString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return "null"
	}
	b, _ := jsonout.Marshal(v)
	return string(b)
}
