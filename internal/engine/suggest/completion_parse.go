package suggest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// CompletionOptions are the completion suggester's settings
// (CompletionSuggestionBuilder).
type CompletionOptions struct {
	SkipDuplicates bool
	Fuzzy          *FuzzyOptions
	Regex          *RegexOptions
	// Contexts is the raw "contexts" object, read against each index's
	// context mappings when the suggestion is built.
	Contexts *xcontent.Value
}

// FuzzyOptions are the "fuzzy" settings (FuzzyOptions).
type FuzzyOptions struct {
	Edits          int
	Transpositions bool
	MinLength      int
	PrefixLength   int
	UnicodeAware   bool
}

// RegexOptions are the "regex" settings (RegexOptions).
type RegexOptions struct {
	Flags int // a RegexpFlag bit set
}

// The Lucene RegExp syntax flags (RegexpFlag).
const (
	flagIntersection = 0x0001
	flagComplement   = 0x0002
	flagEmpty        = 0x0004
	flagAnyString    = 0x0008
	flagInterval     = 0x0020
	flagAll          = 0xffff
)

// regexpFlags are the RegexpFlag names.
var regexpFlags = map[string]int{"INTERSECTION": flagIntersection, "COMPLEMENT": flagComplement, "EMPTY": flagEmpty,
	"ANYSTRING": flagAnyString, "INTERVAL": flagInterval, "NONE": 0, "ALL": flagAll}

// defaultFuzzy is FuzzyOptions.Builder's defaults: AUTO fuzziness, which
// the completion query resolves without a term (one edit).
func defaultFuzzy() *FuzzyOptions {
	return &FuzzyOptions{Edits: 1, Transpositions: true, MinLength: 3, PrefixLength: 1}
}

// parseCompletion is CompletionSuggestionBuilder's ObjectParser.
func parseCompletion(v *xcontent.Value) (*Suggestion, *apierr.Error) {
	s := &Suggestion{Kind: KindCompletion, Size: 5, Completion: &CompletionOptions{}}
	c := s.Completion
	hasField := false
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		var err *apierr.Error
		switch m.Key {
		case "field", "analyzer":
			if val.Kind != xcontent.String {
				return nil, valueTypeErr("completion", m)
			}
			if m.Key == "field" {
				s.Field, hasField = val.Text(), true
			} else {
				s.Analyzer = val.Text()
			}
		case "size", "shard_size":
			if val.Kind != xcontent.Number && val.Kind != xcontent.String {
				return nil, valueTypeErr("completion", m)
			}
			var n int
			if n, err = intValue(val); err == nil {
				switch {
				case n <= 0 && m.Key == "size":
					err = apierr.IllegalArgument("size must be positive")
				case n <= 0:
					err = apierr.IllegalArgument("shardSize must be positive")
				case m.Key == "size":
					s.Size = n
				default:
					s.ShardSize = &n
				}
			}
		case "skip_duplicates":
			if val.Kind != xcontent.Bool && val.Kind != xcontent.String {
				return nil, valueTypeErr("completion", m)
			}
			switch val.Text() {
			case "true":
				c.SkipDuplicates = true
			case "false":
				c.SkipDuplicates = false
			default:
				err = apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", val.Text())
			}
		case "fuzzy":
			switch val.Kind {
			case xcontent.Bool:
				if val.Bool {
					c.Fuzzy = defaultFuzzy()
				}
			case xcontent.Object:
				c.Fuzzy, err = parseFuzzy(val)
			default:
				return nil, valueTypeErr("completion", m)
			}
		case "regex":
			if val.Kind != xcontent.Object {
				return nil, valueTypeErr("completion", m)
			}
			c.Regex, err = parseRegexOptions(val)
		case "contexts", "context":
			if val.Kind != xcontent.Object {
				return nil, valueTypeErr("completion", m)
			}
			c.Contexts = val
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [completion] unknown field ["+m.Key+"]")
		}
		if err != nil {
			if err.Type == apierr.TypeXContentParse {
				return nil, err
			}
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [completion] failed to parse field ["+m.Key+"]").WithCause(err)
		}
	}
	if !hasField {
		return nil, apierr.New(apierr.TypeParse, "the required field option [field] is missing")
	}
	return s, nil
}

// valueTypeErr is ObjectParser's error for a value of the wrong kind.
func valueTypeErr(parser string, m *xcontent.Member) *apierr.Error {
	return apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Value.Line, m.Value.Col)+" ["+parser+"] "+m.Key+" doesn't support values of type: "+m.Value.Token())
}

// parseFuzzy is FuzzyOptions.parse.
func parseFuzzy(v *xcontent.Value) (*FuzzyOptions, *apierr.Error) {
	f := defaultFuzzy()
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		if !val.IsScalar() {
			return nil, valueTypeErr("fuzzy", m)
		}
		var err *apierr.Error
		switch m.Key {
		case "fuzziness":
			fz, ferr := dsl.ParseFuzziness(val)
			if ferr != nil {
				err = apierr.FromXContent(ferr)
				break
			}
			// Fuzziness.asDistance() without a term: AUTO measures a
			// five-character stand-in.
			f.Edits = fz.Distance("xxxxx")
		case "transpositions", "unicode_aware":
			if val.Kind != xcontent.Bool && val.Kind != xcontent.String {
				return nil, valueTypeErr("fuzzy", m)
			}
			b := false
			switch val.Text() {
			case "true":
				b = true
			case "false":
			default:
				err = apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", val.Text())
			}
			if m.Key == "transpositions" {
				f.Transpositions = b
			} else {
				f.UnicodeAware = b
			}
		case "min_length", "prefix_length", "max_determinized_states":
			if val.Kind != xcontent.Number && val.Kind != xcontent.String {
				return nil, valueTypeErr("fuzzy", m)
			}
			var n int
			if n, err = intValue(val); err == nil && n < 0 {
				err = apierr.IllegalArgument("%s must not be negative", map[string]string{"min_length": "fuzzyMinLength",
					"prefix_length": "fuzzyPrefixLength", "max_determinized_states": "maxDeterminizedStates"}[m.Key])
			}
			switch m.Key {
			case "min_length":
				f.MinLength = n
			case "prefix_length":
				f.PrefixLength = n
			}
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [fuzzy] unknown field ["+m.Key+"]")
		}
		if err != nil {
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [fuzzy] failed to parse field ["+m.Key+"]").WithCause(err)
		}
	}
	return f, nil
}

// parseRegexOptions is RegexOptions.parse.
func parseRegexOptions(v *xcontent.Value) (*RegexOptions, *apierr.Error) {
	r := &RegexOptions{Flags: flagAll}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		if !val.IsScalar() {
			return nil, valueTypeErr("regex", m)
		}
		var err *apierr.Error
		switch m.Key {
		case "flags", "flags_value":
			switch val.Kind {
			case xcontent.String:
				r.Flags, err = resolveRegexpFlags(val.Str)
			case xcontent.Number:
				r.Flags, err = intValue(val)
			default:
				err = apierr.Parse("regex flags supports string or number")
			}
		case "max_determinized_states":
			if val.Kind != xcontent.Number && val.Kind != xcontent.String {
				return nil, valueTypeErr("regex", m)
			}
			var n int
			if n, err = intValue(val); err == nil && n < 0 {
				err = apierr.IllegalArgument("maxDeterminizedStates must not be negative")
			}
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [regex] unknown field ["+m.Key+"]")
		}
		if err != nil {
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [regex] failed to parse field ["+m.Key+"]").WithCause(err)
		}
	}
	return r, nil
}

// resolveRegexpFlags is RegexpFlag.resolveValue: names joined by "|".
func resolveRegexpFlags(s string) (int, *apierr.Error) {
	if s == "" {
		return flagAll, nil
	}
	flags := 0
	for _, name := range strings.Split(s, "|") {
		f, ok := regexpFlags[strings.ToUpper(name)]
		if !ok {
			return 0, apierr.IllegalArgument("Unknown regexp flag [%s]", name)
		}
		if f == 0 {
			return 0, nil // NONE wins (RegexpFlag.resolveValue)
		}
		flags |= f
	}
	return flags, nil
}
