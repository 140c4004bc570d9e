package analysis

import "testing"

// Every component added beside the original ones, on awkward input: no panic, and
// offsets stay inside the text in order.
func TestComponentsOnAwkwardText(t *testing.T) {
	p := func(kv ...string) map[string][]string {
		m := map[string][]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = append(m[kv[i]], kv[i+1])
		}
		return m
	}
	defs := []CustomDef{
		{Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "ngram", Params: p("min_gram", "1", "max_gram", "2", "token_chars", "letter")}}},
		{Tokenizer: "edge_ngram"},
		{Tokenizer: "lowercase"},
		{Tokenizer: "pattern"},
		{Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "char_group", Params: p("tokenize_on_chars", "whitespace", "tokenize_on_chars", "-")}}},
		{Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "simple_pattern", Params: p("pattern", "[a-z]+")}}},
		{Tokenizer: "t", Tokenizers: map[string]TokenizerDef{"t": {Type: "simple_pattern_split", Params: p("pattern", "-")}}},
		{Tokenizer: "whitespace", Filter: []string{"ngram", "edge_ngram", "truncate", "reverse", "decimal_digit", "apostrophe", "elision", "shingle", "word_delimiter_graph"}},
		{Tokenizer: "whitespace", Filter: []string{"w", "s"}, Filters: map[string]FilterDef{
			"w": {Type: "word_delimiter_graph", Params: p("catenate_all", "true", "preserve_original", "true")},
			"s": {Type: "shingle", Params: p("max_shingle_size", "3", "output_unigrams", "false")}}},
		{Tokenizer: "standard", CharFilter: []string{"m", "r"}, Filter: []string{"stop", "shingle"}, CharFilters: map[string]FilterDef{
			"m": {Type: "mapping", Params: p("mappings", "a => xyz", "mappings", "bc => ")},
			"r": {Type: "pattern_replace", Params: p("pattern", "x+", "replacement", "")}}},
	}
	texts := []string{"", " ", "--", "a", "\xff\xfe", "😀-a😀's", "The a bc abc-DEF 42 ١٢ l'été", "a\u2019b   c--d", "x\ny\r\nz"}
	for i, def := range defs {
		def.Name = "a"
		a, err := NewCustom(def)
		if err != nil {
			t.Fatalf("def %d: %v", i, err)
		}
		for _, text := range texts {
			for _, tok := range a.Analyze(nil, text) {
				if tok.StartOffset < 0 || tok.StartOffset > tok.EndOffset || tok.EndOffset > len(text) || tok.Position < 0 {
					t.Errorf("def %d, %q: bad token %+v", i, text, tok)
				}
			}
		}
	}
}
