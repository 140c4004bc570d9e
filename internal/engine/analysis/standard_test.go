package analysis

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
	"github.com/google/go-cmp/cmp"
)

func terms(toks []Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Term
	}
	return out
}

func types(toks []Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Type
	}
	return out
}

func mustBuiltin(t testing.TB, name string) Analyzer {
	t.Helper()
	a, ok := Builtin(name)
	if !ok {
		t.Fatalf("Builtin(%q) not found", name)
	}
	return a
}

// Cases from Lucene's StandardTokenizer tests and OpenSearch's reference facts (§4); terms
// are lowercased because the standard analyzer lowercases.
func TestStandardTerms(t *testing.T) {
	std := mustBuiltin(t, "standard")
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{".", nil},
		{" ", nil},
		{"David has 5000 bones", []string{"david", "has", "5000", "bones"}},
		{"B2B 2B", []string{"b2b", "2b"}},
		{"some-dashed-phrase", []string{"some", "dashed", "phrase"}},
		{"dogs,chase,cats", []string{"dogs", "chase", "cats"}},
		{"ac/dc", []string{"ac", "dc"}},
		{"O'Reilly you're she's Jim's don't O'Reilly's", []string{"o'reilly", "you're", "she's", "jim's", "don't", "o'reilly's"}},
		{"21.35 R2D2 C3PO 216.239.63.104", []string{"21.35", "r2d2", "c3po", "216.239.63.104"}},
		{"foo      bar .  FOO <> BAR", []string{"foo", "bar", "foo", "bar"}},
		{`"QUOTED" word`, []string{"quoted", "word"}},
		{"U.S.A. l'avion", []string{"u.s.a", "l'avion"}},
		{"3.14 1,000 1.2.3", []string{"3.14", "1,000", "1.2.3"}},
		{"abc123 foo_bar", []string{"abc123", "foo_bar"}},
		{"wi-fi john@example.com http://www.x.com/a", []string{"wi", "fi", "john", "example.com", "http", "www.x.com", "a"}},
		{"A:B A::B", []string{"a:b", "a", "b"}},
		{"1.2 A.B 1..2 A..B", []string{"1.2", "a.b", "1", "2", "a", "b"}},
		{"1,2 1,,2 A.:B A:.B 1,.2 1.,2", []string{"1,2", "1", "2", "a", "b", "a", "b", "1", "2", "1", "2"}},
		{"A:B_A:B A:B_A::B", []string{"a:b_a:b", "a:b_a", "b"}},
		{"1.2_1.2 A.B_A.B 1.2_1..2 A.B_A..B", []string{"1.2_1.2", "a.b_a.b", "1.2_1", "2", "a.b_a", "b"}},
		{"1,2_1,2 1,2_1,,2 C_A.:B C_A:.B 3_1,.2 3_1.,2", []string{"1,2_1,2", "1,2_1", "2", "c_a", "b", "c_a", "b", "3_1", "2", "3_1", "2"}},
		{"moͤchte", []string{"moͤchte"}},
		{"我是中国人。 １２３４ Ｔｅｓｔｓ ", []string{"我", "是", "中", "国", "人", "１２３４", "ｔｅｓｔｓ"}},
		{"การที่ได้ต้องแสดงว่างานดี. แล้วเธอจะไปไหน? ๑๒๓๔", []string{"การที่ได้ต้องแสดงว่างานดี", "แล้วเธอจะไปไหน", "๑๒๓๔"}},
		{"ສາທາລະນະລັດ ປະຊາທິປະໄຕ ປະຊາຊົນລາວ", []string{"ສາທາລະນະລັດ", "ປະຊາທິປະໄຕ", "ປະຊາຊົນລາວ"}},
		{"안녕하세요 한글입니다", []string{"안녕하세요", "한글입니다"}},
		{"Γράφεται σε συνεργασία, wiki.", []string{"γράφεται", "σε", "συνεργασία", "wiki"}},
		{"ויקיפדיה העברית", []string{"ויקיפדיה", "העברית"}},
		{"ざ ザ 壹゙ 아゙", []string{"ざ", "ザ", "壹゙", "아゙"}},
		{"___ _1_ __a", []string{"_1_", "__a"}},
		{"İSTANBUL ΣΊΣΥΦΟΣ", []string{"istanbul", "σίσυφοσ"}},
		{"poo💩poo 💩中國💩", []string{"poo", "💩", "poo", "💩", "中", "國", "💩"}},
		{"#\uFE0E", nil},
		{"3\uFE0E", []string{"3\uFE0E"}},
		{"\u2B55\uFE0E", []string{"\u2B55"}},
		{"\u2B55\uFE0E\u200D\u2B55\uFE0E", []string{"\u2B55", "\u200D\u2B55"}},
		{"bad\xffutf8", []string{"bad", "utf8"}},
	}
	for _, c := range cases {
		got := terms(std.Analyze(nil, c.in))
		if len(got) == 0 {
			got = nil
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, diff)
		}
	}
}

func TestStandardTypes(t *testing.T) {
	std := mustBuiltin(t, "standard")
	cases := []struct {
		in        string
		wantTerms []string
		wantTypes []string
	}{
		{"David has 5000 bones", []string{"david", "has", "5000", "bones"}, []string{TypeAlphaNum, TypeAlphaNum, TypeNum, TypeAlphaNum}},
		{"𩬅艱鍟", []string{"𩬅", "艱", "鍟"}, []string{TypeIdeographic, TypeIdeographic, TypeIdeographic}},
		{"훈민정음", []string{"훈민정음"}, []string{TypeHangul}},
		{"仮名遣い カタカナ", []string{"仮", "名", "遣", "い", "カタカナ"}, []string{TypeIdeographic, TypeIdeographic, TypeIdeographic, TypeHiragana, TypeKatakana}},
		{"ไทย", []string{"ไทย"}, []string{TypeSoutheastAsian}},
		{"한국abc", []string{"한국abc"}, []string{TypeAlphaNum}},
		{"💩 💩💩", []string{"💩", "💩", "💩"}, []string{TypeEmoji, TypeEmoji, TypeEmoji}},
		{"👩\u200d❤️\u200d👩", []string{"👩\u200d❤️\u200d👩"}, []string{TypeEmoji}},
		{"👨🏼\u200d⚕️", []string{"👨🏼\u200d⚕️"}, []string{TypeEmoji}},
		{"🇺🇸🇺🇸", []string{"🇺🇸", "🇺🇸"}, []string{TypeEmoji, TypeEmoji}},
		{"#️⃣ 3️⃣ #⃣", []string{"#️⃣", "3️⃣", "#⃣"}, []string{TypeEmoji, TypeEmoji, TypeEmoji}},
		{"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", []string{"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"}, []string{TypeEmoji}},
		{"© ™", []string{"©", "™"}, []string{TypeEmoji, TypeEmoji}},
		{"ℹ Ⓜ ⓐ", []string{"ℹ", "ⓜ", "ⓐ"}, []string{TypeEmoji, TypeEmoji, TypeAlphaNum}},
		{"-\u200d😀 a\u200d😀 1\u200d\u200d😀", []string{"\u200d😀", "a\u200d", "😀", "1\u200d\u200d", "😀"}, []string{TypeEmoji, TypeAlphaNum, TypeEmoji, TypeNum, TypeEmoji}},
		{"x 🏽 a🏽 👍🏽", []string{"x", "🏽", "a", "🏽", "👍🏽"}, []string{TypeAlphaNum, TypeEmoji, TypeAlphaNum, TypeEmoji, TypeEmoji}},
		{"a\u200db", []string{"a\u200db"}, []string{TypeAlphaNum}},
		{"_1_ 1a", []string{"_1_", "1a"}, []string{TypeNum, TypeAlphaNum}},
		{"㋐ ｶﾀｶﾅ ㍿", []string{"㋐", "ｶﾀｶﾅ"}, []string{TypeKatakana, TypeKatakana}},
		{"\U0001F1FA x", []string{"x"}, []string{TypeAlphaNum}},
	}
	for _, c := range cases {
		toks := std.Analyze(nil, c.in)
		if diff := cmp.Diff(c.wantTerms, terms(toks)); diff != "" {
			t.Errorf("%q terms (-want +got):\n%s", c.in, diff)
		}
		if diff := cmp.Diff(c.wantTypes, types(toks)); diff != "" {
			t.Errorf("%q types (-want +got):\n%s", c.in, diff)
		}
	}
}

func TestStandardOffsetsAndPositions(t *testing.T) {
	std := mustBuiltin(t, "standard")
	got := std.Analyze(nil, "David has 5000 bones")
	want := []Token{
		{Term: "david", Position: 0, StartOffset: 0, EndOffset: 5, Type: TypeAlphaNum},
		{Term: "has", Position: 1, StartOffset: 6, EndOffset: 9, Type: TypeAlphaNum},
		{Term: "5000", Position: 2, StartOffset: 10, EndOffset: 14, Type: TypeNum},
		{Term: "bones", Position: 3, StartOffset: 15, EndOffset: 20, Type: TypeAlphaNum},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Byte offsets over multi-byte text, and dst is appended to, positions restart at 0.
	prefix := []Token{{Term: "keep"}}
	got = std.Analyze(prefix, "é 中")
	want = []Token{
		{Term: "keep"},
		{Term: "é", Position: 0, StartOffset: 0, EndOffset: 2, Type: TypeAlphaNum},
		{Term: "中", Position: 1, StartOffset: 3, EndOffset: 6, Type: TypeIdeographic},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestStandardMaxTokenLength(t *testing.T) {
	b255 := strings.Repeat("b", 255)
	got := terms(mustBuiltin(t, "standard").Analyze(nil, "x "+b255+" "+b255+"b"))
	if diff := cmp.Diff([]string{"x", b255, b255, "b"}, got); diff != "" {
		t.Errorf("default max (-want +got):\n%s", diff)
	}
	short := NewStandard(5, nil)
	toks := short.Analyze(nil, "ab cd toolong xy z")
	if diff := cmp.Diff([]string{"ab", "cd", "toolo", "ng", "xy", "z"}, terms(toks)); diff != "" {
		t.Errorf("max 5 (-want +got):\n%s", diff)
	}
	if toks[2].StartOffset != 6 || toks[2].EndOffset != 11 || toks[3].StartOffset != 11 || toks[3].Position != 3 {
		t.Errorf("chopped offsets/positions: %+v %+v", toks[2], toks[3])
	}
	// A chop just before a mid-word apostrophe: the piece cannot end with it, and the
	// scan that resumes at the apostrophe drops it.
	if got := terms(NewStandard(4, nil).Analyze(nil, "abc'defg")); !cmp.Equal(got, []string{"abc", "defg"}) {
		t.Errorf("chop at apostrophe = %q", got)
	}
	// Lengths count UTF-16 units: a supplementary character is two.
	if got := terms(NewStandard(3, nil).Analyze(nil, "a𐌀b")); !cmp.Equal(got, []string{"a𐌀", "b"}) {
		t.Errorf("supplementary chop = %q", got)
	}
	// A run of Thai is chopped too (Lucene keeps the whole run up to the buffer size).
	if got := terms(NewStandard(2, nil).Analyze(nil, "ไทยไ")); !cmp.Equal(got, []string{"ไท", "ยไ"}) {
		t.Errorf("SE Asian chop = %q", got)
	}
	if got := terms(NewStandard(1, nil).Analyze(nil, "𐌀𐌀")); !cmp.Equal(got, []string{"𐌀", "𐌀"}) {
		t.Errorf("max 1 with supplementary = %q", got)
	}
	// Huge runs are chopped in linear time (each piece is found without rescanning the rest).
	for _, unit := range []string{"a", "é", "ไ", "a'"} {
		huge := strings.Repeat(unit, 1<<18)
		toks := mustBuiltin(t, "standard").Analyze(nil, huge)
		total := 0
		for _, tk := range toks {
			if n := utf16Len(tk.Term); n > 255 {
				t.Fatalf("%q run: token of %d units", unit, n)
			}
			total += len(tk.Term)
		}
		if unit != "a'" && total != len(huge) {
			t.Errorf("%q run: tokens cover %d of %d bytes", unit, total, len(huge))
		}
		if len(toks) < len(huge)/len(unit)/255 {
			t.Errorf("%q run: only %d tokens", unit, len(toks))
		}
	}
}

func TestStandardWithStopwords(t *testing.T) {
	a := NewStandard(DefaultMaxTokenLength, englishStopWords())
	toks := a.Analyze(nil, "The quick fox is in the box")
	want := []Token{
		{Term: "quick", Position: 1, StartOffset: 4, EndOffset: 9, Type: TypeAlphaNum},
		{Term: "fox", Position: 2, StartOffset: 10, EndOffset: 13, Type: TypeAlphaNum},
		{Term: "box", Position: 6, StartOffset: 24, EndOffset: 27, Type: TypeAlphaNum},
	}
	if diff := cmp.Diff(want, toks); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func FuzzStandard(f *testing.F) {
	for _, s := range []string{"", "The quick brown fox", "U.S.A. 3.14 don't", "ไทยภาษา 中文 カタカナ", "👩\u200d❤️\u200d👩 🇺🇸 #️⃣", "\u2B55\uFE0E\u200D\u2B55", "a\xffb", strings.Repeat("x'", 300)} {
		f.Add(s, 255)
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, text string, maxLen int) {
		if maxLen < 1 || maxLen > 1000 {
			maxLen = 1 + (maxLen%1000+1000)%1000
		}
		a := NewStandard(maxLen, nil)
		toks := a.Analyze(nil, text)
		prevEnd, prevPos := 0, -1
		for _, tk := range toks {
			if tk.StartOffset < prevEnd || tk.EndOffset <= tk.StartOffset || tk.EndOffset > len(text) {
				t.Fatalf("bad offsets %+v (prev end %d) in %q", tk, prevEnd, text)
			}
			if tk.Position != prevPos+1 {
				t.Fatalf("position %d after %d", tk.Position, prevPos)
			}
			if n := utf16Len(text[tk.StartOffset:tk.EndOffset]); n > maxLen+1 {
				t.Fatalf("token %q longer than %d", tk.Term, maxLen)
			}
			if tk.Term == "" || tk.Type == "" {
				t.Fatalf("empty term or type: %+v", tk)
			}
			prevEnd, prevPos = tk.EndOffset, tk.Position
		}
	})
}

const benchText = "The quick brown fox jumps over the lazy dog while the Farmer watches from the old red barn. " +
	"Nobody knows why the fox returns every evening, but the children say it is looking for the " +
	"lost chicken that escaped in 2019 during the great storm of the century, when rivers flooded " +
	"the valley and the Old Mill lost its wheel."

func BenchmarkStandard60Words(b *testing.B) {
	a := mustBuiltin(b, "standard")
	if n := len(a.Analyze(nil, benchText)); n < 55 || n > 65 {
		b.Fatalf("bench text has %d tokens", n)
	}
	buf := make([]Token, 0, 128)
	b.ReportAllocs()
	b.SetBytes(int64(len(benchText)))
	for i := 0; i < b.N; i++ {
		buf = a.Analyze(buf[:0], benchText)
	}
}

// The ASCII fast path and restarting the segmenter at segment starts must find exactly
// the segments one UAX#29 pass over the whole text finds (text without the Southeast
// Asian runs, U+FE0E, ZWJ and skin tones, which the tokenizer deliberately treats as
// Lucene does rather than as UAX#29 does).
func FuzzASCIIFastPath(f *testing.F) {
	for _, s := range []string{"a.b a..b 1,2 1,,2 x'y 'z' _a_ a_1 \"q\" a:b:c", "foo-bar baz@qux.com 3.14.", "A1.b2,c3;d4:e5'f6_g7\"h8", "\r\n\t x\x7f", "a-\u0301b é.x 中a 1\u200d😀 -\u200d😀 🇺🇸🇺"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return // JSON decoding never hands the analyzers invalid UTF-8
		}
		for _, r := range text {
			if isSoutheastAsian(r) || r == 0xFE0E || r == 0x200D || isSkinTone(r) {
				return
			}
		}
		var want []string
		it := words.FromString(text)
		for it.Next() {
			if classify(it.Value()) != kindNone {
				want = append(want, strings.ToLower(it.Value()))
			}
		}
		got := terms(NewStandard(maxTokenLengthLimit, nil).Analyze(nil, text))
		if len(got) == 0 {
			got = nil
		}
		if !cmp.Equal(want, got) {
			t.Fatalf("%q: segmenter %q, tokenizer %q", text, want, got)
		}
	})
}
