package indices

import (
	"context"
	"net/http"

	"github.com/clustersearch/clustersearch-go/internal/transport"
	"github.com/clustersearch/clustersearch-go/types"
)

// AnalyzeRequest is the body of Analyze. Name either an analyzer, or a
// tokenizer with filters and char filters (filters alone run on the keyword
// tokenizer), or a normalizer, or a field (whose index analyzer applies);
// with none of them the index's default analyzer (standard without an
// index) applies.
type AnalyzeRequest struct {
	// Text holds the values to analyze; positions and offsets continue from
	// one value to the next, as in a multi-valued field.
	Text []string `json:"text"`
	// Analyzer names a built-in analyzer, or one of the index's.
	Analyzer string `json:"analyzer,omitempty"`
	// Tokenizer is a name (string) or an inline definition
	// (map[string]any with a "type").
	Tokenizer any `json:"tokenizer,omitempty"`
	// Filter and CharFilter hold names (string) or inline definitions
	// (map[string]any with a "type"), applied in order.
	Filter     []any `json:"filter,omitempty"`
	CharFilter []any `json:"char_filter,omitempty"`
	// Normalizer names one of the index's normalizers.
	Normalizer string `json:"normalizer,omitempty"`
	// Field names a field of the index's mapping.
	Field string `json:"field,omitempty"`
	// Explain asks for the Detail answer instead of Tokens; Attributes then
	// limits the extended token attributes to those named (all by default).
	Explain    bool     `json:"explain,omitempty"`
	Attributes []string `json:"attributes,omitempty"`
}

// AnalyzeResponse lists the tokens the analysis produced.
type AnalyzeResponse struct {
	types.ResponseMeta

	Tokens []AnalyzeToken `json:"tokens"`
	// Detail is the answer of an explain request.
	Detail *AnalyzeDetail `json:"detail,omitempty"`
}

// AnalyzeDetail is the explain answer: the tokens of a whole analyzer that is
// not built from components (Analyzer), or each component's output.
type AnalyzeDetail struct {
	CustomAnalyzer bool                  `json:"custom_analyzer"`
	Analyzer       *AnalyzeTokenList     `json:"analyzer,omitempty"`
	CharFilters    []AnalyzeFilteredText `json:"charfilters,omitempty"`
	Tokenizer      *AnalyzeTokenList     `json:"tokenizer,omitempty"`
	TokenFilters   []AnalyzeTokenList    `json:"tokenfilters,omitempty"`
}

// AnalyzeTokenList is the output of one analyzer or component.
type AnalyzeTokenList struct {
	Name   string         `json:"name"`
	Tokens []AnalyzeToken `json:"tokens"`
}

// AnalyzeFilteredText is a char filter's output, one entry per text value.
type AnalyzeFilteredText struct {
	Name         string   `json:"name"`
	FilteredText []string `json:"filtered_text"`
}

// AnalyzeToken is one token. Offsets count UTF-16 code units of the text
// (as Java strings do), continuing over the values of Text.
type AnalyzeToken struct {
	Token       string `json:"token"`
	StartOffset int    `json:"start_offset"`
	EndOffset   int    `json:"end_offset"`
	// Type is the token type: "<ALPHANUM>", "<NUM>" ... from the standard
	// tokenizer, "word" from most others, "shingle" for shingles.
	Type     string `json:"type"`
	Position int    `json:"position"`
	// PositionLength is set (above 1) for tokens spanning several
	// positions, such as shingles; 0 means 1.
	PositionLength int `json:"positionLength,omitempty"`
	// Bytes, Keyword and TermFrequency are extended attributes of explain
	// answers: the term's UTF-8 bytes as Lucene prints them ("[66 6f 78]"),
	// whether a filter marked the token as a keyword (present only when the
	// analyzer has such a filter), and the term frequency.
	Bytes         string `json:"bytes,omitempty"`
	Keyword       *bool  `json:"keyword,omitempty"`
	TermFrequency int    `json:"termFrequency,omitempty"`
}

// Analyze runs text through an analyzer and returns its tokens:
// POST /_analyze, or /<index>/_analyze when index (an index or an alias of
// one index) is given, which makes the index's analyzers, components,
// normalizers and fields available.
func (s *Service) Analyze(ctx context.Context, index string, req *AnalyzeRequest) (*AnalyzeResponse, error) {
	if req == nil {
		req = &AnalyzeRequest{}
	}
	out := new(AnalyzeResponse)
	r := &transport.Request{Method: http.MethodPost, Path: transport.Path(index, "_analyze"), Body: req}
	if _, err := s.t.Do(ctx, r, out); err != nil {
		return nil, err
	}
	return out, nil
}
