package painless

// ScoreHost is the document and shard a score script runs on, as
// ScoreScript exposes them to ScoreScriptUtils' functions.
type ScoreHost interface {
	// RandomScore is randomScore(seed[, field]): a number in [0, 1) hashed
	// from the field's first doc value (field "": the document number),
	// salted with the index and shard; ok false when the document has no
	// value for the field.
	RandomScore(seed int32, field string) (score float64, ok bool)
	// TermFreq is the frequency of term in the document's field.
	TermFreq(field, term string) int32
	// TotalTermFreq is the term's total frequency in the field on the shard.
	TotalTermFreq(field, term string) int64
	// SumTotalTermFreq is the field's total term frequency on the shard.
	SumTotalTermFreq(field string) int64
}

// hostedFunction returns the score context's functions that read the
// document and shard (ScoreScriptUtils.RandomScoreDoc and RandomScoreField,
// and the 2.10 term statistics functions, less tf, which 2.10 took back out:
// OpenSearch PR #9995), with their return types.
func hostedFunction(name string, arity int) (func(h ScoreHost, args []any) any, typ) {
	str := func(v any) string { return convertForStore(v, tyString).(string) }
	switch {
	case name == "randomScore" && (arity == 1 || arity == 2):
		return func(h ScoreHost, a []any) any {
			seed := convertForStore(a[0], tyInt).(int32)
			field := ""
			if len(a) == 2 {
				field = str(a[1])
			}
			v, ok := h.RandomScore(seed, field)
			if !ok {
				throw("IllegalStateException", "A document doesn't have a value for a field! Use doc[<field>].size()==0 to check if a document is missing a field!")
			}
			return v
		}, tyDouble
	case name == "termFreq" && arity == 2:
		return func(h ScoreHost, a []any) any { return h.TermFreq(str(a[0]), str(a[1])) }, tyInt
	case name == "totalTermFreq" && arity == 2:
		return func(h ScoreHost, a []any) any { return h.TotalTermFreq(str(a[0]), str(a[1])) }, tyLong
	case name == "sumTotalTermFreq" && arity == 1:
		return func(h ScoreHost, a []any) any { return h.SumTotalTermFreq(str(a[0])) }, tyLong
	}
	return nil, tyDef
}
