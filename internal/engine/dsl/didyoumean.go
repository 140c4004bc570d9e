package dsl

// DidYouMean is SuggestingErrorOnUnknown.suggest for other packages' unknown
// names (suggester types): "", " did you mean [x]?" or " did you mean any of
// [a, b]?".
func DidYouMean(unknown string, candidates []string) string { return suggest(unknown, candidates) }
