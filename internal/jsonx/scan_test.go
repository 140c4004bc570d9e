package jsonx

import "testing"

var scanSamples = []string{
	`{"a":[1,-2.5e+3,0,true,false,null,"s\"\\\/\b\f\n\r\t\u00e9"],"b":{}}`,
	`[]`, `{}`, ` [ 1 , { "x" : [ ] } ] `, `"é"`, `0`, `-0.0E-0`, `1e5`,
	`{"a":1,}`, `[1,]`, `[,1]`, `{"a"}`, `{"a":}`, `{1:2}`, `01`, `1.`, `.5`, `-`, `1e`, `+1`,
	`"\x"`, `"\u12"`, `"\u12g4"`, "\"a\x01\"", `"open`, `tru`, `nul`, `[1 2]`, `{"a":1 "b":2}`,
	`[` + string(make([]byte, 0)) + `]]`, `{}}`, ``, ` `,
}

// Skip and End accept exactly what the codec calls valid JSON.
func TestScannerSkipAcceptsWhatTheCodecDoes(t *testing.T) {
	t.Parallel()
	for _, s := range scanSamples {
		checkSkip(t, s)
	}
}

func checkSkip(t *testing.T, s string) {
	t.Helper()
	sc := NewScanner([]byte(s))
	raw := sc.Skip()
	sc.End()
	got := sc.Err() == nil
	if want := Valid([]byte(s)); got != want {
		t.Errorf("Skip+End on %q: ok %v, codec's Valid %v", s, got, want)
	}
	if got && SkipSpace(raw, 0) != 0 {
		t.Errorf("Skip on %q returned %q, with leading space", s, raw)
	}
}

// Str hands back plain strings in place and reports the others.
func TestScannerStrTellsPlainStrings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in    string
		s     string
		plain bool
	}{
		{`"abc"`, "abc", true},
		{`"a long plain string of more than eight bytes"`, "a long plain string of more than eight bytes", true},
		{`"esc\"aped"`, "", false},
		{`"caf` + "\u00e9" + `"`, "", false},
		{`""`, "", true},
	} {
		sc := NewScanner([]byte(c.in))
		s, plain := sc.Str()
		if sc.Err() != nil || s != c.s || plain != c.plain || sc.Pos() != len(c.in) {
			t.Errorf("Str(%s) = %q, %v, err %v, at %d", c.in, s, plain, sc.Err(), sc.Pos())
		}
	}
}

// FuzzScannerSkip: Skip and End agree with the codec's Valid on any input.
func FuzzScannerSkip(f *testing.F) {
	for _, s := range scanSamples {
		f.Add(s)
	}
	f.Fuzz(checkSkip)
}
