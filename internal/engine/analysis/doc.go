// Package analysis turns text into terms the way OpenSearch's built-in analyzers do:
// standard (Lucene's StandardTokenizer, UAX#29 word boundaries with Lucene's token types,
// then lowercase), simple, whitespace, keyword, stop and english (Lucene's
// EnglishAnalyzer: possessives, stop words, PorterStem); custom analyzers built from the
// standard, whitespace, keyword and letter tokenizers and the lowercase, uppercase,
// asciifolding, stop, trim, length, unique, porter_stem and stemmer (english, porter,
// possessive_english) filters; keyword normalizers; and
// IndexAnalysis, which builds an index's analyzers from its settings.
//
// Offsets are byte offsets into the analyzed string. OpenSearch reports UTF-16 offsets in
// _analyze; UTF16Offsets converts. Token lengths (max_token_length, the length filter) are
// counted in UTF-16 units as Java does.
//
// Analyzers hold no mutable state and are safe for concurrent use. Build them once
// (Builtin and NewCustom allocate) and reuse them. The standard analyzer's Analyze
// allocates at most once per call, for the lowercased terms, and returns substrings of
// the input for terms that need no change.
//
// # Known differences from Lucene's StandardTokenizer
//
// Word boundaries come from github.com/clipperhouse/uax29 (Unicode 17); Lucene 9's
// grammar was generated from Unicode 9 (emoji data 11), so characters whose word-break
// properties changed since then may split differently. Beyond that:
//   - Line_Break=Complex_Context is approximated as the letters and marks of the Thai, Lao,
//     Myanmar, Khmer, Tai Le, New Tai Lue, Tai Tham, Tai Viet and Ahom scripts.
//   - A skin tone modifier after a pictograph that is not an Emoji_Modifier_Base stays in
//     the same <EMOJI> token; Lucene emits two.
//   - Input is expected to be valid UTF-8 (JSON decoding guarantees it); invalid bytes
//     never panic but may end up inside tokens.
//
// Not implemented (NewCustom reports them as Unsupported): char filters, the token
// filters and tokenizers outside the lists above, the language analyzers other than
// english, the stemmer languages other than english, porter and possessive_english, and
// the stop filter's remove_trailing: false.
package analysis
