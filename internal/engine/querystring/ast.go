// Package querystring parses the query_string syntax (Lucene's classic
// query parser as OpenSearch extends it; also the q= URL parameter) and the
// simple_query_string syntax into a small tree the executor runs.
//
// Parsing happens where OpenSearch does it: on the shard, when the query
// runs. Syntax errors come back as OpenSearch renders them: a
// query_shard_exception "Failed to parse query [q]" caused by Lucene's
// parse_exception "Cannot parse 'q': ...". simple_query_string never fails.
//
// Field names are kept as written: "" means the query's default fields
// (fields, default_field, df), "*" means all fields. Text is not analyzed
// here; the executor analyzes Term and Phrase text with the field's
// analyzer.
package querystring

import "github.com/clustersearch/clustersearch-go/internal/engine/dsl"

// Node is one node of a parsed query string.
type Node interface{ node() }

// Occur is how a clause takes part in a Bool.
type Occur uint8

// Occurrences.
const (
	Should Occur = iota
	Must
	MustNot
)

// String names the occurrence as Lucene prints it ("", "+", "-").
func (o Occur) String() string {
	switch o {
	case Must:
		return "+"
	case MustNot:
		return "-"
	}
	return ""
}

// Conj is the conjunction written before a clause.
type Conj uint8

// Conjunctions.
const (
	ConjNone Conj = iota
	ConjAnd
	ConjOr
)

// Mod is the modifier written before a clause.
type Mod uint8

// Modifiers.
const (
	ModNone Mod = iota
	ModNot      // NOT, ! or -
	ModReq      // +
)

// Clause is one clause of a Bool: its Occur as resolved with no clause
// dropped, and the Conj and Mod it was written with, for Resolve.
type Clause struct {
	Occur Occur
	Conj  Conj
	Mod   Mod
	Node  Node
}

// Bool is a boolean combination (Lucene BooleanQuery). A Bool with only
// MustNot clauses matches nothing by itself; OpenSearch adds a match_all to
// a pure negative query_string result (Queries.fixNegativeQueryIfNeeded).
type Bool struct {
	Clauses []Clause
}

// Term is text for one field, to be analyzed: each token becomes a clause
// (the default operator decides how they combine). Multi marks several bare
// words merged before analysis (Lucene's MultiTerm, OpenSearch splits on
// operators only), whose clauses are spliced into the enclosing Bool.
type Term struct {
	Field string
	Text  string
	Multi bool
}

// Phrase is quoted text, matched as a phrase with Slop.
type Phrase struct {
	Field string
	Text  string
	Slop  int
}

// Fuzzy is term~N: a fuzzy term query.
type Fuzzy struct {
	Field     string
	Text      string
	Fuzziness dsl.Fuzziness
}

// Prefix is term*.
type Prefix struct {
	Field string
	Text  string
}

// Wildcard is a pattern with * and ? (backslash escapes kept). On a
// concrete field the pattern "*" alone means the field exists.
type Wildcard struct {
	Field   string
	Pattern string
}

// Regexp is /pattern/ in Lucene regexp syntax.
type Regexp struct {
	Field   string
	Pattern string
}

// Range is [a TO b], {a TO b}, mixed forms, and >=a, >a, <=b, <b; a nil
// bound is open ("*").
type Range struct {
	Field                      string
	Lower, Upper               *string
	IncludeLower, IncludeUpper bool
}

// Exists is _exists_:field.
type Exists struct{ Field string }

// MatchAll is *:* (or * on all fields).
type MatchAll struct{}

// MatchNone is an empty query string.
type MatchNone struct{}

// Boost multiplies the score of Node.
type Boost struct {
	Node  Node
	Boost float32
}

func (*Bool) node()      {}
func (*Term) node()      {}
func (*Phrase) node()    {}
func (*Fuzzy) node()     {}
func (*Prefix) node()    {}
func (*Wildcard) node()  {}
func (*Regexp) node()    {}
func (*Range) node()     {}
func (*Exists) node()    {}
func (*MatchAll) node()  {}
func (*MatchNone) node() {}
func (*Boost) node()     {}

// Resolve recomputes the occurrences of clauses with Lucene's addClause
// rules when some clauses analyzed to nothing (dropped[i]); a dropped
// clause's conjunction still changes the clause before it. Dropped clauses
// get ok=false.
func Resolve(clauses []Clause, op dsl.Operator, dropped func(i int) bool) (occurs []Occur, ok []bool) {
	occurs = make([]Occur, len(clauses))
	ok = make([]bool, len(clauses))
	last := -1
	for i, c := range clauses {
		if last >= 0 && c.Conj == ConjAnd && occurs[last] != MustNot {
			occurs[last] = Must
		}
		if last >= 0 && op == dsl.OperatorAnd && c.Conj == ConjOr && occurs[last] != MustNot {
			occurs[last] = Should
		}
		if dropped != nil && dropped(i) {
			continue
		}
		occurs[i], ok[i] = occurFor(op, c.Conj, c.Mod), true
		last = i
	}
	return occurs, ok
}

// occurFor is the occurrence addClause gives a new clause.
func occurFor(op dsl.Operator, conj Conj, mod Mod) Occur {
	prohibited := mod == ModNot
	var required bool
	if op == dsl.OperatorOr {
		required = mod == ModReq || (conj == ConjAnd && !prohibited)
	} else {
		required = !prohibited && conj != ConjOr
	}
	switch {
	case prohibited:
		return MustNot
	case required:
		return Must
	}
	return Should
}
