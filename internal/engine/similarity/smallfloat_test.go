package similarity

import "testing"

func TestIntToByte4KnownLengths(t *testing.T) {
	// Encode-then-decode values from the reference (§2.4): lengths up to 40 are exact,
	// longer ones round down.
	cases := []struct{ length, decoded int }{
		{0, 0}, {1, 1}, {7, 7}, {8, 8}, {23, 23}, {24, 24}, {39, 39}, {40, 40},
		{41, 40}, {42, 42}, {43, 42}, {44, 44}, {45, 44}, {47, 46}, {50, 50}, {55, 54},
		{60, 60}, {70, 68}, {100, 96}, {150, 144}, {200, 200}, {255, 248}, {256, 248},
		{300, 280}, {500, 472}, {1000, 984}, {10000, 9240},
	}
	for _, c := range cases {
		b := IntToByte4(c.length)
		if got := Byte4ToInt(b); got != c.decoded {
			t.Errorf("length %d: byte %d decodes to %d, want %d", c.length, b, got, c.decoded)
		}
	}
}

func TestByte4ToIntTable(t *testing.T) {
	want := []int{36, 37, 38, 39, 40, 42, 44, 46, 48, 50, 52, 54, 56, 60, 64, 68, 72, 76, 80, 84, 88,
		96, 104, 112, 120, 128, 136, 144, 152, 168, 184, 200, 216, 232, 248, 264, 280, 312, 344,
		376, 408, 440, 472, 504}
	for i, w := range want {
		b := byte(36 + i)
		if got := Byte4ToInt(b); got != w {
			t.Errorf("Byte4ToInt(%d) = %d, want %d", b, got, w)
		}
		if got := LengthTable(b); got != float32(w) {
			t.Errorf("LengthTable(%d) = %v, want %d", b, got, w)
		}
	}
}

func TestSmallFloatRoundTripAndBounds(t *testing.T) {
	for i := 0; i < 256; i++ {
		b := byte(i)
		if got := IntToByte4(Byte4ToInt(b)); got != b {
			t.Errorf("IntToByte4(Byte4ToInt(%d)) = %d", b, got)
		}
	}
	// The largest int maps to the last byte (Lucene: MAX_INT4 = 231 plus 24 free values).
	if got := IntToByte4(1<<31 - 1); got != 255 {
		t.Errorf("IntToByte4(MaxInt32) = %d, want 255", got)
	}
	if got := Byte4ToInt(255); got != 2013265944 {
		t.Errorf("Byte4ToInt(255) = %d, want 2013265944", got)
	}
	if got := IntToByte4(-5); got != 0 {
		t.Errorf("IntToByte4(-5) = %d, want 0", got)
	}
	// Decoding never overestimates, and encoding is monotonic.
	prev := byte(0)
	for n := 0; n < 100000; n++ {
		b := IntToByte4(n)
		if Byte4ToInt(b) > n {
			t.Fatalf("length %d decodes to larger %d", n, Byte4ToInt(b))
		}
		if b < prev {
			t.Fatalf("IntToByte4 not monotonic at %d", n)
		}
		prev = b
	}
}

func TestLongToInt4(t *testing.T) {
	// longToInt4(Integer.MAX_VALUE) is Lucene's MAX_INT4.
	if got := longToInt4(1<<31 - 1); got != 231 {
		t.Errorf("longToInt4(MaxInt32) = %d, want 231", got)
	}
	for i := int64(0); i < 8; i++ {
		if got := longToInt4(i); got != int(i) {
			t.Errorf("longToInt4(%d) = %d", i, got)
		}
	}
	if got := int4ToLong(longToInt4(1000)); got != 960 {
		t.Errorf("int4ToLong(longToInt4(1000)) = %d, want 960", got)
	}
}
