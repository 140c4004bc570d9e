package search

import (
	"slices"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
)

// MurmurHash3_x86_32's published test vectors.
func TestMurmur3Vectors(t *testing.T) {
	cases := []struct {
		in   string
		seed uint32
		want uint32
	}{
		{"", 0, 0},
		{"", 1, 0x514E28B7},
		{"", 0xffffffff, 0x81F16F39},
		{"\x00\x00\x00\x00", 0, 0x2362F9DE},
		{"aaaa", 0x9747b28c, 0x5A97808A},
		{"abc", 0, 0xB3DD93FA},
		{"Hello, world!", 0x9747b28c, 0x24884CBA},
		{"The quick brown fox jumps over the lazy dog", 0x9747b28c, 0x2FA826CD},
	}
	for _, c := range cases {
		if got := uint32(murmur3([]byte(c.in), int32(c.seed))); got != c.want {
			t.Errorf("murmur3(%q, %#x) = %#x, want %#x", c.in, c.seed, got, c.want)
		}
	}
}

// Java's String.hashCode and Long.hashCode.
func TestJavaHashes(t *testing.T) {
	for s, want := range map[string]int32{"": 0, "a": 97, "hello": 99162322, "\U0001F600": 1772899} {
		if got := javaHash(s); got != want {
			t.Errorf("javaHash(%q) = %d, want %d", s, got, want)
		}
	}
	for v, want := range map[int64]int32{0: 0, 7: 7, 1 << 32: 1, -1: 0, 1<<32 + 5: 4} {
		if got := longHash(v); got != want {
			t.Errorf("longHash(%d) = %d, want %d", v, got, want)
		}
	}
	if bitMix(0, 0) != 0 || bitMix(5, 5) != 0 || bitMix(1, 0) == 1 {
		t.Error("bitMix is mix32(key ^ seed)")
	}
}

func TestRandomScore(t *testing.T) {
	f := newFixture(t, 1, `{"properties":{"k":{"type":"keyword"},"n":{"type":"long"},"t":{"type":"text"}}}`,
		[2]string{"1", `{"k":["b","a"],"n":[7,3]}`}, [2]string{"2", `{"k":"a","n":3}`}, [2]string{"3", `{"k":"zz"}`}, [2]string{"4", `{}`})
	salt := bitMix(42, javaHash("idx")<<10|0)
	score := func(h int32) float32 { return float32(h&0xFFFFFF) / float32(1<<24) }
	byID := func(q string) map[string]float32 {
		out := map[string]float32{}
		for _, h := range f.search(q).Hits {
			out[h.Doc.ID] = h.Score
		}
		return out
	}
	// _id: each id hashed; keyword: the smallest value (docs 1 and 2 tie);
	// long: the smallest value as decimal text; no value: the salted seed.
	got := byID(`{"function_score":{"functions":[{"random_score":{"seed":42,"field":"_id"}}],"boost_mode":"replace"}}`)
	for _, id := range []string{"1", "2", "3", "4"} {
		if want := score(murmur3([]byte(id), salt)); got[id] != want {
			t.Errorf("_id %s: %v, want %v", id, got[id], want)
		}
	}
	got = byID(`{"function_score":{"functions":[{"random_score":{"seed":42,"field":"k"}}],"boost_mode":"replace"}}`)
	want := map[string]float32{"1": score(murmur3([]byte("a"), salt)), "2": score(murmur3([]byte("a"), salt)), "3": score(murmur3([]byte("zz"), salt)), "4": score(salt)}
	if !mapsEqual(got, want) {
		t.Errorf("keyword: %v, want %v", got, want)
	}
	got = byID(`{"function_score":{"functions":[{"random_score":{"seed":42,"field":"n"},"weight":2}],"boost_mode":"replace"}}`)
	want = map[string]float32{"1": 2 * score(murmur3([]byte("3"), salt)), "2": 2 * score(murmur3([]byte("3"), salt)), "3": 2 * score(salt), "4": 2 * score(salt)}
	if !mapsEqual(got, want) {
		t.Errorf("long with weight: %v, want %v", got, want)
	}
	// A long seed is folded by Long.hashCode, a string one by String.hashCode.
	long := byID(`{"function_score":{"functions":[{"random_score":{"seed":4294967338,"field":"_id"}}],"boost_mode":"replace"}}`)
	str := byID(`{"function_score":{"functions":[{"random_score":{"seed":"x","field":"_id"}}],"boost_mode":"replace"}}`)
	ls, ss := bitMix(longHash(4294967338), javaHash("idx")<<10), bitMix(javaHash("x"), javaHash("idx")<<10)
	if long["2"] != score(murmur3([]byte("2"), ls)) || str["2"] != score(murmur3([]byte("2"), ss)) {
		t.Errorf("long seed %v, string seed %v", long, str)
	}
	// Without a seed every score is in [0, 1).
	for id, s := range byID(`{"function_score":{"functions":[{"random_score":{}}],"boost_mode":"replace"}}`) {
		if s < 0 || s >= 1 {
			t.Errorf("no seed: %s scored %v", id, s)
		}
	}
	for _, c := range []struct{ q, want string }{
		{`{"function_score":{"functions":[{"random_score":{"seed":1,"field":"nope"}}]}}`, "failed to create query: Field [nope] is not mapped on [[idx/" + f.x.UUID + "]] and cannot be used as a source of random numbers."},
		{`{"function_score":{"functions":[{"random_score":{"seed":1.5,"field":"k"}}]}}`, "random_score seed must be an int, long or string, not 'VALUE_NUMBER'"},
	} {
		res := Run(f.request(c.q))
		if len(res.Failures) == 0 || res.Failures[0].Err.Reason != c.want {
			t.Errorf("%s: failures %v, want %q", c.q, res.Failures, c.want)
		}
	}
}

func mapsEqual(a, b map[string]float32) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestRandomScoreWarnings(t *testing.T) {
	q := func(s string) []string {
		x, err := dsl.ParseJSON([]byte(s))
		if err != nil {
			t.Fatalf("parse %s: %v", s, err)
		}
		return Warnings(x)
	}
	if got := q(`{"bool":{"should":[{"function_score":{"functions":[{"random_score":{"seed":1}}]}},{"function_score":{"functions":[{"random_score":{"seed":2}}]}}]}}`); !slices.Equal(got, []string{seedRequiresField}) {
		t.Errorf("seed without field: %v", got)
	}
	if got := q(`{"function_score":{"functions":[{"random_score":{"seed":1,"field":"_id"}},{"random_score":{}}]}}`); got != nil {
		t.Errorf("seed with field, no seed: %v", got)
	}
}
