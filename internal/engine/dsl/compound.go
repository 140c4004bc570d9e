package dsl

import (
	"math"

	"github.com/clustersearch/clustersearch-go/internal/engine/ascii"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// parseMatchAll is MatchAllQueryBuilder's ObjectParser.
func parseMatchAll(obj *xcontent.Value) (Query, *Error) {
	q := &MatchAll{Base: newBase(obj)}
	if err, line, col := objectParseAt("match_all", obj, standardFields, q, nil); err != nil {
		return nil, wrapObjectParse(err, line, col)
	}
	return q, nil
}

// parseMatchNone is MatchNoneQueryBuilder.fromXContent.
func parseMatchNone(obj *xcontent.Value) (Query, *Error) {
	q := &MatchNone{Base: newBase(obj)}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if !isValue(v) {
			return nil, unknownToken("match_none", m.Key, v)
		}
		switch m.Key {
		case "_name":
			q.Name = v.Text()
		case "boost":
			if err := optFloat(&q.Boost, v); err != nil {
				return nil, err
			}
		default:
			return nil, unsupportedOption("match_none", m.Key, v)
		}
	}
	return q, nil
}

// idsFields is IdsQueryBuilder's ObjectParser.
var idsFields = []opField{{names: []string{"values"}, kinds: vtStringArray, parse: func(t Query, v *xcontent.Value) *Error {
	q := t.(*IDs)
	if v.Kind == xcontent.String {
		q.Values = append(q.Values, v.Str)
		return nil
	}
	for j := range v.Items {
		it := &v.Items[j]
		if it.Kind == xcontent.Array {
			return &Error{Type: "illegal_state_exception", Reason: "expected value but got [START_ARRAY]", Status: 500}
		}
		s, err := text(it)
		if err != nil {
			return err
		}
		q.Values = append(q.Values, s)
	}
	return nil
}}, boostField, nameField}

// parseIDs is IdsQueryBuilder.fromXContent: an ObjectParser whose failures
// are rewrapped as parsing_exception.
func parseIDs(obj *xcontent.Value) (Query, *Error) {
	q := &IDs{Base: newBase(obj)}
	if err, line, col := objectParseAt("ids", obj, idsFields, q, nil); err != nil {
		return nil, wrapObjectParse(err, line, col)
	}
	return q, nil
}

// parseClauses reads one bool occurrence: an object, an array of objects,
// or null (no clause, as declareObjectArrayOrNull allows).
func parseClauses(v *xcontent.Value, dst *[]Query) *Error {
	switch v.Kind {
	case xcontent.Null:
		return nil
	case xcontent.Object:
		q, err := parseInner(v)
		if err != nil {
			return err
		}
		*dst = append(*dst, q)
		return nil
	}
	for i := range v.Items {
		it := &v.Items[i]
		if it.Kind == xcontent.Array {
			return &Error{Type: "illegal_state_exception", Reason: "expected value but got [START_ARRAY]", Status: 500}
		}
		q, err := parseInner(it)
		if err != nil {
			return err
		}
		*dst = append(*dst, q)
	}
	return nil
}

// boolFields is BoolQueryBuilder's ObjectParser.
var boolFields = []opField{
	// The clause fields are read by parseBool (nil parse): they recurse
	// into parseInner, which a table cannot reference.
	{names: []string{"must"}, kinds: vtObjectArrayOrNull},
	{names: []string{"should"}, kinds: vtObjectArrayOrNull},
	{names: []string{"must_not", "mustNot"}, kinds: vtObjectArrayOrNull},
	{names: []string{"filter"}, kinds: vtObjectArrayOrNull},
	{names: []string{"adjust_pure_negative"}, kinds: vtBoolean, parse: func(q Query, v *xcontent.Value) *Error { return optBool(&q.(*Bool).AdjustPureNegative, v) }},
	{names: []string{"minimum_should_match"}, kinds: vtValue, parse: func(q Query, v *xcontent.Value) *Error {
		q.(*Bool).MinimumShouldMatch, _ = textOrNull(v)
		return nil
	}},
	boostField, nameField,
}

// parseBool is BoolQueryBuilder's ObjectParser.
func parseBool(obj *xcontent.Value) (Query, *Error) {
	q := &Bool{Base: newBase(obj), AdjustPureNegative: true}
	clauses := func(f *opField, v *xcontent.Value) *Error {
		switch f.names[0] {
		case "must":
			return parseClauses(v, &q.Must)
		case "should":
			return parseClauses(v, &q.Should)
		case "must_not":
			return parseClauses(v, &q.MustNot)
		}
		return parseClauses(v, &q.Filter)
	}
	if err, _, _ := objectParseAt("bool", obj, boolFields, q, clauses); err != nil {
		return nil, err
	}
	return q, nil
}

// parseConstantScore is ConstantScoreQueryBuilder.fromXContent.
func parseConstantScore(obj *xcontent.Value) (Query, *Error) {
	q := &ConstantScore{Base: newBase(obj)}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Object:
			if m.Key != "filter" {
				return nil, unsupportedOption("constant_score", m.Key, v)
			}
			f, err := parseInner(v)
			if err != nil {
				return nil, err
			}
			q.Filter = f
		case isValue(v):
			var err *Error
			switch m.Key {
			case "_name":
				q.Name = v.Text()
			case "boost":
				err = optFloat(&q.Boost, v)
			default:
				return nil, unsupportedOption("constant_score", m.Key, v)
			}
			if err != nil {
				return nil, err
			}
		default:
			return nil, parsingAt(v, "unexpected token ["+v.Token()+"]")
		}
	}
	if q.Filter == nil {
		return nil, parsingAtEnd(obj, "[constant_score] requires a 'filter' element")
	}
	return q, nil
}

// parseDisMax is DisMaxQueryBuilder.fromXContent.
func parseDisMax(obj *xcontent.Value) (Query, *Error) {
	q := &DisMax{Base: newBase(obj)}
	found := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch v.Kind {
		case xcontent.Object:
			if m.Key != "queries" {
				return nil, unsupportedOption("dis_max", m.Key, v)
			}
			found = true
			c, err := parseInner(v)
			if err != nil {
				return nil, err
			}
			q.Queries = append(q.Queries, c)
		case xcontent.Array:
			if m.Key != "queries" {
				return nil, unsupportedOption("dis_max", m.Key, v)
			}
			found = true
			if len(v.Items) == 0 {
				// parseInnerQueryBuilder is called on the array's end.
				return nil, parsingAtEnd(v, "[_na] query malformed, must start with start_object")
			}
			for j := range v.Items {
				c, err := parseInner(&v.Items[j])
				if err != nil {
					return nil, err
				}
				q.Queries = append(q.Queries, c)
			}
		default:
			var err *Error
			switch m.Key {
			case "boost":
				err = optFloat(&q.Boost, v)
			case "tie_breaker":
				err = optFloat(&q.TieBreaker, v)
			case "_name":
				q.Name, err = text(v)
			default:
				return nil, unsupportedOption("dis_max", m.Key, v)
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if !found {
		return nil, parsingAtEnd(obj, "[dis_max] requires 'queries' field with at least one clause")
	}
	return q, nil
}

// parseNested is NestedQueryBuilder.fromXContent. Its loop has no branch for
// arrays, so it walks into them and reads their elements under the array's
// key.
func parseNested(obj *xcontent.Value) (Query, *Error) {
	q := &Nested{Base: newBase(obj), ScoreMode: "avg"}
	hasPath := false
	var member func(key string, v *xcontent.Value) *Error
	member = func(key string, v *xcontent.Value) *Error {
		switch {
		case v.Kind == xcontent.Object:
			switch key {
			case "query":
				c, err := parseInner(v)
				if err != nil {
					return err
				}
				q.Query = c
			case "inner_hits":
				q.InnerHits = v
			default:
				return unsupportedOption("nested", key, v)
			}
		case v.Kind == xcontent.Array:
			for i := range v.Items {
				if err := member(key, &v.Items[i]); err != nil {
					return err
				}
			}
		case isValue(v):
			var err *Error
			switch key {
			case "path":
				q.Path, hasPath = v.Text(), true
			case "boost":
				err = optFloat(&q.Boost, v)
			case "ignore_unmapped":
				err = optBool(&q.IgnoreUnmapped, v)
			case "score_mode":
				switch s := v.Text(); s {
				case "none", "min", "max", "avg", "sum":
					q.ScoreMode = s
				default:
					err = illegalArgument("No score mode for child query [" + s + "] found")
				}
			case "_name":
				q.Name = v.Text()
			default:
				return unsupportedOption("nested", key, v)
			}
			return err
		}
		return nil
	}
	for i := range obj.Members {
		if err := member(obj.Members[i].Key, &obj.Members[i].Value); err != nil {
			return nil, err
		}
	}
	if !hasPath {
		return nil, illegalArgument("[nested] requires 'path' field")
	}
	if q.Query == nil {
		return nil, illegalArgument("[nested] requires 'query' field")
	}
	return q, nil
}

const misplacedFunction = "you can either define [functions] array or a single function, not both. "

// parseFunctionScore is FunctionScoreQueryBuilder.fromXContent.
func parseFunctionScore(obj *xcontent.Value) (Query, *Error) {
	q := &FunctionScore{Base: newBase(obj), ScoreMode: "multiply", MaxBoost: math.MaxFloat32}
	var singleFound, arrayFound bool
	var singleName string
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Object:
			if m.Key == "query" {
				if q.Query != nil {
					return nil, parsingAt(v, "failed to parse [function_score] query. [query] is already defined.")
				}
				c, err := parseInner(v)
				if err != nil {
					return nil, err
				}
				q.Query = c
				continue
			}
			if singleFound {
				return nil, parsingAt(v, "failed to parse [function_score] query. already found function ["+singleName+"], now encountering ["+m.Key+"]. use [functions] array if you want to define several functions.")
			}
			if arrayFound {
				return nil, parsingAt(v, "failed to parse [function_score] query. ["+misplacedFunction+"already found [functions] array, now encountering ["+m.Key+"].]")
			}
			singleFound, singleName = true, m.Key
			var fn ScoreFunction
			if err := parseScoreFunction(m.Key, v, &fn); err != nil {
				return nil, err
			}
			q.Functions = append(q.Functions, fn)
		case v.Kind == xcontent.Array:
			if m.Key != "functions" {
				return nil, parsingAt(v, "failed to parse [function_score] query. array ["+m.Key+"] is not supported")
			}
			if singleFound {
				return nil, parsingAt(v, "failed to parse [function_score] query. ["+misplacedFunction+"already found ["+singleName+"], now encountering [functions].]")
			}
			arrayFound = true
			if err := parseFunctions(v, &q.Functions); err != nil {
				return nil, err
			}
		case isValue(v):
			var err *Error
			switch m.Key {
			case "score_mode":
				q.ScoreMode, err = enumValue("org.opensearch.common.lucene.search.function.FunctionScoreQuery.ScoreMode", v.Text(), "first", "avg", "max", "sum", "min", "multiply")
			case "boost_mode":
				q.BoostMode, err = enumValue("org.opensearch.common.lucene.search.function.CombineFunction", v.Text(), "multiply", "replace", "sum", "avg", "min", "max")
			case "max_boost":
				err = optFloat(&q.MaxBoost, v)
			case "boost":
				err = optFloat(&q.Boost, v)
			case "_name":
				q.Name = v.Text()
			case "min_score":
				var f float32
				if err = optFloat(&f, v); err == nil {
					q.MinScore = &f
				}
			default:
				if singleFound {
					return nil, parsingAt(v, "failed to parse [function_score] query. already found function ["+singleName+"], now encountering ["+m.Key+"]. use [functions] array if you want to define several functions.")
				}
				if arrayFound {
					return nil, parsingAt(v, "failed to parse [function_score] query. ["+misplacedFunction+"already found [functions] array, now encountering ["+m.Key+"].]")
				}
				if m.Key != "weight" {
					return nil, parsingAt(v, "failed to parse [function_score] query. field ["+m.Key+"] is not supported")
				}
				var w float32
				if err = optFloat(&w, v); err == nil {
					q.Functions = append(q.Functions, ScoreFunction{Weight: &w})
					singleFound, singleName = true, m.Key
				}
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if q.Query == nil {
		q.Query = &MatchAll{Base: Base{Boost: 1}}
	}
	for i := range q.Functions {
		if q.Functions[i].Filter == nil {
			q.Functions[i].Filter = &MatchAll{Base: Base{Boost: 1}}
		}
	}
	return q, nil
}

// enumValue is Java's Enum.valueOf over the upper-cased text, whose failure
// names the enum class.
func enumValue(class, s string, allowed ...string) (string, *Error) {
	for _, a := range allowed {
		if ascii.EqualFold(a, s) {
			return a, nil
		}
	}
	return "", illegalArgument("No enum constant " + class + "." + upperASCII(s))
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// parseFunctions reads the functions array.
func parseFunctions(arr *xcontent.Value, dst *[]ScoreFunction) *Error {
	for i := range arr.Items {
		it := &arr.Items[i]
		if it.Kind != xcontent.Object {
			// OpenSearch's format arguments are out of order; this is what it prints.
			return parsingAt(it, "failed to parse [START_OBJECT]. malformed query, expected a ["+it.Token()+"] while parsing functions but got a [function_score] instead")
		}
		var fn ScoreFunction
		var name string
		hasFn := false
		for j := range it.Members {
			m := &it.Members[j]
			v := &m.Value
			switch {
			case v.Kind == xcontent.Object:
				if m.Key == "filter" {
					f, err := parseInner(v)
					if err != nil {
						return err
					}
					fn.Filter = f
					continue
				}
				if hasFn {
					return parsingAt(v, "failed to parse function_score functions. already found ["+name+"], now encountering ["+m.Key+"].")
				}
				if err := parseScoreFunction(m.Key, v, &fn); err != nil {
					return err
				}
				hasFn, name = true, m.Key
			case isValue(v):
				switch m.Key {
				case "weight":
					var w float32
					if err := optFloat(&w, v); err != nil {
						return err
					}
					fn.Weight = &w
				case "_name":
					fn.FunctionName = v.Text()
				default:
					return parsingAt(v, "failed to parse [function_score] query. field ["+m.Key+"] is not supported")
				}
			}
		}
		if !hasFn && fn.Weight == nil {
			return parsingAtEnd(it, "failed to parse [function_score] query. an entry in functions list is missing a function.")
		}
		*dst = append(*dst, fn)
	}
	return nil
}

// scoreFunctionNames are the registered score functions.
var scoreFunctionNames = []string{"exp", "field_value_factor", "gauss", "linear", "random_score", "script_score", "weight"}

// parseScoreFunction reads one named score function object into fn.
func parseScoreFunction(name string, v *xcontent.Value, fn *ScoreFunction) *Error {
	switch name {
	case "field_value_factor":
		return parseFieldValueFactor(v, fn)
	case "random_score":
		return parseRandomScore(v, fn)
	case "gauss", "exp", "linear":
		return parseDecay(name, v, fn)
	case "script_score":
		return parseScriptScoreFunction(v, fn)
	}
	loc := xcontent.Loc(v.Line, v.Col)
	return &Error{Type: "named_object_not_found_exception", Reason: loc + " unknown field [" + name + "]" + suggest(name, scoreFunctionNames), Status: 400}
}

// parseFieldValueFactor is FieldValueFactorFunctionBuilder.fromXContent.
func parseFieldValueFactor(obj *xcontent.Value, fn *ScoreFunction) *Error {
	f := &FieldValueFactor{Factor: 1, Modifier: "none"}
	hasField := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if !isValue(v) {
			return parsingAt(v, "unexpected token ["+v.Token()+"]")
		}
		var err *Error
		switch m.Key {
		case "field":
			f.Field, hasField = v.Text(), true
		case "factor":
			err = optFloat(&f.Factor, v)
		case "modifier":
			f.Modifier, err = enumValue("org.opensearch.common.lucene.search.function.FieldValueFactorFunction.Modifier", v.Text(),
				"none", "log", "log1p", "log2p", "ln", "ln1p", "ln2p", "square", "sqrt", "reciprocal")
		case "missing":
			var d float64
			if d, err = doubleValue(v); err == nil {
				f.Missing = &d
			}
		default:
			return parsingAt(v, "field_value_factor query does not support ["+m.Key+"]")
		}
		if err != nil {
			return err
		}
	}
	if !hasField {
		return parsingAtEnd(obj, "[field_value_factor] required field 'field' missing")
	}
	fn.FieldValueFactor = f
	return nil
}

// parseRandomScore is RandomScoreFunctionBuilder.fromXContent.
func parseRandomScore(obj *xcontent.Value, fn *ScoreFunction) *Error {
	r := &RandomScore{}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch m.Key {
		case "seed":
			if v.Kind != xcontent.Number && v.Kind != xcontent.String {
				return parsingAt(v, "random_score seed must be an int, long or string, not '"+v.Text()+"'")
			}
			r.Seed = v
		case "field":
			r.Field = v.Text()
		default:
			return parsingAt(v, "random_score query does not support ["+m.Key+"]")
		}
	}
	fn.RandomScore = r
	return nil
}

// parseDecay is DecayFunctionParser.fromXContent: {field: {origin, scale,
// offset, decay}, multi_value_mode}. The field's parameters are read on the
// shard, where the field type is known, so they are kept raw here.
func parseDecay(name string, obj *xcontent.Value, fn *ScoreFunction) *Error {
	d := &Decay{Function: name, MultiValueMode: "min"}
	hasField := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Object:
			d.Field, d.Params, hasField = m.Key, v, true
		case m.Key == "multi_value_mode":
			s := v.Text()
			switch upperASCII(s) {
			case "MIN", "MAX", "AVG", "SUM":
				d.MultiValueMode = lowerASCII(s)
			default:
				return illegalArgument("Unknown MultiValueMode [" + s + "]")
			}
		default:
			return parsingAt(v, "malformed score function score parameters.")
		}
	}
	if !hasField {
		return parsingAtEnd(obj, "malformed score function score parameters.")
	}
	fn.Decay = d
	return nil
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}
