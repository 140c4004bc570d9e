package similarity

import (
	"errors"
	"math"
	"strconv"
)

// Default BM25 parameters (OpenSearch and Lucene).
const (
	DefaultK1 float32 = 1.2
	DefaultB  float32 = 0.75
)

// BM25 is the BM25 similarity. Legacy selects OpenSearch 2.x's LegacyBM25Similarity, which
// multiplies every score by (1 + k1) by passing boost*(1+k1) to Lucene's BM25 (the "boost"
// 2.2 node of 2.x explain output); without it the scorer is 3.x's plain BM25Similarity.
// The zero value is not useful: start from NewBM25.
type BM25 struct {
	K1     float32
	B      float32
	Legacy bool
}

// NewBM25 returns the default similarity: k1 1.2, b 0.75, with legacy set as asked
// (true for OpenSearch 2.x).
func NewBM25(legacy bool) BM25 {
	return BM25{K1: DefaultK1, B: DefaultB, Legacy: legacy}
}

// Validate reports the error Lucene's BM25Similarity constructor throws for bad
// parameters (IllegalArgumentException messages).
func (s BM25) Validate() error {
	k1 := float64(s.K1)
	if math.IsInf(k1, 0) || math.IsNaN(k1) || s.K1 < 0 {
		return errors.New("illegal k1 value: " + FormatFloat(s.K1) + ", must be a non-negative finite value")
	}
	if math.IsNaN(float64(s.B)) || s.B < 0 || s.B > 1 {
		return errors.New("illegal b value: " + FormatFloat(s.B) + ", must be between 0 and 1")
	}
	return nil
}

// CollectionStats are a field's statistics over the documents being scored (one shard,
// or the sum over shards for dfs_query_then_fetch).
type CollectionStats struct {
	// DocCount is the number of documents with at least one term in the field (N).
	DocCount int64
	// SumTotalTermFreq is the total number of tokens of the field over those documents.
	SumTotalTermFreq int64
}

// TermStats are a term's statistics.
type TermStats struct {
	// DocFreq is the number of documents containing the term (n).
	DocFreq int64
}

// IDF is Lucene's BM25 idf: log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)),
// evaluated in float64 and then rounded to float32.
func IDF(docFreq, docCount int64) float32 {
	return float32(math.Log(1 + (float64(docCount-docFreq)+0.5)/(float64(docFreq)+0.5)))
}

// AvgFieldLength is sumTotalTermFreq / docCount in float64, rounded to float32.
func AvgFieldLength(st CollectionStats) float32 {
	return float32(float64(st.SumTotalTermFreq) / float64(st.DocCount))
}

// EffectiveBoost is the boost BM25 sees for a query boost: queryBoost*(1+k1) with Legacy,
// else queryBoost.
func (s BM25) EffectiveBoost(queryBoost float32) float32 {
	if s.Legacy {
		onePlusK1 := 1 + s.K1
		return queryBoost * onePlusK1
	}
	return queryBoost
}

// Scorer scores one query term (or one phrase) against documents of one field with fixed
// statistics, like Lucene's BM25Scorer. It is immutable once built and safe for
// concurrent use.
type Scorer struct {
	boost  float32
	k1     float32
	b      float32
	avgdl  float32
	weight float32
	idf    Explanation
	cache  [256]float32
}

// Scorer builds the scorer for a term (one TermStats) or a phrase (several, whose idfs are
// summed) with the given query boost (1 when the query has none). stats.DocCount must be
// positive: Lucene does not score a field with no documents.
func (s BM25) Scorer(queryBoost float32, stats CollectionStats, terms ...TermStats) *Scorer {
	sc := &Scorer{boost: s.EffectiveBoost(queryBoost), k1: s.K1, b: s.B}
	if len(terms) == 1 {
		sc.idf = idfExplain(stats, terms[0])
	} else {
		sc.idf = phraseIDFExplain(stats, terms)
	}
	sc.avgdl = AvgFieldLength(stats)
	for i := range sc.cache {
		sc.cache[i] = 1 / (s.K1 * ((1 - s.B) + s.B*LengthTable(byte(i))/sc.avgdl))
	}
	sc.weight = sc.boost * sc.idf.Value
	return sc
}

// Score is the BM25 score of a document with the given term (or phrase) frequency and
// norm byte: weight - weight / (1 + freq * cache[norm]), all float32.
func (sc *Scorer) Score(freq float32, norm byte) float32 {
	normInverse := sc.cache[norm]
	// float32() stops the compiler fusing the multiply-add, which Java never does.
	return sc.weight - sc.weight/(1+float32(freq*normInverse))
}

// Weight is boost * idf.
func (sc *Scorer) Weight() float32 { return sc.weight }

// IDF is the scorer's idf (summed over the terms for a phrase).
func (sc *Scorer) IDF() float32 { return sc.idf.Value }

// AvgDL is the average field length the scorer uses.
func (sc *Scorer) AvgDL() float32 { return sc.avgdl }

// Boost is the effective boost (2.2 times the query boost with Legacy).
func (sc *Scorer) Boost() float32 { return sc.boost }

// Explain is BM25Scorer.explain: the "score(freq=...), computed as boost * idf * tf from:"
// node for a document, given its freq leaf (FreqExplanation or PhraseFreqExplanation).
func (sc *Scorer) Explain(freq Explanation, norm byte) Explanation {
	subs := make([]Explanation, 0, 3)
	if sc.boost != 1 {
		subs = append(subs, Match(sc.boost, "boost"))
	}
	subs = append(subs, sc.idf, sc.explainTF(freq, norm))
	f := freq.Value
	score := sc.weight - sc.weight/(1+float32(f*sc.cache[norm]))
	return Match(score, "score(freq="+FormatFloat(f)+"), computed as boost * idf * tf from:", subs...)
}

func (sc *Scorer) explainTF(freq Explanation, norm byte) Explanation {
	doclen := LengthTable(norm)
	dl := "dl, length of field"
	if norm > 39 {
		dl = "dl, length of field (approximate)"
	}
	normInverse := 1 / (sc.k1 * ((1 - sc.b) + sc.b*doclen/sc.avgdl))
	f := freq.Value
	return Match(1-1/(1+float32(f*normInverse)),
		"tf, computed as freq / (freq + k1 * (1 - b + b * dl / avgdl)) from:",
		freq,
		Match(sc.k1, "k1, term saturation parameter"),
		Match(sc.b, "b, length normalization parameter"),
		Match(doclen, dl),
		Match(sc.avgdl, "avgdl, average length of field"),
	)
}

func idfExplain(stats CollectionStats, t TermStats) Explanation {
	return Match(IDF(t.DocFreq, stats.DocCount),
		"idf, computed as log(1 + (N - n + 0.5) / (n + 0.5)) from:",
		MatchLong(t.DocFreq, "n, number of documents containing term"),
		MatchLong(stats.DocCount, "N, total number of documents with field"),
	)
}

// phraseIDFExplain sums the term idfs in float64 before rounding, as Lucene does.
func phraseIDFExplain(stats CollectionStats, terms []TermStats) Explanation {
	details := make([]Explanation, len(terms))
	var sum float64
	for i, t := range terms {
		details[i] = idfExplain(stats, t)
		sum += float64(details[i].Value)
	}
	return Match(float32(sum), "idf, sum of:", details...)
}

// FreqExplanation is the freq leaf of a term query explanation.
func FreqExplanation(freq float32) Explanation {
	return Match(freq, "freq, occurrences of term within document")
}

// PhraseFreqExplanation is the freq leaf of a phrase query explanation ("phraseFreq=1.0").
func PhraseFreqExplanation(freq float32) Explanation {
	return Match(freq, "phraseFreq="+FormatFloat(freq))
}

// WeightExplanation wraps a similarity explanation as TermWeight/PhraseWeight do:
// "weight(<query> in <doc>) [PerFieldSimilarity], result of:". query is the Lucene
// Query.toString (see TermQueryString, PhraseQueryString) and doc the segment-local doc id.
func WeightExplanation(query string, doc int, score Explanation) Explanation {
	return Match(score.Value, "weight("+query+" in "+strconv.Itoa(doc)+") [PerFieldSimilarity], result of:", score)
}
