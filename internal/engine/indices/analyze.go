package indices

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// DefaultMaxTokenCount is index.analyze.max_token_count's default, which also
// bounds _analyze requests without an index.
const DefaultMaxTokenCount = 10000

// AnalyzeRequest is a parsed _analyze request (AnalyzeAction.Request).
type AnalyzeRequest struct {
	Texts       []string
	Analyzer    string
	Normalizer  string
	Field       string
	Tokenizer   *analysis.Component
	CharFilters []analysis.Component
	Filters     []analysis.Component
	// Explain asks for the detailed answer; the fake gives it for built-in
	// analyzers only.
	Explain bool
}

// AnalyzeResult is the answer to an _analyze request.
type AnalyzeResult struct {
	Tokens []analysis.AnalyzedToken
	// Explained names the built-in analyzer of an explain request (the
	// detail's analyzer.name); empty without explain.
	Explained string
}

// Analyze answers an _analyze request on the index or alias name ("" for
// none), as TransportAnalyzeAction picks the analyzer and runs it.
func (s *Service) Analyze(name string, req AnalyzeRequest) (AnalyzeResult, *apierr.Error) {
	if name == "" {
		toks, e := analyzeGlobal(req)
		if e != nil {
			return AnalyzeResult{}, e
		}
		return explained(req, toks, nil)
	}
	toks, ia, e := s.analyzeOn(name, req)
	if e != nil {
		return AnalyzeResult{}, e
	}
	return explained(req, toks, ia)
}

// explained adds the analyzer name of an explain request, which the fake
// serves for the built-in analyzers (not redefined by the index): they are
// not AnalyzerComponentsProviders, so 2.19 lists their tokens whole.
func explained(req AnalyzeRequest, toks []analysis.AnalyzedToken, ia *analysis.IndexAnalysis) (AnalyzeResult, *apierr.Error) {
	res := AnalyzeResult{Tokens: toks}
	if !req.Explain {
		return res, nil
	}
	name := req.Analyzer
	plain := req.Tokenizer == nil && len(req.Filters) == 0 && len(req.CharFilters) == 0 && req.Normalizer == "" && req.Field == ""
	if name == "" && ia == nil {
		name = "standard"
	}
	if _, builtin := analysis.Builtin(name); !plain || !builtin || (ia != nil && ia.Defines(name)) {
		return res, apierr.Unsupported("[explain] on _analyze with a custom analyzer, normalizer, field or index default analyzer")
	}
	res.Explained = name
	return res, nil
}

// analyzeOn serves a request on the index or alias name.
func (s *Service) analyzeOn(name string, req AnalyzeRequest) ([]analysis.AnalyzedToken, *analysis.IndexAnalysis, *apierr.Error) {
	target, _, terr := s.ReadTarget(name)
	if terr != nil {
		return nil, nil, terr
	}
	x, ok := s.Get(target)
	if !ok {
		return nil, nil, apierr.IndexNotFound(name, apierr.ResourceIndexExpression)
	}
	if e := x.Blocked(BlockRead); e != nil {
		return nil, nil, e
	}
	st := x.Settings()
	maxTokens := DefaultMaxTokenCount
	if v, ok := st["index.analyze.max_token_count"]; ok {
		if n, err := strconv.Atoi(v.Str); err == nil {
			maxTokens = n
		}
	}
	ia, err := analysis.NewIndexAnalysis(flatSettings(st))
	if err != nil {
		return nil, nil, analysisError(err)
	}
	a, gap, e := x.analyzeAnalyzer(ia, req)
	if e != nil {
		return nil, nil, e
	}
	toks, e := runAnalyze(a, req.Texts, gap, maxTokens)
	return toks, ia, e
}

// analyzeGlobal serves a request without an index: built-in analyzers and
// components only, whose position gap is Lucene's 0.
func analyzeGlobal(req AnalyzeRequest) ([]analysis.AnalyzedToken, *apierr.Error) {
	var a analysis.Analyzer
	switch {
	case req.Tokenizer != nil || len(req.Filters) > 0 || len(req.CharFilters) > 0:
		var err error
		if a, err = analysis.AdHoc(analysis.CustomDef{}, true, req.Tokenizer == nil, tokenizerOrKeyword(req), req.CharFilters, req.Filters); err != nil {
			return nil, analysisError(err)
		}
	case req.Analyzer != "":
		var ok bool
		if a, ok = analysis.Builtin(req.Analyzer); !ok {
			return nil, apierr.IllegalArgument("failed to find global analyzer [%s]", req.Analyzer)
		}
	case req.Normalizer != "":
		return nil, apierr.IllegalArgument("analysis based on a normalizer requires an index")
	case req.Field != "":
		return nil, apierr.IllegalArgument("analysis based on a specific field requires an index")
	default:
		a, _ = analysis.Builtin("standard")
	}
	return runAnalyze(a, req.Texts, 0, DefaultMaxTokenCount)
}

// tokenizerOrKeyword is the request's tokenizer; filters alone run on the
// keyword tokenizer.
func tokenizerOrKeyword(req AnalyzeRequest) analysis.Component {
	if req.Tokenizer != nil {
		return *req.Tokenizer
	}
	return analysis.Component{Name: "keyword"}
}

// analyzeAnalyzer picks the analyzer of a request on index x and its
// position increment gap.
func (x *Index) analyzeAnalyzer(ia *analysis.IndexAnalysis, req AnalyzeRequest) (analysis.Analyzer, int, *apierr.Error) {
	if req.Tokenizer != nil || len(req.Filters) > 0 || len(req.CharFilters) > 0 {
		a, err := analysis.AdHoc(ia.Components(), false, req.Tokenizer == nil, tokenizerOrKeyword(req), req.CharFilters, req.Filters)
		if err != nil {
			return nil, 0, analysisError(err)
		}
		return a, 0, nil
	}
	if req.Analyzer != "" {
		a, ok := ia.Analyzer(req.Analyzer)
		if !ok {
			return nil, 0, apierr.IllegalArgument("failed to find analyzer [%s]", req.Analyzer)
		}
		return a, ia.PositionIncrementGap(req.Analyzer), nil
	}
	if req.Normalizer != "" {
		n, ok := ia.Normalizer(req.Normalizer)
		if !ok {
			return nil, 0, apierr.IllegalArgument("failed to find normalizer under [%s]", req.Normalizer)
		}
		return analysis.NormalizerAnalyzer(n), 0, nil
	}
	if req.Field != "" {
		if f := x.Mapping().Lookup(req.Field); f != nil {
			return fieldIndexAnalyzer(ia, f, req.Field)
		}
	}
	return ia.Default(), ia.PositionIncrementGap("default"), nil
}

// fieldIndexAnalyzer is a field's index analyzer as its MappedFieldType
// gives it: text fields' analyzer with the field's position_increment_gap,
// keyword fields' normalizer or the keyword analyzer.
func fieldIndexAnalyzer(ia *analysis.IndexAnalysis, f *mapping.Field, path string) (analysis.Analyzer, int, *apierr.Error) {
	switch f.Type {
	case mapping.TypeText, "match_only_text", "search_as_you_type":
		name, _ := f.Params["analyzer"].(string)
		a := ia.Default()
		if name != "" {
			if named, ok := ia.Analyzer(name); ok {
				a = named
			}
		}
		gap := positionIncrementGap
		if g, ok := f.Params["position_increment_gap"]; ok {
			if n, err := strconv.Atoi(toString(g)); err == nil {
				gap = n
			}
		}
		return a, gap, nil
	case mapping.TypeKeyword:
		if name, _ := f.Params["normalizer"].(string); name != "" {
			if n, ok := ia.Normalizer(name); ok {
				return analysis.NormalizerAnalyzer(n), 0, nil
			}
		}
		a, _ := analysis.Builtin("keyword")
		return a, 0, nil
	}
	return nil, 0, apierr.IllegalArgument("Can't process field [%s], Analysis requests are only supported on tokenized fields", path)
}

func toString(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case int:
		return strconv.Itoa(t)
	case int64:
		return strconv.FormatInt(t, 10)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	}
	return ""
}

func runAnalyze(a analysis.Analyzer, texts []string, gap, maxTokens int) ([]analysis.AnalyzedToken, *apierr.Error) {
	toks, err := analysis.AnalyzeTexts(a, texts, gap, 1, maxTokens)
	if err != nil {
		return nil, analysisError(err)
	}
	return toks, nil
}

// flatSettings turns index settings into the lists NewIndexAnalysis reads.
func flatSettings(st settings.Settings) map[string][]string {
	out := make(map[string][]string, len(st))
	for k, v := range st {
		if v.IsList {
			out[k] = v.List
		} else {
			out[k] = []string{v.Str}
		}
	}
	return out
}
