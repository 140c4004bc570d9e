package suggest

import (
	"math"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// The suggester types (their names in requests and typed_keys).
const (
	KindTerm       = "term"
	KindPhrase     = "phrase"
	KindCompletion = "completion"
)

// kinds are the registered suggester names, for did-you-mean suggestions.
var kinds = []string{KindCompletion, KindPhrase, KindTerm}

// Request is a parsed "suggest" section.
type Request struct {
	// GlobalText is the section's "text", used by suggestions without their own.
	GlobalText *string
	// Suggestions are in request order.
	Suggestions []*Suggestion
}

// Suggestion is one named suggestion.
type Suggestion struct {
	Name string
	Kind string
	// Text, Prefix and Regex are the suggestion-level texts (nil when absent).
	Text, Prefix, Regex *string
	Field               string
	Analyzer            string
	// Size is the number of options per entry after the reduce (5).
	Size int
	// ShardSize is the number of options each shard returns (nil: max(size, 5)).
	ShardSize *int
	Term      TermOptions
	// Phrase holds the phrase suggester's settings (nil for other kinds).
	Phrase *PhraseOptions
	// Completion holds the completion suggester's settings (nil for other kinds).
	Completion *CompletionOptions
}

// SuggestMode is which tokens get suggestions (TermSuggestionBuilder.SuggestMode).
type SuggestMode uint8

// The suggest modes.
const (
	ModeMissing SuggestMode = iota
	ModePopular
	ModeAlways
)

// SortBy orders a term suggestion's options.
type SortBy uint8

// The sort orders.
const (
	SortScore SortBy = iota
	SortFrequency
)

// TermOptions are the term suggester's DirectSpellChecker settings.
type TermOptions struct {
	Mode           SuggestMode
	Accuracy       float32
	Sort           SortBy
	Distance       Distance
	MaxEdits       int
	MaxInspections int
	MaxTermFreq    float32
	PrefixLength   int
	MinWordLength  int
	MinDocFreq     float32
}

// DefaultTermOptions are DirectSpellcheckerSettings' defaults.
func DefaultTermOptions() TermOptions {
	return TermOptions{Accuracy: 0.5, Distance: DistanceInternal, MaxEdits: 2, MaxInspections: 5,
		MaxTermFreq: 0.01, PrefixLength: 1, MinWordLength: 4}
}

// NewTerm returns a term suggestion with the defaults, as the URL parameters
// (suggest_field, suggest_text...) build one.
func NewTerm(name, field string) *Suggestion {
	return &Suggestion{Name: name, Kind: KindTerm, Field: field, Size: 5, Term: DefaultTermOptions()}
}

func parsingErr(line, col int, reason string) *apierr.Error {
	return apierr.New(apierr.TypeParsing, reason, apierr.Meta{Key: "line", Value: line}, apierr.Meta{Key: "col", Value: col})
}

// Parse reads the body's "suggest" object (SuggestBuilder.fromXContent).
func Parse(v *xcontent.Value) (*Request, *apierr.Error) {
	req := &Request{}
	seen := map[string]bool{}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch {
		case val.IsScalar():
			if m.Key != "text" {
				return nil, apierr.IllegalArgument("[suggest] does not support [%s]", m.Key)
			}
			t := val.Text()
			req.GlobalText = &t
		case val.Kind == xcontent.Object:
			s, err := parseSuggestion(m.Key, val)
			if err != nil {
				return nil, err
			}
			if seen[m.Key] {
				return nil, apierr.IllegalArgument("already added another suggestion with name [%s]", m.Key)
			}
			seen[m.Key] = true
			req.Suggestions = append(req.Suggestions, s)
		default:
			return nil, parsingErr(val.Line, val.Col, "unexpected token ["+val.Token()+"] after ["+m.Key+"]")
		}
	}
	return req, nil
}

// parseSuggestion is SuggestionBuilder.fromXContent: the common texts and
// one suggester object.
func parseSuggestion(name string, v *xcontent.Value) (*Suggestion, *apierr.Error) {
	var text, prefix, regex *string
	var s *Suggestion
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch {
		case val.IsScalar():
			t := val.Text()
			switch m.Key {
			case "text":
				text = &t
			case "prefix":
				prefix = &t
			case "regex":
				regex = &t
			default:
				return nil, parsingErr(val.Line, val.Col, "suggestion does not support ["+m.Key+"]")
			}
		case val.Kind == xcontent.Object:
			var err *apierr.Error
			switch m.Key {
			case KindTerm:
				s, err = parseTerm(val)
			case KindPhrase:
				s, err = parsePhrase(val)
			case KindCompletion:
				s, err = parseCompletion(val)
			default:
				return nil, &apierr.Error{Status: 400, Type: "named_object_not_found_exception",
					Reason: xcontent.Loc(val.Line, val.Col) + " unknown field [" + m.Key + "]" + dsl.DidYouMean(m.Key, kinds)}
			}
			if err != nil {
				return nil, err
			}
		default:
			// The array's first value reaches the value branch under this name.
			line, col := val.Line, val.Col
			if len(val.Items) > 0 {
				line, col = val.Items[0].Line, val.Items[0].Col
			}
			return nil, parsingErr(line, col, "suggestion does not support ["+m.Key+"]")
		}
	}
	if s == nil {
		return nil, apierr.New(apierr.TypeParse, "missing suggestion object")
	}
	s.Name = name
	if text != nil {
		s.Text = text
	}
	if prefix != nil {
		s.Prefix = prefix
	}
	if regex != nil {
		s.Regex = regex
	}
	return s, nil
}

// parseTerm is TermSuggestionBuilder.fromXContent with the builder's checks.
func parseTerm(v *xcontent.Value) (*Suggestion, *apierr.Error) {
	s := NewTerm("", "")
	field := ""
	hasField := false
	o := &s.Term
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		if !val.IsScalar() {
			return nil, parsingErr(val.Line, val.Col, "suggester[term] parsing failed on ["+m.Key+"]")
		}
		var err *apierr.Error
		switch m.Key {
		case "analyzer":
			s.Analyzer = val.Text()
		case "field":
			field, hasField = val.Text(), true
		case "size":
			var n int
			if n, err = intValue(val); err == nil {
				if n <= 0 {
					return nil, apierr.IllegalArgument("size must be positive")
				}
				s.Size = n
			}
		case "shard_size":
			var n int
			if n, err = intValue(val); err == nil {
				s.ShardSize = &n
			}
		case "suggest_mode":
			o.Mode, err = parseMode(val.Text())
		case "accuracy":
			var f float32
			if f, err = floatValue(val); err == nil {
				if f < 0 || f > 1 {
					return nil, apierr.IllegalArgument("accuracy must be between 0 and 1")
				}
				o.Accuracy = f
			}
		case "sort":
			switch strings.ToUpper(val.Text()) {
			case "SCORE":
				o.Sort = SortScore
			case "FREQUENCY":
				o.Sort = SortFrequency
			default:
				return nil, apierr.IllegalArgument("No enum constant org.opensearch.search.suggest.SortBy.%s", strings.ToUpper(val.Text()))
			}
		case "string_distance":
			d, ok := distanceByName[strings.ToLower(val.Text())]
			if !ok {
				return nil, apierr.IllegalArgument("Illegal distance option %s", val.Text())
			}
			o.Distance = d
		case "max_edits":
			var n int
			if n, err = intValue(val); err == nil {
				if n < 1 || n > 2 {
					return nil, apierr.IllegalArgument("maxEdits must be between 1 and 2")
				}
				o.MaxEdits = n
			}
		case "max_inspections":
			var n int
			if n, err = intValue(val); err == nil {
				if n < 0 {
					return nil, apierr.IllegalArgument("maxInspections must be positive")
				}
				o.MaxInspections = n
			}
		case "max_term_freq":
			var f float32
			if f, err = floatValue(val); err == nil {
				if f < 0 {
					return nil, apierr.IllegalArgument("maxTermFreq must be positive")
				}
				if f > 1 && float64(f) != math.Floor(float64(f)) {
					return nil, apierr.IllegalArgument("if maxTermFreq is greater than 1, it must not be a fraction")
				}
				o.MaxTermFreq = f
			}
		case "prefix_length":
			var n int
			if n, err = intValue(val); err == nil {
				if n < 0 {
					return nil, apierr.IllegalArgument("prefixLength must be positive")
				}
				o.PrefixLength = n
			}
		case "min_word_length":
			var n int
			if n, err = intValue(val); err == nil {
				if n < 1 {
					return nil, apierr.IllegalArgument("minWordLength must be greater or equal to 1")
				}
				o.MinWordLength = n
			}
		case "min_doc_freq":
			var f float32
			if f, err = floatValue(val); err == nil {
				if f < 0 {
					return nil, apierr.IllegalArgument("minDocFreq must be positive")
				}
				if f > 1 && float64(f) != math.Floor(float64(f)) {
					return nil, apierr.IllegalArgument("if minDocFreq is greater than 1, it must not be a fraction")
				}
				o.MinDocFreq = f
			}
		default:
			return nil, parsingErr(val.Line, val.Col, "suggester[term] doesn't support field ["+m.Key+"]")
		}
		if err != nil {
			return nil, err
		}
	}
	if !hasField {
		return nil, apierr.New(apierr.TypeParse, "the required field option [field] is missing")
	}
	s.Field = field
	return s, nil
}

// ParseMode resolves a suggest_mode name (SuggestMode.resolve).
func ParseMode(s string) (SuggestMode, *apierr.Error) { return parseMode(s) }

func parseMode(s string) (SuggestMode, *apierr.Error) {
	switch strings.ToUpper(s) {
	case "MISSING":
		return ModeMissing, nil
	case "POPULAR":
		return ModePopular, nil
	case "ALWAYS":
		return ModeAlways, nil
	}
	return 0, apierr.IllegalArgument("No enum constant org.opensearch.search.suggest.term.TermSuggestionBuilder.SuggestMode.%s", strings.ToUpper(s))
}

// intValue is XContentParser.intValue: numbers (fractions truncated) and
// numeric strings.
func intValue(v *xcontent.Value) (int, *apierr.Error) {
	f, err := floatValue(v)
	if err != nil {
		return 0, err
	}
	if f > math.MaxInt32 || f < math.MinInt32 {
		return 0, apierr.IllegalArgument("Numeric value (%s) out of range of int (-2147483648 - 2147483647)", v.Text())
	}
	return int(f), nil
}

// floatValue is XContentParser.floatValue.
func floatValue(v *xcontent.Value) (float32, *apierr.Error) {
	switch v.Kind {
	case xcontent.Number:
		f, _ := v.Float64()
		return float32(f), nil
	case xcontent.String:
		f, err := strconv.ParseFloat(strings.TrimSpace(v.Str), 64)
		if err != nil {
			return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+v.Str+"\"")
		}
		return float32(f), nil
	}
	return 0, apierr.IllegalArgument("Current token (%s) not numeric, can not use numeric value accessors", v.Token())
}
