package painless

import (
	"strings"
	"testing"
)

// TestSmallIntegerTypes runs byte, short and char through declarations,
// casts, promotion, boxing and comparisons, with the ctx written back.
func TestSmallIntegerTypes(t *testing.T) {
	cases := []struct{ script, want string }{
		// The upstream ingest test: Byte and Short are written as numbers.
		{`ctx.byte = (byte)127; ctx.short = (short)32767; ctx.int = (int)2147483647; ctx.long = (long)9223372036854775807L; ctx.float = (float)0.1; ctx.double = (double)0.1; ctx.boolean = (boolean)true`,
			`{"byte":127,"short":32767,"int":2147483647,"long":9223372036854775807,"float":0.1,"double":0.1,"boolean":true}`},
		// Narrowing keeps the low bits; floats go through int.
		{`ctx.a = (byte)200; ctx.b = (short)70000; ctx.c = (byte)-1.9; ctx.d = (byte)300L; ctx.e = (short)1e10`,
			`{"a":-56,"b":4464,"c":-1,"d":44,"e":-1}`},
		// Arithmetic promotes to int: byte + byte is an int, not a wrapped byte.
		{`byte a = (byte)100; byte b = (byte)100; def sum = a + b; ctx.sum = sum; ctx.isInt = sum instanceof Integer`,
			`{"sum":200,"isInt":true}`},
		// Compound assignment and ++ keep the narrow type, wrapping.
		{`byte a = (byte)127; a += 1; ctx.a = a; short s = (short)32767; s++; ctx.s = s; char c = (char)65535; c++; ctx.c = (int)c`,
			`{"a":-128,"s":-32768,"c":0}`},
		// Widening is implicit: byte to short to int, char to int.
		{`byte b = (byte)5; short s = b; int i = s; char c = (char)'A'; int ci = c; long l = c; double d = b; ctx.r = [s, i, ci, l, d]`,
			`{"r":[5,5,65,65,5.0]}`},
		// char from a one-character string, and back; comparisons see its code.
		{`char c = (char)'a'; ctx.code = (int)c; ctx.str = String.valueOf((int)c); ctx.eq = c == 97; ctx.lt = c < (char)'b'; ctx.s = '' + c`,
			`{"code":97,"str":"97","eq":true,"lt":true,"s":"a"}`},
		// Boxed forms and instanceof: a Byte is a Number, a Character is not.
		{`def b = (byte)1; def c = (char)'x'; ctx.r = [b instanceof Byte, b instanceof Number, b instanceof Integer, c instanceof Character, c instanceof Number]`,
			`{"r":[true,true,false,true,false]}`},
		// A Byte and an Integer of the same value are different map keys, equal by ==.
		{`Map m = new HashMap(); m.put((byte)1, 'b'); m.put(1, 'i'); ctx.n = m.size(); ctx.eq = (byte)1 == 1; ctx.equals = ((Object)(byte)1).equals(1)`,
			`{"n":2,"eq":true,"equals":false}`},
		// Number and Character methods.
		{`def b = (byte)-3; def c = (char)'b'; ctx.r = [b.intValue(), b.doubleValue(), (300).byteValue(), (70000).shortValue(), (int)c.charValue(), c.compareTo((char)'a')]`,
			`{"r":[-3,-3.0,44,4464,98,1]}`},
		// def narrows explicitly from any number; unary minus promotes.
		{`def x = 300; ctx.b = (byte)x; def y = (short)5; def neg = -y; ctx.neg = neg; ctx.isInt = neg instanceof Integer`,
			`{"b":44,"neg":-5,"isInt":true}`},
	}
	for _, c := range cases {
		got, err := runCtx(t, c.script, `{}`, "")
		if err != nil {
			t.Errorf("%s: %v", c.script, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.script, got, c.want)
		}
	}
}

// TestSmallIntegerErrors checks the compile errors (with script_stack) and
// runtime ClassCastExceptions of illegal casts.
func TestSmallIntegerErrors(t *testing.T) {
	compile := []struct{ script, msg, here string }{
		{"byte b = 1", "Cannot cast from [int] to [byte].", "     ^---- HERE"},
		{"char c = 'a'", "Cannot cast from [java.lang.String] to [char].", "     ^---- HERE"},
		{"short s = (byte)1; char c = s", "Cannot cast from [short] to [char].", "                        ^---- HERE"},
		{"ctx.x = (byte)true", "Cannot cast from [boolean] to [byte].", "        ^---- HERE"},
		{"ctx.x = (boolean)(char)1", "Cannot cast from [char] to [boolean].", "        ^---- HERE"},
	}
	for _, c := range compile {
		_, err := Compile(c.script, CompileOptions{})
		if err == nil {
			t.Errorf("%s: compiled", c.script)
			continue
		}
		se := asScriptError(t, err)
		if se.Reason != "compile error" || se.CausedBy.Type != "class_cast_exception" || se.CausedBy.Reason != c.msg || len(se.ScriptStack) != 2 || se.ScriptStack[1] != c.here {
			t.Errorf("%s: %q / %+v / %q", c.script, se.Reason, se.CausedBy, se.ScriptStack)
		}
	}
	runtime := []struct{ script, msg string }{
		{`def x = 1; byte b = x`, "cannot implicitly cast def [int] to byte"},
		{`def x = (byte)1; char c = x`, "cannot implicitly cast def [byte] to char"},
		{`def x = 'ab'; ctx.c = (char)x`, "cannot cast java.lang.String with length not equal to one to char"},
		{`def x = 'a'; ctx.c = (byte)x`, "cannot explicitly cast def [java.lang.String] to byte"},
	}
	for _, c := range runtime {
		_, err := runCtx(t, c.script, `{}`, "")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.script, err, c.msg)
		}
	}
}

// TestCharacterIsNotWritable: XContentBuilder has no writer for Character,
// so a source holding one cannot be encoded.
func TestCharacterIsNotWritable(t *testing.T) {
	m := NewMap(1)
	m.Set("char", javaChar('a'))
	if _, err := EncodeJSON(m); err == nil || !strings.HasSuffix(err.Error(), "cannot write xcontent for unknown value of type class java.lang.Character") {
		t.Errorf("EncodeJSON = %v", err)
	}
}
