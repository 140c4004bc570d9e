package search

// Values of the string options of Highlight and HighlightOptions, as the
// server spells them.
const (
	// HighlighterUnified is Lucene's unified highlighter, the default: passages cut at
	// sentence boundaries (bounded by fragment_size) and ranked by a BM25-like score.
	HighlighterUnified = "unified"
	// HighlighterPlain is Lucene's classic highlighter: fragments of about fragment_size
	// characters ranked by the number of distinct query terms in them.
	HighlighterPlain = "plain"
	// HighlighterFastVector is the fast vector highlighter; the field needs
	// term_vector: with_positions_offsets.
	HighlighterFastVector = "fvh"

	// HighlightOrderScore sorts the fragments by score (the default keeps document order
	// for the unified highlighter).
	HighlightOrderScore = "score"
	// HighlightOrderNone keeps the highlighter's own order.
	HighlightOrderNone = "none"

	// HighlightEncoderHTML escapes the text around the tags (& < > " ' /).
	HighlightEncoderHTML = "html"
	// HighlightEncoderDefault leaves the text as it is.
	HighlightEncoderDefault = "default"

	// HighlightTagsStyled uses <em class="hlt1"> ... </em> tags.
	HighlightTagsStyled = "styled"
	// HighlightTagsDefault uses <em> ... </em> tags.
	HighlightTagsDefault = "default"

	// BoundaryScannerSentence cuts unified passages at sentence boundaries (the default).
	BoundaryScannerSentence = "sentence"
	// BoundaryScannerWord makes each matched word its own unified passage.
	BoundaryScannerWord = "word"
	// BoundaryScannerChars scans for boundary_chars (fvh only).
	BoundaryScannerChars = "chars"

	// FragmenterSpan is the plain highlighter's default fragmenter: it does not split
	// phrase matches.
	FragmenterSpan = "span"
	// FragmenterSimple cuts plain fragments at fixed sizes.
	FragmenterSimple = "simple"
)
