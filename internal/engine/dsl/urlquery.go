package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/ascii"

// URLQuery are the search URL parameters that turn q= into a query_string
// query (RestActions.urlParamsToQueryBuilder). Empty strings are absent.
type URLQuery struct {
	Q               string
	DF              string
	Analyzer        string
	AnalyzeWildcard string
	Lenient         string
	DefaultOperator string
}

// QueryStringFromURL builds the query_string query OpenSearch builds for a
// q= parameter. Errors are *Error (a bad boolean or operator value).
func QueryStringFromURL(u URLQuery) (*QueryString, error) {
	q := &QueryString{
		Base: Base{Boost: 1}, Query: u.Q, DefaultField: u.DF, Analyzer: u.Analyzer,
		AllowLeadingWildcard: true, EnablePositionIncrements: true, FuzzyMaxExpansions: 50,
		FuzzyTranspositions: true, Fuzziness: FuzzinessAuto, Type: "best_fields",
		MaxDeterminizedStates: 10000, AutoGenerateSynonymsPhraseQuery: true,
	}
	if u.AnalyzeWildcard != "" {
		b, err := paramBool(u.AnalyzeWildcard)
		if err != nil {
			return nil, err
		}
		q.AnalyzeWildcard = b
	}
	if u.Lenient != "" {
		b, err := paramBool(u.Lenient)
		if err != nil {
			return nil, err
		}
		q.Lenient = &b
	}
	if u.DefaultOperator != "" {
		switch {
		case ascii.EqualFold(u.DefaultOperator, "or"):
		case ascii.EqualFold(u.DefaultOperator, "and"):
			q.DefaultOperator = OperatorAnd
		default:
			return nil, illegalArgument("operator needs to be either [OR, AND], but not [" + u.DefaultOperator + "]")
		}
	}
	return q, nil
}

// paramBool is Booleans.parseBoolean: exactly "true" or "false".
func paramBool(s string) (bool, *Error) {
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, illegalArgument("Failed to parse value [" + s + "] as only [true] or [false] are allowed.")
}
