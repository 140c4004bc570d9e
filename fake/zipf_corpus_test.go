package fake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/query"
)

// zipfDoc is one document of the Zipf corpus, kept in parsed form so the
// baseline index can be built without decoding JSON.
type zipfDoc struct {
	title, body []string
	tag         int
	num         int
	date        time.Time
}

// zipfCorpus is the search benchmark corpus of issue 17: 20,000 pseudo-words
// of 2-4 consonant-vowel syllables whose ranks follow Zipf s=1.1, documents
// with a 4-8 word title, a 55-65 word body, a tag of 50 values, a num of
// 0-9,999 and a date in 2020-2024.
type zipfCorpus struct {
	vocab []string
	docs  []zipfDoc
	// rank is each word's Zipf rank (0 is the most frequent).
	rank map[string]int
}

// newZipfCorpus builds n documents from a fixed seed, so every run and
// every package measures the same text.
func newZipfCorpus(n int) *zipfCorpus {
	r := rand.New(rand.NewPCG(17, 1))
	const consonants, vowels = "bcdfghjklmnprstvz", "aeiou"
	c := &zipfCorpus{vocab: make([]string, 20000), rank: make(map[string]int, 20000)}
	for i := range c.vocab {
		for {
			var w []byte
			for s := 0; s < 2+r.IntN(3); s++ {
				w = append(w, consonants[r.IntN(len(consonants))], vowels[r.IntN(len(vowels))])
			}
			if _, dup := c.rank[string(w)]; !dup {
				c.vocab[i] = string(w)
				c.rank[string(w)] = i
				break
			}
		}
	}
	zipf := rand.NewZipf(r, 1.1, 1, uint64(len(c.vocab)-1))
	words := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = c.vocab[zipf.Uint64()]
		}
		return out
	}
	from := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	span := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Sub(from)
	c.docs = make([]zipfDoc, n)
	for i := range c.docs {
		c.docs[i] = zipfDoc{
			title: words(4 + r.IntN(5)),
			body:  words(55 + r.IntN(11)),
			tag:   r.IntN(50),
			num:   r.IntN(10000),
			date:  from.Add(time.Duration(r.Int64N(int64(span)))).Truncate(time.Second),
		}
	}
	return c
}

// source is the document's JSON.
func (d *zipfDoc) source() []byte {
	return fmt.Appendf(nil, `{"title":%q,"body":%q,"tag":"t%d","num":%d,"date":%q}`,
		join(d.title), join(d.body), d.tag, d.num, d.date.Format(time.RFC3339))
}

func join(ws []string) string {
	var b bytes.Buffer
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// zipfMapping maps the corpus fields on one shard.
const zipfMapping = `{"settings":{"number_of_shards":1,"number_of_replicas":0},"mappings":{"properties":{"title":{"type":"text"},"body":{"type":"text"},"tag":{"type":"keyword"},"num":{"type":"integer"},"date":{"type":"date"}}}}`

// zipfQuery is one benchmark query in the three forms the runs need: the
// SDK builder (HTTP), its JSON (parsed by the engine) and the plain terms
// (the baseline).
type zipfQuery struct {
	sdk   query.Query
	json  []byte
	words []string
	// bool only: the tag and the num range [lo, lo+2500).
	tag, lo int
}

// zipfQueries draws n queries of each kind as issue 17 describes them:
// match = a word of a random document's body (not among the 50 most
// frequent ranks) OR a uniformly drawn word; bool = that match plus a term
// on tag and a range on num; phrase = two adjacent words of a random body.
func (c *zipfCorpus) zipfQueries(n int) (match, boolQ, phrase []zipfQuery) {
	r := rand.New(rand.NewPCG(17, 2))
	bodyWord := func() string {
		for {
			body := c.docs[r.IntN(len(c.docs))].body
			if w := body[r.IntN(len(body))]; c.rank[w] >= 50 {
				return w
			}
		}
	}
	for i := 0; i < n; i++ {
		ws := []string{bodyWord(), c.vocab[r.IntN(len(c.vocab))]}
		text := ws[0] + " " + ws[1]
		match = append(match, mustQuery(query.Match("body", text), ws, 0, 0))
		tag, lo := r.IntN(50), r.IntN(10000-2500)
		bq := query.Bool().Must(query.Match("body", text)).Filter(
			query.Term("tag", "t"+strconv.Itoa(tag)), query.Range("num").Gte(lo).Lt(lo+2500))
		boolQ = append(boolQ, mustQuery(bq, ws, tag, lo))
		body := c.docs[r.IntN(len(c.docs))].body
		j := r.IntN(len(body) - 1)
		pw := []string{body[j], body[j+1]}
		phrase = append(phrase, mustQuery(query.MatchPhrase("body", pw[0]+" "+pw[1]), pw, 0, 0))
	}
	return match, boolQ, phrase
}

func mustQuery(q query.Query, words []string, tag, lo int) zipfQuery {
	raw, err := json.Marshal(q)
	if err != nil {
		panic(err)
	}
	return zipfQuery{sdk: q, json: raw, words: words, tag: tag, lo: lo}
}

// zipfFixture is the corpus indexed in a fake server and in the baseline,
// with its queries.
type zipfFixture struct {
	server               *Server
	base                 *baselineIndex
	match, boolQ, phrase []zipfQuery
}

// loadZipf indexes n documents into a new server (index "zipf", one shard)
// and into the baseline index.
func loadZipf(n, queries int) (*zipfFixture, error) {
	c := newZipfCorpus(n)
	s, err := NewServer()
	if err != nil {
		return nil, err
	}
	if err := s.CreateIndex("zipf", zipfMapping); err != nil {
		s.Close()
		return nil, err
	}
	const batch = 5000
	for i := 0; i < n; i += batch {
		var docs []Doc
		for j := i; j < min(n, i+batch); j++ {
			docs = append(docs, Doc{ID: strconv.Itoa(j), Source: c.docs[j].source()})
		}
		if err := s.IndexDocuments("zipf", docs...); err != nil {
			s.Close()
			return nil, err
		}
	}
	f := &zipfFixture{server: s, base: newBaselineIndex(c)}
	f.match, f.boolQ, f.phrase = c.zipfQueries(queries)
	return f, nil
}

// zipf100k builds the 100,000-document fixture once per test process: the
// benchmark's sub-benchmarks and repeated -count runs share it, so a run
// spends its time searching rather than indexing. The server stays open
// until the process exits.
var zipf100k = sync.OnceValues(func() (*zipfFixture, error) { return loadZipf(100000, 1000) })

func zipfFixture100k(b *testing.B) *zipfFixture {
	f, err := zipf100k()
	if err != nil {
		b.Fatal(err)
	}
	return f
}
