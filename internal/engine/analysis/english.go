package analysis

import "strings"

// englishPossessiveFilter is Lucene's EnglishPossessiveFilter: it removes a trailing 's
// (with ', U+2019 or U+FF07 as the apostrophe, s in either case).
type englishPossessiveFilter struct{}

func (englishPossessiveFilter) filter(toks []Token, _ *arena, _ int) []Token {
	for i := range toks {
		t := toks[i].Term
		if n := len(t); n >= 2 && (t[n-1] == 's' || t[n-1] == 'S') {
			for _, apos := range [...]string{"'", "\u2019", "\uff07"} {
				if strings.HasSuffix(t[:n-1], apos) {
					toks[i].Term = t[:n-1-len(apos)]
					break
				}
			}
		}
	}
	return toks
}

// porterStemFilter is Lucene's PorterStemFilter; keyword-marked tokens and terms in
// keywords (the analyzer's stem_exclusion, as SetKeywordMarkerFilter marks them) are left
// alone.
type porterStemFilter struct{ keywords map[string]struct{} }

func (f porterStemFilter) filter(toks []Token, _ *arena, _ int) []Token {
	for i := range toks {
		if _, kw := f.keywords[toks[i].Term]; !kw && !toks[i].Keyword {
			toks[i].Term = PorterStem(toks[i].Term)
		}
	}
	return toks
}

// NewEnglish returns Lucene's EnglishAnalyzer: the standard tokenizer, the English
// possessive filter, lowercase, the stop words (nil: the English set), then the Porter
// stemmer, which leaves the stemExclusion terms alone.
func NewEnglish(stopwords, stemExclusion []string) Analyzer {
	if stopwords == nil {
		stopwords = englishStopWords()
	}
	stem := porterStemFilter{}
	if len(stemExclusion) > 0 {
		stem.keywords = make(map[string]struct{}, len(stemExclusion))
		for _, w := range stemExclusion {
			stem.keywords[w] = struct{}{}
		}
	}
	return &pipeline{
		tok: standardTokenizer{maxLen: DefaultMaxTokenLength},
		filters: []tokenFilter{
			englishPossessiveFilter{}, lowercaseFilter{}, newStopFilter(stopwords, false), stem,
		},
	}
}
