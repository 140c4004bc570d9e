package search

import (
	"math"
	"slices"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Deprecation warnings of the legacy nested sort parameters (FieldSortBuilder).
const (
	nestedPathDeprecation   = "[nested_path] has been deprecated in favor of the [nested] parameter"
	nestedFilterDeprecation = "[nested_filter] has been deprecated in favour for the [nested] parameter"
)

// ParseNestedSortOption reads a field sort's nested, nested_path or
// nested_filter member into s.Nested. Mixing the legacy parameters with
// nested is refused, as FieldSortBuilder's setters do.
func ParseNestedSortOption(s *Sort, m *xcontent.Member) error {
	failed := func(cause *apierr.Error) error {
		return apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [field_sort] failed to parse field ["+m.Key+"]").WithCause(cause)
	}
	both := apierr.IllegalArgument("Setting both nested_path/nested_filter and nested not allowed")
	switch m.Key {
	case "nested":
		if s.Nested != nil {
			return failed(both)
		}
		ns, err := ParseNestedSort(&m.Value)
		if err != nil {
			return failed(err)
		}
		s.Nested = ns
	case "nested_path":
		if s.Nested != nil && !s.Nested.Legacy {
			return failed(both)
		}
		if m.Value.Kind == xcontent.Object || m.Value.Kind == xcontent.Array {
			return UnknownKey(m)
		}
		if s.Nested == nil {
			s.Nested = &NestedSort{Legacy: true, MaxChildren: math.MaxInt32}
		}
		s.Nested.Path = m.Value.Text()
	case "nested_filter":
		if s.Nested != nil && !s.Nested.Legacy {
			return failed(both)
		}
		if m.Value.Kind != xcontent.Object {
			return UnknownKey(m)
		}
		q, perr := dsl.Parse(&m.Value)
		if perr != nil {
			return xerr(perr)
		}
		if s.Nested == nil {
			s.Nested = &NestedSort{Legacy: true, MaxChildren: math.MaxInt32}
		}
		s.Nested.Filter = q
	}
	return nil
}

// ParseNestedSort is NestedSortBuilder.fromXContent.
func ParseNestedSort(v *xcontent.Value) (*NestedSort, *apierr.Error) {
	if v.Kind != xcontent.Object {
		return nil, apierr.IllegalArgument("malformed nested sort format, must start with an object")
	}
	ns := &NestedSort{MaxChildren: math.MaxInt32}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "path":
			ns.Path = m.Value.Text()
		case "filter":
			q, err := dsl.Parse(&m.Value)
			if err != nil {
				cause, _ := xerr(err).(*apierr.Error)
				return nil, &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: "Expected nested_filter element.", Cause: cause,
					Meta: []apierr.Meta{{Key: "line", Value: m.Value.Line}, {Key: "col", Value: m.Value.Col}}}
			}
			ns.Filter = q
		case "max_children":
			n, ok := m.Value.Int64()
			if !ok || n < 0 {
				return nil, apierr.IllegalArgument("failed to parse [max_children] of nested sort")
			}
			ns.MaxChildren = int(n)
		case "nested":
			sub, err := ParseNestedSort(&m.Value)
			if err != nil {
				return nil, err
			}
			ns.Nested = sub
		default:
			return nil, apierr.IllegalArgument("malformed nested sort format, unknown field name [%s]", m.Key)
		}
	}
	return ns, nil
}

// NestedSortWarnings are the deprecation warnings of the legacy nested sort
// parameters among the sorts.
func NestedSortWarnings(sorts []Sort) []string {
	var out []string
	for _, s := range sorts {
		if s.Nested == nil || !s.Nested.Legacy {
			continue
		}
		if s.Nested.Path != "" && !slices.Contains(out, nestedPathDeprecation) {
			out = append(out, nestedPathDeprecation)
		}
		if s.Nested.Filter != nil && !slices.Contains(out, nestedFilterDeprecation) {
			out = append(out, nestedFilterDeprecation)
		}
	}
	return out
}
