package similarity

import "strconv"

// Explanation is one node of a score explanation tree, as Lucene's Explanation: a value,
// a description and the details it was computed from.
type Explanation struct {
	// Value is the node's value (a float in Lucene). For IsLong nodes it is Long as float32.
	Value float32
	// Description is the exact text OpenSearch prints.
	Description string
	// Details are the child nodes, in order.
	Details []Explanation
	// Matched reports whether the node describes a match (Lucene isMatch). Callers combining
	// explanations (bool, dis_max) use it; it is not rendered.
	Matched bool
	// IsLong marks values Lucene holds as a long (n and N), which JSON prints as integers.
	IsLong bool
	// Long is the exact value of an IsLong node.
	Long int64
	// IsDouble marks values Lucene computes as a double (function score
	// products), printed with Double.toString; Double is the exact value.
	IsDouble bool
	Double   float64
}

// MatchDouble returns a matching node whose value is a double.
func MatchDouble(value float64, description string, details ...Explanation) Explanation {
	return Explanation{Value: float32(value), Double: value, IsDouble: true, Description: description, Details: details, Matched: true}
}

// Match returns a matching node.
func Match(value float32, description string, details ...Explanation) Explanation {
	return Explanation{Value: value, Description: description, Details: details, Matched: true}
}

// MatchLong returns a matching node with an integer value (printed without ".0").
func MatchLong(value int64, description string, details ...Explanation) Explanation {
	return Explanation{Value: float32(value), Long: value, IsLong: true, Description: description, Details: details, Matched: true}
}

// NoMatch returns a non-matching node; its value is 0.
func NoMatch(description string, details ...Explanation) Explanation {
	return Explanation{Description: description, Details: details}
}

// Descriptions of the no-match nodes Lucene produces.
const (
	// NoMatchingTerm is TermWeight's explanation for a document without the term.
	NoMatchingTerm = "no matching term"
	// NoMatchingClauses is BooleanWeight's explanation when no clause matches.
	NoMatchingClauses = "No matching clauses"
	// NoMatchingClause (singular) is DisjunctionMaxWeight's explanation when no clause matches.
	NoMatchingClause = "No matching clause"
	// FailedRequiredOrProhibited is BooleanWeight's explanation when a MUST/FILTER clause
	// misses or a MUST_NOT clause matches.
	FailedRequiredOrProhibited = "Failure to meet condition(s) of required/prohibited clause(s)"
)

// Sum adds scores in float64 and rounds the total to float32, as Lucene's disjunction and
// conjunction scorers do. Lucene's ReqOptSumScorer sums the required group and the
// optional group separately (each rounded to float32) and then adds the two the same way,
// so callers mirror that grouping.
func Sum(values ...float32) float32 {
	var s float64
	for _, v := range values {
		s += float64(v)
	}
	return float32(s)
}

// SumOf is BooleanWeight's match node, "sum of:", whose value is the document's boolean
// score (computed by the caller, see Sum) over the explanations of the matching clauses.
func SumOf(score float32, details ...Explanation) Explanation {
	return Match(score, "sum of:", details...)
}

// RequiredNonScoringClause is how BooleanWeight shows a matching FILTER clause (and a MUST
// clause that does not score): value 0 with a "# clause" node and the clause's explanation.
func RequiredNonScoringClause(inner Explanation) Explanation {
	return Match(0, "match on required clause, product of:", Match(0, "# clause"), inner)
}

// NoMatchRequired is the child BooleanWeight adds for a MUST/FILTER clause that does not
// match; query is the clause query's toString.
func NoMatchRequired(query string, inner Explanation) Explanation {
	return NoMatch("no match on required clause ("+query+")", inner)
}

// MatchProhibited is the child BooleanWeight adds for a MUST_NOT clause that matches.
func MatchProhibited(query string, inner Explanation) Explanation {
	return NoMatch("match on prohibited clause ("+query+")", inner)
}

// MinShouldMatchFailure is BooleanWeight's node when too few SHOULD clauses match.
func MinShouldMatchFailure(minShouldMatch int, details ...Explanation) Explanation {
	return NoMatch("Failure to match minimum number of optional clauses: "+strconv.Itoa(minShouldMatch), details...)
}

// DisMax is DisjunctionMaxWeight's explanation over the clause explanations of a document.
// Matching clauses give "max of:" (tie breaker 0) or "max plus <tie> times others of:"
// with value max + tie*sum(others) computed in float64; with none matching the result is
// the "No matching clause" node over the non-matching explanations.
func DisMax(tieBreaker float32, clauses ...Explanation) Explanation {
	var max, others float64
	var matched, missed []Explanation
	for _, e := range clauses {
		if !e.Matched {
			if matched == nil {
				missed = append(missed, e)
			}
			continue
		}
		matched = append(matched, e)
		v := float64(e.Value)
		if v >= max {
			others += max
			max = v
		} else {
			others += v
		}
	}
	if matched == nil {
		return NoMatch(NoMatchingClause, missed...)
	}
	score := float32(max + others*float64(tieBreaker))
	desc := "max of:"
	if tieBreaker != 0 {
		desc = "max plus " + FormatFloat(tieBreaker) + " times others of:"
	}
	return Match(score, desc, matched...)
}

// ConstantScore is ConstantScoreWeight's match node: the query's toString, with "^<score>"
// appended when the score is not 1. match_all is ConstantScore("*:*", boost) and the
// constant_score query is ConstantScore("ConstantScore(<inner>)", boost).
func ConstantScore(query string, score float32) Explanation {
	if score != 1 {
		query += "^" + FormatFloat(score)
	}
	return Match(score, query)
}

// ConstantScoreNoMatch is ConstantScoreWeight's node for a document the query misses.
func ConstantScoreNoMatch(query string, doc int) Explanation {
	return NoMatch(query + " doesn't match id " + strconv.Itoa(doc))
}

// MatchAllQuery is the toString of MatchAllDocsQuery.
const MatchAllQuery = "*:*"

// TermQueryString is TermQuery.toString: field:term.
func TermQueryString(field, term string) string {
	return field + ":" + term
}

// PhraseQueryString is PhraseQuery.toString: field:"a b c", with "~slop" when slop > 0.
// An empty string in terms stands for a position gap and prints as "?".
func PhraseQueryString(field string, terms []string, slop int) string {
	b := make([]byte, 0, len(field)+16*len(terms))
	b = append(b, field...)
	b = append(b, ':', '"')
	for i, t := range terms {
		if i > 0 {
			b = append(b, ' ')
		}
		if t == "" {
			b = append(b, '?')
		} else {
			b = append(b, t...)
		}
	}
	b = append(b, '"')
	if slop != 0 {
		b = append(b, '~')
		b = strconv.AppendInt(b, int64(slop), 10)
	}
	return string(b)
}
