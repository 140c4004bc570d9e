package dsl

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Rescore is one rescorer of a search body's "rescore" (RescorerBuilder
// holding a QueryRescorerBuilder): each shard scores its top WindowSize hits
// again with Query and combines the two weighted scores with Mode.
type Rescore struct {
	// WindowSize is how many of each shard's top hits are rescored (10 by
	// default). It is not checked here: a negative one fails on the shards
	// that have hits, as on the real server.
	WindowSize         int
	Query              Query
	QueryWeight        float32
	RescoreQueryWeight float32
	Mode               RescoreMode
}

// RescoreMode is QueryRescoreMode: how a rescored hit's weighted first-pass
// score and weighted rescore score combine.
type RescoreMode uint8

// The score modes, in QueryRescoreMode's order.
const (
	RescoreAvg RescoreMode = iota
	RescoreMax
	RescoreMin
	RescoreTotal
	RescoreMultiply
)

// rescoreModeNames are the request names (QueryRescoreMode.name() lower-cased).
var rescoreModeNames = [...]string{"avg", "max", "min", "total", "multiply"}

// rescoreModeDescriptions are QueryRescoreMode.toString(), which explanations print.
var rescoreModeDescriptions = [...]string{"avg", "max", "min", "sum", "product"}

// Combine merges the weighted first-pass score and the weighted rescore
// score in float32 as QueryRescoreMode.combine does.
func (m RescoreMode) Combine(primary, secondary float32) float32 {
	switch m {
	case RescoreAvg:
		return float32(primary+secondary) / 2
	case RescoreMax:
		return max(primary, secondary)
	case RescoreMin:
		return min(primary, secondary)
	case RescoreMultiply:
		return primary * secondary
	}
	return primary + secondary
}

// String is the mode as explanations name it ("sum" for total, "product" for
// multiply).
func (m RescoreMode) String() string { return rescoreModeDescriptions[m] }

// ParseRescore reads the value of a search body's "rescore" (one rescorer
// object, or an array of them applied in order) as SearchSourceBuilder and
// RescorerBuilder.parseFromXContent do. Errors are *Error; an empty array is
// no rescorer.
func ParseRescore(v *xcontent.Value) ([]Rescore, error) {
	if v.Kind == xcontent.Object {
		r, err := parseRescorer(v)
		if err != nil {
			return nil, err
		}
		return []Rescore{r}, nil
	}
	out := make([]Rescore, 0, len(v.Items))
	for i := range v.Items {
		it := &v.Items[i]
		if it.Kind != xcontent.Object {
			return nil, strayRescoreItem(v, i)
		}
		r, err := parseRescorer(it)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// strayRescoreItem is what RescorerBuilder.parseFromXContent does when an
// array item is not an object: it reads on from the next token with no field
// name yet.
func strayRescoreItem(arr *xcontent.Value, i int) *Error {
	if i+1 >= len(arr.Items) {
		return parsingError(arr.EndLine, arr.EndCol, "unexpected token [END_ARRAY] after [null]")
	}
	next := &arr.Items[i+1]
	switch next.Kind {
	case xcontent.Object:
		return &Error{Type: "named_object_not_found_exception", Reason: xcontent.Loc(next.Line, next.Col) + " unknown field [null]", Status: 400}
	case xcontent.Array, xcontent.Null:
		return parsingAt(next, "unexpected token ["+next.Token()+"] after [null]")
	}
	// ParseField.match(null) fails its null check.
	return &Error{Type: "null_pointer_exception", Reason: "fieldName", Status: 500}
}

// parseRescorer is RescorerBuilder.parseFromXContent over one object.
func parseRescorer(obj *xcontent.Value) (Rescore, *Error) {
	r := Rescore{WindowSize: 10, QueryWeight: 1, RescoreQueryWeight: 1, Mode: RescoreTotal}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case isValue(v):
			if m.Key != "window_size" {
				return r, parsingAt(v, "rescore doesn't support ["+m.Key+"]")
			}
			n, err := intValueRaw(v)
			if err != nil {
				return r, err
			}
			r.WindowSize = n
		case v.Kind == xcontent.Object:
			if m.Key != "query" {
				return r, &Error{Type: "named_object_not_found_exception", Reason: xcontent.Loc(v.Line, v.Col) + " unknown field [" + m.Key + "]", Status: 400}
			}
			if err := parseQueryRescorer(v, &r); err != nil {
				return r, err
			}
			found = true
		default:
			return r, parsingAt(v, "unexpected token ["+v.Token()+"] after ["+m.Key+"]")
		}
	}
	if !found {
		return r, parsingAtEnd(obj, "missing rescore type")
	}
	return r, nil
}

// queryRescorerFields are QueryRescorerBuilder's ObjectParser fields; they
// are read by parseQueryRescorer's hook.
var queryRescorerFields = []opField{
	{names: []string{"rescore_query"}, kinds: kindSet(xcontent.Object)},
	{names: []string{"query_weight"}, kinds: vtFloat},
	{names: []string{"rescore_query_weight"}, kinds: vtFloat},
	{names: []string{"score_mode"}, kinds: vtString},
}

// parseQueryRescorer is QueryRescorerBuilder.fromXContent.
func parseQueryRescorer(obj *xcontent.Value, r *Rescore) *Error {
	err, _, _ := objectParseAt("query", obj, queryRescorerFields, nil, func(f *opField, v *xcontent.Value) *Error {
		var err *Error
		switch f.names[0] {
		case "rescore_query":
			r.Query, err = parseInner(v)
		case "query_weight":
			r.QueryWeight, err = floatValue(v)
		case "rescore_query_weight":
			r.RescoreQueryWeight, err = floatValue(v)
		case "score_mode":
			mode, ok := rescoreModeOf(v.Str)
			if !ok {
				return illegalArgument("illegal score_mode ["+v.Str+"]").At(v.Line, v.Col)
			}
			r.Mode = mode
		}
		return err
	})
	if err != nil {
		return err
	}
	if r.Query == nil {
		return illegalArgument("rescore_query cannot be null")
	}
	return nil
}

// rescoreModeOf is QueryRescoreMode.fromString: the names in any case.
func rescoreModeOf(s string) (RescoreMode, bool) {
	lower := strings.ToLower(s)
	for i, n := range rescoreModeNames {
		if lower == n {
			return RescoreMode(i), true
		}
	}
	return 0, false
}
