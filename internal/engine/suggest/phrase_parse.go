package suggest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// PhraseOptions are the phrase suggester's settings (PhraseSuggestionBuilder
// with PhraseSuggestionContext's defaults).
type PhraseOptions struct {
	MaxErrors               float32 // a fraction of the tokens (< 1) or a count
	Separator               string
	RealWordErrorLikelihood float32
	Confidence              float32
	GramSize                int // 0: not given (1, no shingle analyzers in the fake)
	ForceUnigrams           bool
	TokenLimit              int
	PreTag, PostTag         *string
	Collate                 *Collate
	Model                   Smoothing
	Generators              []Generator
}

// Collate is the collate section: a query template run per option.
type Collate struct {
	// Source is the template's JSON text; {{name}} is replaced by the
	// option's text ("suggestion") or a param.
	Source string
	Params map[string]string // name -> text to substitute
	Prune  bool
	// stored is set for {"id": ...} templates, which the fake cannot load.
	stored bool
}

// Smoothing is the language model's smoothing.
type Smoothing struct {
	Kind                   string // "stupid_backoff", "laplace", "linear_interpolation"
	Discount, Alpha        float64
	Trigram, Bigram, Unigr float64
}

// Generator is a direct_generator: a term-suggester-like candidate source.
type Generator struct {
	Field      string
	Size       *int
	PreFilter  string
	PostFilter string
	// The settings below are checked when the shards build the suggestion.
	SuggestMode, Sort, StringDistance *string
	Accuracy, MaxTermFreq, MinDocFreq *float32
	MaxEdits, MaxInspections          *int
	PrefixLength, MinWordLength       *int
}

// defaultBackoff is the DEFAULT_SCORER's discount: the float 0.4 widened to
// a double.
var defaultBackoff = float64(float32(0.4))

func defaultPhraseOptions() PhraseOptions {
	return PhraseOptions{MaxErrors: 0.5, Separator: " ", RealWordErrorLikelihood: 0.95, Confidence: 1, ForceUnigrams: true,
		TokenLimit: 10, Model: Smoothing{Kind: "stupid_backoff", Discount: defaultBackoff}}
}

// parsePhrase is PhraseSuggestionBuilder.fromXContent.
func parsePhrase(v *xcontent.Value) (*Suggestion, *apierr.Error) {
	s := &Suggestion{Kind: KindPhrase, Size: 5}
	o := defaultPhraseOptions()
	hasField, hasModel := false, false
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		var err *apierr.Error
		switch {
		case val.IsScalar():
			err = phraseValue(s, &o, m, &hasField)
		case val.Kind == xcontent.Array:
			if m.Key != "direct_generator" {
				return nil, parsingErr(val.Line, val.Col, "suggester[phrase]  doesn't support array field ["+m.Key+"]")
			}
			for j := range val.Items {
				if val.Items[j].Kind != xcontent.Object {
					break
				}
				g, gerr := parseGenerator(&val.Items[j])
				if gerr != nil {
					return nil, gerr
				}
				o.Generators = append(o.Generators, g)
			}
		default:
			switch m.Key {
			case "smoothing":
				if hasModel {
					return nil, apierr.IllegalArgument("only one smoothing model supported")
				}
				hasModel = true
				err = parseSmoothing(val, &o.Model)
			case "highlight":
				err = parseHighlight(val, &o)
			case "collate":
				err = parseCollate(val, &o)
			default:
				return nil, parsingErr(val.Line, val.Col, "suggester[phrase]  doesn't support array field ["+m.Key+"]")
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if !hasField {
		return nil, apierr.New(apierr.TypeParse, "the required field option [field] is missing")
	}
	s.Phrase = &o
	return s, nil
}

func phraseValue(s *Suggestion, o *PhraseOptions, m *xcontent.Member, hasField *bool) *apierr.Error {
	val := &m.Value
	var err *apierr.Error
	var f float32
	var n int
	switch m.Key {
	case "analyzer":
		s.Analyzer = val.Text()
	case "field":
		s.Field, *hasField = val.Text(), true
	case "size":
		if n, err = intValue(val); err == nil {
			if n <= 0 {
				return apierr.IllegalArgument("size must be positive")
			}
			s.Size = n
		}
	case "shard_size":
		if n, err = intValue(val); err == nil {
			s.ShardSize = &n
		}
	case "real_word_error_likelihood":
		if f, err = floatValue(val); err == nil {
			if f <= 0 {
				return apierr.IllegalArgument("real_word_error_likelihood must be > 0.0")
			}
			o.RealWordErrorLikelihood = f
		}
	case "confidence":
		if f, err = floatValue(val); err == nil {
			if f < 0 {
				return apierr.IllegalArgument("confidence must be >= 0.0")
			}
			o.Confidence = f
		}
	case "separator":
		o.Separator = val.Text()
	case "max_errors":
		if f, err = floatValue(val); err == nil {
			if f <= 0 {
				return apierr.IllegalArgument("max_error must be > 0.0")
			}
			o.MaxErrors = f
		}
	case "gram_size":
		if n, err = intValue(val); err == nil {
			if n < 1 {
				return apierr.IllegalArgument("gramSize must be >= 1")
			}
			o.GramSize = n
		}
	case "force_unigrams":
		b, ok := boolValue(val)
		if !ok {
			return apierr.IllegalArgument("Failed to parse value [%s] as only [true] or [false] are allowed.", val.Text())
		}
		o.ForceUnigrams = b
	case "token_limit":
		if n, err = intValue(val); err == nil {
			if n <= 0 {
				return apierr.IllegalArgument("token_limit must be >= 1")
			}
			o.TokenLimit = n
		}
	default:
		return parsingErr(val.Line, val.Col, "suggester[phrase] doesn't support field ["+m.Key+"]")
	}
	return err
}

func boolValue(v *xcontent.Value) (bool, bool) {
	switch {
	case v.Kind == xcontent.Bool:
		return v.Bool, true
	case v.Kind == xcontent.String && (v.Str == "true" || v.Str == "false"):
		return v.Str == "true", true
	}
	return false, false
}

// parseGenerator is DirectCandidateGeneratorBuilder.PARSER.
func parseGenerator(v *xcontent.Value) (Generator, *apierr.Error) {
	var g Generator
	hasField := false
	str := func(val *xcontent.Value) *string { s := val.Text(); return &s }
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		if !val.IsScalar() {
			return g, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [direct_generator] "+m.Key+" doesn't support values of type: "+val.Token())
		}
		var err *apierr.Error
		num := func() *int {
			n, e := intValue(val)
			err = e
			return &n
		}
		flt := func() *float32 {
			f, e := floatValue(val)
			err = e
			return &f
		}
		switch m.Key {
		case "field":
			g.Field, hasField = val.Text(), true
		case "pre_filter":
			g.PreFilter = val.Text()
		case "post_filter":
			g.PostFilter = val.Text()
		case "suggest_mode":
			g.SuggestMode = str(val)
		case "sort":
			g.Sort = str(val)
		case "string_distance":
			g.StringDistance = str(val)
		case "min_doc_freq":
			g.MinDocFreq = flt()
		case "accuracy":
			g.Accuracy = flt()
		case "max_term_freq":
			g.MaxTermFreq = flt()
		case "size":
			g.Size = num()
		case "max_inspections":
			g.MaxInspections = num()
		case "max_edits":
			g.MaxEdits = num()
		case "min_word_length":
			g.MinWordLength = num()
		case "prefix_length":
			g.PrefixLength = num()
		default:
			return g, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [direct_generator] unknown field ["+m.Key+"]")
		}
		if err != nil {
			return g, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" [direct_generator] failed to parse field ["+m.Key+"]").WithCause(err)
		}
	}
	if !hasField {
		return g, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.EndLine, v.EndCol)+" Required [field]")
	}
	return g, nil
}

// parseSmoothing is SmoothingModel.fromXContent.
func parseSmoothing(v *xcontent.Value, out *Smoothing) *apierr.Error {
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		if val.Kind != xcontent.Object {
			return parsingErr(val.Line, val.Col, "[smoothing] unknown token ["+val.Token()+"] after ["+m.Key+"]")
		}
		var s Smoothing
		switch m.Key {
		case "stupid_backoff", "stupidBackoff":
			s = Smoothing{Kind: "stupid_backoff", Discount: 0.4}
			for _, f := range val.Members {
				if f.Key != "discount" {
					return apierr.New(apierr.TypeXContentParse, xcontent.Loc(f.Line, f.Col)+" [stupid_backoff] unknown field ["+f.Key+"]")
				}
				d, ok := f.Value.Float64()
				if !ok {
					return apierr.New(apierr.TypeXContentParse, xcontent.Loc(f.Value.Line, f.Value.Col)+" [stupid_backoff] failed to parse field [discount]")
				}
				s.Discount = d
			}
		case "laplace":
			s = Smoothing{Kind: "laplace", Alpha: 0.5}
			for _, f := range val.Members {
				if f.Key != "alpha" {
					return apierr.New(apierr.TypeXContentParse, xcontent.Loc(f.Line, f.Col)+" [laplace] unknown field ["+f.Key+"]")
				}
				a, ok := f.Value.Float64()
				if !ok {
					return apierr.New(apierr.TypeXContentParse, xcontent.Loc(f.Value.Line, f.Value.Col)+" [laplace] failed to parse field [alpha]")
				}
				s.Alpha = a
			}
		case "linear_interpolation", "linearInterpolation":
			s = Smoothing{Kind: "linear_interpolation"}
			for _, f := range val.Members {
				if !f.Value.IsScalar() {
					return parsingErr(f.Value.Line, f.Value.Col, "[linear_interpolation] unknown token ["+f.Value.Token()+"] after ["+f.Key+"]")
				}
				x, ok := f.Value.Float64()
				var dst *float64
				name := ""
				switch f.Key {
				case "trigram_lambda", "trigramLambda":
					dst, name = &s.Trigram, "trigram_lambda"
				case "bigram_lambda", "bigramLambda":
					dst, name = &s.Bigram, "bigram_lambda"
				case "unigram_lambda", "unigramLambda":
					dst, name = &s.Unigr, "unigram_lambda"
				default:
					return apierr.IllegalArgument("suggester[phrase][smoothing][linear] doesn't support field [%s]", f.Key)
				}
				if !ok {
					return apierr.New(apierr.TypeNumberFormat, "For input string: \""+f.Value.Text()+"\"")
				}
				if x < 0 {
					return apierr.IllegalArgument("%s must be positive", name)
				}
				*dst = x
			}
			sum := s.Trigram + s.Bigram + s.Unigr
			if sum-1 > 0.001 || 1-sum > 0.001 {
				return apierr.IllegalArgument("linear smoothing lambdas must sum to 1")
			}
		default:
			return apierr.IllegalArgument("suggester[phrase] doesn't support object field [%s]", m.Key)
		}
		*out = s
	}
	return nil
}

func parseHighlight(v *xcontent.Value, o *PhraseOptions) *apierr.Error {
	var pre, post *string
	for i := range v.Members {
		m := &v.Members[i]
		if !m.Value.IsScalar() {
			continue
		}
		t := m.Value.Text()
		switch m.Key {
		case "pre_tag", "preTag":
			pre = &t
		case "post_tag", "postTag":
			post = &t
		default:
			return parsingErr(m.Value.Line, m.Value.Col, "suggester[phrase][highlight] doesn't support field ["+m.Key+"]")
		}
	}
	if (pre == nil) != (post == nil) {
		return apierr.IllegalArgument("Pre and post tag must both be null or both not be null.")
	}
	o.PreTag, o.PostTag = pre, post
	return nil
}

func parseCollate(v *xcontent.Value, o *PhraseOptions) *apierr.Error {
	c := &Collate{Params: map[string]string{}}
	hasQuery := false
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch m.Key {
		case "query":
			if hasQuery {
				return parsingErr(val.Line, val.Col, "suggester[phrase][collate] query already set, doesn't support additional ["+m.Key+"]")
			}
			hasQuery = true
			switch val.Kind {
			case xcontent.String:
				c.Source = val.Str
			case xcontent.Object:
				for _, sm := range val.Members {
					switch sm.Key {
					case "source", "inline":
						if sm.Value.Kind == xcontent.String {
							c.Source = sm.Value.Str
						} else {
							c.Source = string(sm.Value.AppendJSON(nil))
						}
					case "id":
						c.stored = true
					case "params":
						for _, p := range sm.Value.Members {
							c.Params[p.Key] = paramText(&p.Value)
						}
					case "lang", "options":
					default:
						return parsingErr(sm.Line, sm.Col, "Unexpected field ["+sm.Key+"] in script")
					}
				}
			default:
				return parsingErr(val.Line, val.Col, "Unexpected token ["+val.Token()+"] in script")
			}
		case "params":
			for _, p := range val.Members {
				c.Params[p.Key] = paramText(&p.Value)
			}
		case "prune":
			if val.Kind != xcontent.Bool {
				return parsingErr(val.Line, val.Col, "suggester[phrase][collate] prune must be either 'true' or 'false'")
			}
			c.Prune = val.Bool
		default:
			return parsingErr(val.Line, val.Col, "suggester[phrase][collate] doesn't support field ["+m.Key+"]")
		}
	}
	if hasQuery {
		o.Collate = c
	}
	return nil
}

// paramText is how mustache prints a parameter: strings as they are,
// other values as JSON.
func paramText(v *xcontent.Value) string {
	if v.Kind == xcontent.String {
		return v.Str
	}
	return string(v.AppendJSON(nil))
}
