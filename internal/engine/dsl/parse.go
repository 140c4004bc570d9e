package dsl

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/ascii"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Parse parses a query object, e.g. the value of a search body's "query"
// key, as AbstractQueryBuilder.parseInnerQueryBuilder does. Errors are *Error.
func Parse(v *xcontent.Value) (Query, error) {
	if v == nil {
		return nil, parsingError(0, 0, "[_na] query malformed, must start with start_object")
	}
	q, err := parseInner(v)
	if err != nil {
		return nil, err
	}
	return q, nil
}

// ParseJSON reads data with xcontent and parses it as a query object.
func ParseJSON(data []byte) (Query, error) {
	v, err := xcontent.Parse(data)
	if err != nil {
		return nil, err
	}
	return Parse(v)
}

// queryNames are the query names a default OpenSearch 2.x node registers
// (core and bundled modules): the candidates for "did you mean".
var queryNames = []string{
	"bool", "boosting", "common", "constant_score", "dis_max", "distance_feature", "exists",
	"field_masking_span", "function_score", "fuzzy", "geo_bounding_box", "geo_distance",
	"geo_polygon", "geo_shape", "has_child", "has_parent", "ids", "intervals", "knn", "match",
	"match_all", "match_bool_prefix", "match_none", "match_phrase", "match_phrase_prefix",
	"more_like_this", "multi_match", "nested", "parent_id", "percolate", "prefix",
	"query_string", "range", "rank_feature", "regexp", "script", "script_score",
	"simple_query_string", "span_containing", "span_first", "span_gap", "span_multi",
	"span_near", "span_not", "span_or", "span_term", "span_within", "template", "term",
	"terms", "terms_set", "wildcard", "wrapper",
}

// parseInner is parseInnerQueryBuilder over an already read value.
func parseInner(v *xcontent.Value) (Query, *Error) {
	if v.Kind != xcontent.Object {
		return nil, parsingAt(v, "[_na] query malformed, must start with start_object")
	}
	if len(v.Members) == 0 {
		return nil, illegalArgument("query malformed, empty clause found at "+xcontent.Loc(v.EndLine, v.EndCol)).At(v.EndLine, v.EndCol)
	}
	m := &v.Members[0]
	if m.Value.Kind != xcontent.Object {
		return nil, parsingAt(&m.Value, "["+m.Key+"] query malformed, no start_object after query name")
	}
	q, err := parseNamed(m.Key, &m.Value)
	if err != nil {
		// Errors raised after a builder's loop (its constructor checks)
		// leave the parser on the query's closing brace.
		return nil, located(err, &xcontent.Value{Line: m.Value.EndLine, Col: m.Value.EndCol})
	}
	if len(v.Members) > 1 {
		next := &v.Members[1]
		return nil, parsingError(next.Line, next.Col, "["+m.Key+"] malformed query, expected [END_OBJECT] but found [FIELD_NAME]")
	}
	return q, nil
}

// parseNamed dispatches on the query name; obj is the query's own object.
func parseNamed(name string, obj *xcontent.Value) (Query, *Error) {
	switch name {
	case "match_all":
		return parseMatchAll(obj)
	case "match_none":
		return parseMatchNone(obj)
	case "match":
		return parseMatch(obj)
	case "match_phrase":
		return parseMatchPhrase(obj, false)
	case "match_phrase_prefix":
		return parseMatchPhrase(obj, true)
	case "match_bool_prefix":
		return parseMatchBoolPrefix(obj)
	case "intervals":
		return parseIntervals(obj)
	case "multi_match":
		return parseMultiMatch(obj)
	case "term":
		return parseTerm(obj)
	case "terms":
		return parseTerms(obj)
	case "range":
		return parseRange(obj)
	case "exists":
		return parseExists(obj)
	case "ids":
		return parseIDs(obj)
	case "prefix", "wildcard", "regexp":
		return parsePattern(name, obj)
	case "fuzzy":
		return parseFuzzy(obj)
	case "bool":
		return parseBool(obj)
	case "constant_score":
		return parseConstantScore(obj)
	case "dis_max":
		return parseDisMax(obj)
	case "function_score":
		return parseFunctionScore(obj)
	case "nested":
		return parseNested(obj)
	case "query_string":
		return parseQueryString(obj)
	case "simple_query_string":
		return parseSimpleQueryString(obj)
	case "script":
		return parseScriptQuery(obj)
	case "script_score":
		return parseScriptScore(obj)
	case "knn": // the k-NN plugin's query (knn.go)
		return parseKNN(obj)
	case "boosting":
		return parseBoosting(obj)
	case "distance_feature":
		return parseDistanceFeature(obj)
	case "terms_set":
		return parseTermsSet(obj)
	case "rank_feature":
		return parseRankFeature(obj)
	case "wrapper":
		return parseWrapper(obj)
	case "geo_distance":
		return parseGeoDistance(obj)
	case "geo_bounding_box":
		return parseGeoBoundingBox(obj)
	case "geo_polygon":
		return parseGeoPolygon(obj)
	case "geo_shape":
		return parseGeoShape(obj)
	case "has_child":
		return parseHasChild(obj)
	case "has_parent":
		return parseHasParent(obj)
	case "parent_id":
		return parseParentID(obj)
	case "more_like_this":
		return parseMoreLikeThis(obj)
	case "span_term":
		return parseSpanTerm(obj)
	case "span_near", "span_or", "span_not", "span_first", "span_containing", "span_within", "span_multi", "field_masking_span":
		return parseSpanCompound(name, obj)
	}
	for _, known := range queryNames {
		if known == name {
			return nil, notSupported(name, obj)
		}
	}
	loc := xcontent.Loc(obj.Line, obj.Col)
	return nil, &Error{
		Type:     "parsing_exception",
		Reason:   "unknown query [" + name + "]" + suggest(name, queryNames),
		Line:     obj.Line,
		Col:      obj.Col,
		Status:   400,
		CausedBy: &Error{Type: "named_object_not_found_exception", Reason: loc + " unknown field [" + name + "]", Status: 400},
	}
}

// isValue is XContentParser.Token.isValue: strings, numbers and booleans
// (not null).
func isValue(v *xcontent.Value) bool {
	return v.Kind == xcontent.String || v.Kind == xcontent.Number || v.Kind == xcontent.Bool
}

func unsupportedOption(query, key string, v *xcontent.Value) *Error {
	return parsingAt(v, "["+query+"] query does not support ["+key+"]")
}

func unknownToken(query, key string, v *xcontent.Value) *Error {
	return parsingAt(v, "["+query+"] unknown token ["+v.Token()+"] after ["+key+"]")
}

func multipleFields(query, first, second string, v *xcontent.Value) *Error {
	return parsingAt(v, "["+query+"] query doesn't support multiple fields, found ["+first+"] and ["+second+"]")
}

// cantGetText is the IllegalStateException JsonXContentParser.text() throws
// on a container; OpenSearch answers it with 500.
func cantGetText(v *xcontent.Value) *Error {
	return &Error{Type: "illegal_state_exception", Reason: "Can't get text on a " + v.Token() + " at " + itoa(v.Line) + ":" + itoa(v.Col), Status: 500}
}

// objectText is XContentParser.objectText(): scalars as they are, nil for
// null, and the text() failure for containers.
func objectText(v *xcontent.Value) (*xcontent.Value, *Error) {
	switch v.Kind {
	case xcontent.Null:
		return nil, nil
	case xcontent.Object, xcontent.Array:
		return nil, cantGetText(v)
	}
	return v, nil
}

// parseOperator is Operator.fromString.
func parseOperator(v *xcontent.Value) (Operator, *Error) {
	s := v.Text()
	switch {
	case ascii.EqualFold(s, "or"):
		return OperatorOr, nil
	case ascii.EqualFold(s, "and"):
		return OperatorAnd, nil
	}
	return 0, illegalArgument("operator needs to be either [OR, AND], but not ["+s+"]").At(v.Line, v.Col)
}

// parseZeroTerms reads zero_terms_query.
func parseZeroTerms(v *xcontent.Value) (ZeroTerms, *Error) {
	s := v.Text()
	switch {
	case ascii.EqualFold(s, "none"):
		return ZeroTermsNone, nil
	case ascii.EqualFold(s, "all"):
		return ZeroTermsAll, nil
	}
	return 0, parsingAt(v, "Unsupported zero_terms_query value ["+s+"]")
}

// optFloat, optInt, optBool and optText read an option into dst, keeping
// the first error.
func optFloat(dst *float32, v *xcontent.Value) *Error {
	f, err := floatValue(v)
	if err == nil {
		*dst = f
	}
	return err
}

func optInt(dst *int, v *xcontent.Value) *Error {
	n, err := intValue(v)
	if err == nil {
		*dst = n
	}
	return err
}

func optBool(dst *bool, v *xcontent.Value) *Error {
	b, err := boolValue(v)
	if err == nil {
		*dst = b
	}
	return err
}
