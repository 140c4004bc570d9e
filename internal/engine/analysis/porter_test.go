package analysis

import (
	"testing"
	"unicode/utf8"
)

// The examples of Porter's paper and of the algorithm's published description.
var porterCases = []struct{ word, stem string }{
	{"caresses", "caress"}, {"ponies", "poni"}, {"ties", "ti"}, {"caress", "caress"},
	{"cats", "cat"}, {"feed", "feed"}, {"agreed", "agre"}, {"plastered", "plaster"},
	{"motoring", "motor"}, {"sing", "sing"}, {"conflated", "conflat"}, {"troubled", "troubl"},
	{"sized", "size"}, {"hopping", "hop"}, {"tanned", "tan"}, {"falling", "fall"},
	{"hissing", "hiss"}, {"fizzed", "fizz"}, {"failing", "fail"}, {"filing", "file"},
	{"happy", "happi"}, {"sky", "sky"}, {"relational", "relat"}, {"conditional", "condit"},
	{"rational", "ration"}, {"valenci", "valenc"}, {"digitizer", "digit"},
	{"conformabli", "conform"}, {"radicalli", "radic"}, {"differentli", "differ"},
	{"vileli", "vile"}, {"analogousli", "analog"}, {"vietnamization", "vietnam"},
	{"predication", "predic"}, {"operator", "oper"}, {"feudalism", "feudal"},
	{"decisiveness", "decis"}, {"hopefulness", "hope"}, {"callousness", "callous"},
	{"formaliti", "formal"}, {"sensitiviti", "sensit"}, {"sensibiliti", "sensibl"},
	{"triplicate", "triplic"}, {"formative", "form"}, {"formalize", "formal"},
	{"electriciti", "electr"}, {"electrical", "electr"}, {"hopeful", "hope"},
	{"goodness", "good"}, {"revival", "reviv"}, {"allowance", "allow"}, {"inference", "infer"},
	{"airliner", "airlin"}, {"gyroscopic", "gyroscop"}, {"adjustable", "adjust"},
	{"defensible", "defens"}, {"irritant", "irrit"}, {"replacement", "replac"},
	{"adjustment", "adjust"}, {"dependent", "depend"}, {"adoption", "adopt"},
	{"homologou", "homolog"}, {"communism", "commun"}, {"activate", "activ"},
	{"angulariti", "angular"}, {"homologous", "homolog"}, {"effective", "effect"},
	{"bowdlerize", "bowdler"}, {"probate", "probat"}, {"rate", "rate"}, {"cease", "ceas"},
	{"controll", "control"}, {"roll", "roll"},
	// Lucene's departures from the paper and edge cases.
	{"archaeologi", "archaeolog"}, {"is", "is"}, {"as", "as"}, {"ies", "i"}, {"sses", "ss"},
	{"yyyyed", "yyyi"}, {"", ""}, {"y", "y"}, {"generalizations", "gener"},
	{"oscillators", "oscil"}, {"driving", "drive"}, {"quickly", "quickli"},
	// Non-ASCII letters are consonants, one per UTF-16 unit: ñ makes b-a-ñ a cvc ending
	// (so the e comes back), 𝔁 is two units and does not.
	{"bañed", "bañe"}, {"ba𝔁ed", "ba𝔁"}, {"naïve", "naïv"},
}

func TestPorterStem(t *testing.T) {
	for _, c := range porterCases {
		if got := PorterStem(c.word); got != c.stem {
			t.Errorf("PorterStem(%q) = %q, want %q", c.word, got, c.stem)
		}
	}
}

func TestPorterStemNoCopyForPrefix(t *testing.T) {
	allocs := testing.AllocsPerRun(10, func() { _ = PorterStem("running") })
	// Short words are stemmed on the stack and a stem that is a prefix of the input is a
	// substring of it.
	if allocs != 0 {
		t.Errorf("PorterStem allocated %v times, want 0", allocs)
	}
}

func FuzzPorterStem(f *testing.F) {
	for _, c := range porterCases {
		f.Add(c.word)
	}
	f.Add("\xff\xfeing")
	f.Add("ssssss")
	f.Add("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy")
	f.Fuzz(func(t *testing.T, word string) {
		got := PorterStem(word)
		if len(got) > len(word) {
			t.Fatalf("PorterStem(%q) = %q, longer than its input", word, got)
		}
		if utf8.ValidString(word) && !utf8.ValidString(got) {
			t.Fatalf("PorterStem(%q) = %q, not valid UTF-8", word, got)
		}
	})
}

func BenchmarkPorterStem(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, c := range porterCases {
			_ = PorterStem(c.word)
		}
	}
}
