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
// The phrase suggester follows NoisyChannelSpellChecker: each token of the
// text draws candidates from its direct generators (the term suggester's
// walk, with the frequency threshold of DirectCandidateGenerator), paths
// with at most max_errors corrections are scored as exp of the summed
// log10(channel * language model) per token (stupid backoff, laplace or
// linear interpolation over the field's unigram, bigram and trigram
// frequencies), and those above the input's score times confidence are
// kept, optionally highlighted and collated with a query template. The
// unigram model divides by the shard's sum of term frequencies plus its
// number of distinct terms, which Lucene reads from the segment when a
// shard has one segment: scores match a real shard whose documents were
// indexed before one refresh (several segments make Lucene use maxDoc).
//
// The completion suggester follows CompletionSuggester over Lucene's
// NRTSuggester: each completion input is indexed in a hidden keyword column
// of its field as its analysed form (tokens joined by the separator label,
// holes for removed positions), surface text, weight and contexts. A prefix
// matches forms starting with the analysed prefix and scores the weight; a
// fuzzy prefix accepts forms with a prefix within the allowed edits and
// multiplies the weight by the common start of the query and the shortest
// such prefix, where the FST intersection stops (FuzzyCompletionQuery); a
// regex (Lucene syntax, translated to Go) matches prefixes of the forms;
// category contexts filter and add their boost. Each shard replays the top-N
// path search (size times the number of FST prefixes reached, every input
// a path) and TopSuggestGroupDocsCollector (a document once, with the
// contexts of its paths; skip_duplicates by surface form), and shards merge
// through CompletionSuggestion.reduce's queue: score, text, shard (ShardId
// order), document.
package suggest
