// Package suggest implements OpenSearch's search suggesters for the fake:
// parsing the body's "suggest" section (SuggestBuilder.fromXContent and the
// suggestion builders' parsers), running them per shard against the shard's
// terms, and reducing the shard results as the coordinating node does
// (Suggest.reduce).
//
// The term suggester follows Lucene's DirectSpellChecker: candidates come
// from a Levenshtein (with transpositions) walk over the shard's sorted
// terms, first within one edit and then within max_edits, scored by the
// FuzzyTermsEnum boost (1 - edits / min(len(candidate), len(term))) or by
// the chosen string distance, filtered by suggest_mode, min_doc_freq and
// max_term_freq, sorted by score or frequency and cut to shard_size; shard
// results merge by text (highest score, summed freq) and cut to size.
//
// Phrase and completion suggesters parse but answer the fake's 501 error.
package suggest
