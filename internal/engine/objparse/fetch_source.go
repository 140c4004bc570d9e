package objparse

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// FetchSource is a _source selection (FetchSourceContext); callers use nil
// for "not requested".
type FetchSource struct {
	// Fetch says whether the source is returned at all.
	Fetch bool
	// Includes and Excludes are the source filter's patterns.
	Includes []string
	Excludes []string
}

// ParseFetchSource reads a body _source: a boolean, a string, an array of
// strings or {"includes"|"include": ..., "excludes"|"exclude": ...}.
func ParseFetchSource(v *xcontent.Value) (*FetchSource, *apierr.Error) {
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
		return &FetchSource{Fetch: v.Bool}, nil
	case xcontent.String, xcontent.Array:
		inc, err := strs(v)
		if err != nil {
			return nil, err
		}
		return &FetchSource{Fetch: true, Includes: inc}, nil
	case xcontent.Object:
		fs := &FetchSource{Fetch: true}
		for i := range v.Members {
			m := &v.Members[i]
			list, err := strs(&m.Value)
			if err != nil {
				return nil, err
			}
			switch m.Key {
			case "includes", "include":
				fs.Includes = list
			case "excludes", "exclude":
				fs.Excludes = list
			default:
				return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+m.Value.Token()+" in ["+m.Key+"].")
			}
		}
		return fs, nil
	}
	return nil, apierr.New(apierr.TypeParsing, "Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found ["+v.Token()+"]")
}
