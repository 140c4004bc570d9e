package dsl

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Intervals is the intervals query: one rule over one text field.
type Intervals struct {
	Base
	Field  string
	Source *IntervalsRule
}

// Kind implements Query.
func (*Intervals) Kind() string { return "intervals" }

// IntervalsRule is one intervals source (IntervalsSourceProvider): match,
// prefix, wildcard, regexp, fuzzy, all_of or any_of, with an optional
// filter.
type IntervalsRule struct {
	Kind string
	// match: the text; prefix, wildcard, regexp: the pattern; fuzzy: the term.
	Text            string
	MaxGaps         int    // match, all_of: -1 for no limit
	Mode            string // match, all_of: ordered, unordered or unordered_no_overlap
	Analyzer        string
	UseField        string
	CaseInsensitive bool // regexp
	// fuzzy
	Fuzziness      Fuzziness
	PrefixLength   int
	Transpositions bool
	// all_of, any_of
	Subs   []*IntervalsRule
	Filter *IntervalsFilter
}

// IntervalsFilter keeps the rule's intervals by their relation to the
// intervals of another rule (IntervalFilter).
type IntervalsFilter struct {
	Kind string // after, before, contained_by, containing, not_*, overlapping
	Rule *IntervalsRule
}

// parseIntervals is IntervalQueryBuilder.fromXContent:
// {"<field>": {"<rule>": {...}, "boost", "_name"}}.
func parseIntervals(obj *xcontent.Value) (Query, *Error) {
	q := &Intervals{Base: newBase(obj)}
	if len(obj.Members) != 1 {
		return nil, parsingAtEnd(obj, "Expected a single field name in [intervals] query")
	}
	m := &obj.Members[0]
	q.Field = m.Key
	if m.Value.Kind != xcontent.Object {
		return nil, parsingAt(&m.Value, "Expected [START_OBJECT] but got ["+m.Value.Token()+"]")
	}
	for i := range m.Value.Members {
		f := &m.Value.Members[i]
		switch f.Key {
		case "boost":
			if err := optFloat(&q.Boost, &f.Value); err != nil {
				return nil, err
			}
		case "_name":
			q.Name = f.Value.Text()
		default:
			if q.Source != nil {
				return nil, parsingAt(&f.Value, "Only one interval rule can be specified, found ["+q.Source.Kind+"] and ["+f.Key+"]")
			}
			r, err := parseIntervalsRule(f.Key, &f.Value)
			if err != nil {
				return nil, err
			}
			q.Source = r
		}
	}
	if q.Source == nil {
		return nil, parsingAtEnd(&m.Value, "Missing intervals from interval query definition")
	}
	return q, nil
}

// parseIntervalsSource reads {"<rule>": {...}} (an entry of all_of/any_of
// or a filter's rule).
func parseIntervalsSource(v *xcontent.Value) (*IntervalsRule, *Error) {
	if v.Kind != xcontent.Object || len(v.Members) == 0 {
		return nil, parsingAt(v, "Expected [START_OBJECT] but got ["+v.Token()+"]")
	}
	if len(v.Members) > 1 {
		return nil, parsingAt(&v.Members[1].Value, "Only one interval rule can be specified, found ["+v.Members[0].Key+"] and ["+v.Members[1].Key+"]")
	}
	return parseIntervalsRule(v.Members[0].Key, &v.Members[0].Value)
}

// parseIntervalsRule reads one rule's options.
func parseIntervalsRule(kind string, v *xcontent.Value) (*IntervalsRule, *Error) {
	switch kind {
	case "match", "prefix", "wildcard", "regexp", "fuzzy", "all_of", "any_of":
	default:
		return nil, parsingAt(v, "Unknown interval type ["+kind+"]")
	}
	if v.Kind != xcontent.Object {
		return nil, parsingAt(v, "Expected [START_OBJECT] but got ["+v.Token()+"]")
	}
	r := &IntervalsRule{Kind: kind, MaxGaps: -1, Mode: "unordered", Transpositions: true, Fuzziness: Fuzziness{Auto: true, Low: 3, High: 6}}
	required := map[string]string{"match": "query", "prefix": "prefix", "wildcard": "pattern", "regexp": "pattern", "fuzzy": "term", "all_of": "intervals", "any_of": "intervals"}[kind]
	seen := false
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		unknown := func() *Error { return parsingAt(val, "["+kind+"] unknown field ["+m.Key+"]") }
		switch {
		case m.Key == required && (kind == "all_of" || kind == "any_of"):
			if val.Kind != xcontent.Array {
				return nil, parsingAt(val, "["+kind+"] intervals must be an array")
			}
			for j := range val.Items {
				sub, err := parseIntervalsSource(&val.Items[j])
				if err != nil {
					return nil, err
				}
				r.Subs = append(r.Subs, sub)
			}
			seen = true
		case m.Key == required:
			if val.Kind != xcontent.String {
				return nil, parsingAt(val, "["+kind+"] failed to parse field ["+m.Key+"]")
			}
			r.Text, seen = val.Str, true
		case m.Key == "max_gaps" && (kind == "match" || kind == "all_of"):
			n, ok := val.Int64()
			if val.Kind != xcontent.Number || !ok {
				return nil, parsingAt(val, "["+kind+"] failed to parse field [max_gaps]")
			}
			r.MaxGaps = int(n)
		case m.Key == "ordered" && (kind == "match" || kind == "all_of"):
			if val.Kind != xcontent.Bool {
				return nil, parsingAt(val, "["+kind+"] failed to parse field [ordered]")
			}
			if val.Bool {
				r.Mode = "ordered"
			} else {
				r.Mode = "unordered"
			}
		case m.Key == "mode" && (kind == "match" || kind == "all_of"):
			switch val.Str {
			case "ordered", "unordered", "unordered_no_overlap":
				r.Mode = val.Str
			default:
				return nil, illegalArgument("No mode for [" + val.Text() + "]")
			}
		case m.Key == "analyzer" && (kind == "match" || kind == "prefix" || kind == "wildcard" || kind == "fuzzy"):
			r.Analyzer = val.Text()
		case m.Key == "use_field" && kind != "all_of" && kind != "any_of":
			r.UseField = val.Text()
		case m.Key == "case_insensitive" && kind == "regexp":
			if val.Kind != xcontent.Bool {
				return nil, parsingAt(val, "["+kind+"] failed to parse field [case_insensitive]")
			}
			r.CaseInsensitive = val.Bool
		case m.Key == "fuzziness" && kind == "fuzzy":
			fz, err := ParseFuzziness(val)
			if err != nil {
				return nil, err
			}
			r.Fuzziness = fz
		case m.Key == "prefix_length" && kind == "fuzzy":
			n, ok := val.Int64()
			if val.Kind != xcontent.Number || !ok {
				return nil, parsingAt(val, "["+kind+"] failed to parse field [prefix_length]")
			}
			r.PrefixLength = int(n)
		case m.Key == "transpositions" && kind == "fuzzy":
			if val.Kind != xcontent.Bool {
				return nil, parsingAt(val, "["+kind+"] failed to parse field [transpositions]")
			}
			r.Transpositions = val.Bool
		case m.Key == "filter" && (kind == "match" || kind == "all_of" || kind == "any_of"):
			f, err := parseIntervalsFilter(val)
			if err != nil {
				return nil, err
			}
			r.Filter = f
		default:
			return nil, unknown()
		}
	}
	if !seen {
		return nil, parsingAtEnd(v, "["+kind+"] missing required field ["+required+"]")
	}
	if (kind == "all_of" || kind == "any_of") && len(r.Subs) == 0 {
		return nil, illegalArgument("[" + kind + "] requires at least one interval")
	}
	return r, nil
}

// parseIntervalsFilter reads {"<relation>": {<rule>}}.
func parseIntervalsFilter(v *xcontent.Value) (*IntervalsFilter, *Error) {
	if v.Kind != xcontent.Object || len(v.Members) != 1 {
		return nil, parsingAt(v, "Expected a single filter in [filter]")
	}
	m := &v.Members[0]
	switch m.Key {
	case "after", "before", "contained_by", "containing", "not_contained_by", "not_containing", "not_overlapping", "overlapping":
	case "script":
		return nil, notSupported("intervals filter script", &m.Value)
	default:
		return nil, parsingAt(&m.Value, "Unknown filter type ["+m.Key+"]")
	}
	r, err := parseIntervalsSource(&m.Value)
	if err != nil {
		return nil, err
	}
	return &IntervalsFilter{Kind: m.Key, Rule: r}, nil
}
