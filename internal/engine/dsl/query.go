package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// Query is one node of a parsed query tree.
type Query interface {
	// Kind is the query's name in the DSL, e.g. "match".
	Kind() string
	// Common returns the options every query has.
	Common() *Base
}

// Base holds what every query carries.
type Base struct {
	// Boost multiplies the score; 1 when absent.
	Boost float32
	// Name is the _name option (reported in matched_queries).
	Name string
	// Line and Col locate the query's object in the request.
	Line, Col int
}

// Common returns b.
func (b *Base) Common() *Base { return b }

func newBase(v *xcontent.Value) Base { return Base{Boost: 1, Line: v.Line, Col: v.Col} }

// Operator is how the terms of a full-text query combine.
type Operator uint8

// Operators.
const (
	OperatorOr Operator = iota
	OperatorAnd
)

// ZeroTerms says what a full-text query does when analysis leaves no token.
type ZeroTerms uint8

// zero_terms_query values.
const (
	ZeroTermsNone ZeroTerms = iota
	ZeroTermsAll
)

// MatchAll matches every document with score = boost.
type MatchAll struct{ Base }

// MatchNone matches nothing.
type MatchNone struct{ Base }

// Match is the match query.
type Match struct {
	Base
	Field string
	// Query is the text (or number, or boolean) to match, as sent.
	Query               xcontent.Value
	Operator            Operator
	MinimumShouldMatch  string // "" when absent
	Fuzziness           *Fuzziness
	PrefixLength        int  // 0
	MaxExpansions       int  // 50
	FuzzyTranspositions bool // true
	FuzzyRewrite        string
	Analyzer            string
	ZeroTerms           ZeroTerms
	Lenient             bool
	// AutoGenerateSynonymsPhraseQuery defaults to true.
	AutoGenerateSynonymsPhraseQuery bool
	CutoffFrequency                 *float32
}

// MatchPhrase is match_phrase.
type MatchPhrase struct {
	Base
	Field     string
	Query     xcontent.Value
	Analyzer  string
	Slop      int
	ZeroTerms ZeroTerms
}

// MatchBoolPrefix is match_bool_prefix: the analysed terms as term (or
// fuzzy) clauses and the last one as a prefix clause.
type MatchBoolPrefix struct {
	Base
	Field               string
	Query               xcontent.Value
	Analyzer            string
	Operator            Operator
	MinimumShouldMatch  string
	Fuzziness           *Fuzziness
	PrefixLength        int  // 0
	MaxExpansions       int  // 50
	FuzzyTranspositions bool // true
	FuzzyRewrite        string
}

// MatchPhrasePrefix is match_phrase_prefix.
type MatchPhrasePrefix struct {
	Base
	Field         string
	Query         xcontent.Value
	Analyzer      string
	Slop          int
	MaxExpansions int // 50
	ZeroTerms     ZeroTerms
}

// FieldBoost is one entry of a fields list ("title^3").
type FieldBoost struct {
	Field string
	Boost float32
}

// MultiMatch is multi_match.
type MultiMatch struct {
	Base
	Query xcontent.Value
	// Fields in request order; empty means index.query.default_field.
	Fields []FieldBoost
	// Type is best_fields, most_fields, cross_fields, phrase,
	// phrase_prefix or bool_prefix.
	Type                            string
	Operator                        Operator
	MinimumShouldMatch              string
	TieBreaker                      *float32
	Fuzziness                       *Fuzziness
	PrefixLength                    int
	MaxExpansions                   int
	FuzzyTranspositions             bool
	FuzzyRewrite                    string
	Analyzer                        string
	Slop                            int
	Lenient                         *bool
	ZeroTerms                       ZeroTerms
	AutoGenerateSynonymsPhraseQuery bool
}

// Term is the term query.
type Term struct {
	Base
	Field string
	// Value is the value as sent (string, number, boolean, or whatever
	// JSON was given; the field type decides at execution).
	Value           xcontent.Value
	CaseInsensitive bool
}

// Terms is the terms query: Values, or a Lookup in another document.
type Terms struct {
	Base
	Field  string
	Values []xcontent.Value
	Lookup *TermsLookup
	// Bitmap is value_type bitmap: Values (or the looked-up stored value)
	// is one base64 serialized Roaring bitmap of the integers to match.
	Bitmap bool
	// BitmapBytes is the decoded bitmap given as the value (nil with a lookup).
	BitmapBytes []byte
}

// TermsLookup takes the terms from a field of another document.
type TermsLookup struct {
	Index, ID, Path, Routing string
	// Store reads the values from stored fields instead of _source.
	Store bool
}

// Range is the range query. From and To are nil when unbounded.
type Range struct {
	Base
	Field        string
	From, To     *xcontent.Value
	IncludeLower bool // true unless gt (or include_lower: false)
	IncludeUpper bool // true unless lt (or include_upper: false)
	Format       string
	TimeZone     string
	Relation     string
}

// Exists matches documents with a value in Field (a pattern).
type Exists struct {
	Base
	Field string
}

// IDs matches documents by _id.
type IDs struct {
	Base
	Values []string
}

// Prefix is the prefix query.
type Prefix struct {
	Base
	Field, Value    string
	Rewrite         string
	CaseInsensitive bool
}

// Wildcard is the wildcard query (* and ?).
type Wildcard struct {
	Base
	Field, Value    string
	Rewrite         string
	CaseInsensitive bool
}

// Regexp is the regexp query in Lucene syntax.
type Regexp struct {
	Base
	Field, Value string
	// Flags is the flags string ("ALL" when absent), FlagsValue the
	// numeric form when sent as flags_value.
	Flags                 string
	FlagsValue            *int
	CaseInsensitive       bool
	MaxDeterminizedStates int // 10000
	Rewrite               string
}

// Fuzzy is the fuzzy query.
type Fuzzy struct {
	Base
	Field          string
	Value          xcontent.Value
	Fuzziness      Fuzziness // AUTO when absent
	PrefixLength   int       // 0
	MaxExpansions  int       // 50
	Transpositions bool      // true
	Rewrite        string
}

// Bool is the bool query.
type Bool struct {
	Base
	Must, Should, Filter, MustNot []Query
	MinimumShouldMatch            string
	AdjustPureNegative            bool // true
}

// ConstantScore wraps a filter and scores its matches with the boost.
type ConstantScore struct {
	Base
	Filter Query
}

// DisMax scores with the best clause plus tie_breaker times the others.
type DisMax struct {
	Base
	Queries    []Query
	TieBreaker float32
}

// FunctionScore modifies the scores of Query with Functions.
type FunctionScore struct {
	Base
	Query     Query // match_all when absent
	Functions []ScoreFunction
	// ScoreMode: multiply (default), sum, avg, first, max, min.
	ScoreMode string
	// BoostMode: multiply (default), replace, sum, avg, max, min; "" when
	// absent (OpenSearch then uses multiply).
	BoostMode string
	MaxBoost  float32 // math.MaxFloat32 when absent
	MinScore  *float32
}

// ScoreFunction is one function of function_score. Exactly one of the
// function fields is set, except for a bare weight.
type ScoreFunction struct {
	Filter Query // match_all when absent
	// Weight multiplies the function's result (or is the function).
	Weight *float32
	// FunctionName is the function's _name.
	FunctionName string
	// FieldValueFactor is field_value_factor.
	FieldValueFactor *FieldValueFactor
	// RandomScore is random_score.
	RandomScore *RandomScore
	// Decay is gauss, exp or linear.
	Decay *Decay
	// ScriptScore is the raw script_score object.
	ScriptScore *xcontent.Value
}

// FieldValueFactor is field_value_factor.
type FieldValueFactor struct {
	Field    string
	Factor   float32 // 1
	Modifier string  // none, log, log1p, log2p, ln, ln1p, ln2p, square, sqrt, reciprocal
	Missing  *float64
}

// RandomScore is random_score.
type RandomScore struct {
	Seed  *xcontent.Value
	Field string
}

// Decay is a gauss, exp or linear function on one field.
type Decay struct {
	Function string // gauss, exp or linear
	Field    string
	// Params is the field's raw {origin, scale, offset, decay} object,
	// read on execution where the field type is known.
	Params         *xcontent.Value
	MultiValueMode string // min (default), max, avg, sum
}

// Nested runs Query on each object of the nested field Path.
type Nested struct {
	Base
	Path  string
	Query Query
	// ScoreMode: avg (default), max, min, sum, none.
	ScoreMode      string
	IgnoreUnmapped bool
	// InnerHits is the raw inner_hits object, nil when absent.
	InnerHits *xcontent.Value
}

// QueryString is query_string; Query is parsed by package querystring at
// execution, as OpenSearch does on the shard.
type QueryString struct {
	Base
	Query                           string
	DefaultField                    string
	Fields                          []FieldBoost
	DefaultOperator                 Operator
	Analyzer                        string
	QuoteAnalyzer                   string
	QuoteFieldSuffix                string
	AllowLeadingWildcard            bool // true
	AnalyzeWildcard                 bool
	EnablePositionIncrements        bool // true
	Escape                          bool
	FuzzyPrefixLength               int // 0
	FuzzyMaxExpansions              int // 50
	FuzzyRewrite                    string
	FuzzyTranspositions             bool // true
	Fuzziness                       Fuzziness
	PhraseSlop                      int
	TieBreaker                      *float32
	Rewrite                         string
	MinimumShouldMatch              string
	Lenient                         *bool
	TimeZone                        string
	Type                            string // best_fields
	MaxDeterminizedStates           int    // 10000
	AutoGenerateSynonymsPhraseQuery bool   // true
}

// SimpleQueryString is simple_query_string.
type SimpleQueryString struct {
	Base
	Query           string
	Fields          []FieldBoost
	Analyzer        string
	DefaultOperator Operator
	// Flags is the enabled-operator mask (FlagAll by default).
	Flags                           SimpleFlags
	Lenient                         *bool
	AnalyzeWildcard                 bool
	AutoGenerateSynonymsPhraseQuery bool // true
	FuzzyPrefixLength               int
	FuzzyMaxExpansions              int // 50
	FuzzyTranspositions             bool
	MinimumShouldMatch              string
	QuoteFieldSuffix                string
}

// Kind returns "match_all".
func (*MatchAll) Kind() string { return "match_all" }

// Kind returns "match_none".
func (*MatchNone) Kind() string { return "match_none" }

// Kind returns "match".
func (*Match) Kind() string { return "match" }

// Kind returns "match_phrase".
func (*MatchPhrase) Kind() string { return "match_phrase" }

// Kind returns "match_phrase_prefix".
func (*MatchPhrasePrefix) Kind() string { return "match_phrase_prefix" }

// Kind implements Query.
func (*MatchBoolPrefix) Kind() string { return "match_bool_prefix" }

// Kind returns "multi_match".
func (*MultiMatch) Kind() string { return "multi_match" }

// Kind returns "term".
func (*Term) Kind() string { return "term" }

// Kind returns "terms".
func (*Terms) Kind() string { return "terms" }

// Kind returns "range".
func (*Range) Kind() string { return "range" }

// Kind returns "exists".
func (*Exists) Kind() string { return "exists" }

// Kind returns "ids".
func (*IDs) Kind() string { return "ids" }

// Kind returns "prefix".
func (*Prefix) Kind() string { return "prefix" }

// Kind returns "wildcard".
func (*Wildcard) Kind() string { return "wildcard" }

// Kind returns "regexp".
func (*Regexp) Kind() string { return "regexp" }

// Kind returns "fuzzy".
func (*Fuzzy) Kind() string { return "fuzzy" }

// Kind returns "bool".
func (*Bool) Kind() string { return "bool" }

// Kind returns "constant_score".
func (*ConstantScore) Kind() string { return "constant_score" }

// Kind returns "dis_max".
func (*DisMax) Kind() string { return "dis_max" }

// Kind returns "function_score".
func (*FunctionScore) Kind() string { return "function_score" }

// Kind returns "nested".
func (*Nested) Kind() string { return "nested" }

// Kind returns "query_string".
func (*QueryString) Kind() string { return "query_string" }

// Kind returns "simple_query_string".
func (*SimpleQueryString) Kind() string { return "simple_query_string" }
