package aggs

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// The eight-byte test flags the first byte the byte loop stops at, for one
// special byte anywhere in a word and for two (the lower one must win, even
// when the upper one's flag comes from a borrow).
func TestSpecialFindsTheFirstSpecialByte(t *testing.T) {
	t.Parallel()
	isSpecial := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }
	fillers := []byte{'a', 0x80, 0xff, 0x20, '!', '#', '[', ']'}
	for _, fill := range fillers {
		for pos := 0; pos < 8; pos++ {
			for c := 0; c < 256; c++ {
				for second := -1; second < 8; second++ {
					var b [8]byte
					for i := range b {
						b[i] = fill
					}
					if second > pos {
						b[second] = '"'
					}
					b[pos] = byte(c)
					want := 8
					for i, x := range b {
						if isSpecial(x) {
							want = i
							break
						}
					}
					m := special(binary.LittleEndian.Uint64(b[:]))
					got := 8
					if m != 0 {
						got = bits.TrailingZeros64(m) >> 3
					}
					if got != want {
						t.Fatalf("word %q: first special at %d, want %d", b[:], got, want)
					}
				}
			}
		}
	}
}

// int reads every integer as strconv does, whatever its length, sign and
// what follows it, near the end of the input or not.
func TestIntMatchesStrconv(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var nums []string
	for digits := 1; digits <= 19; digits++ {
		for k := 0; k < 40; k++ {
			b := []byte{byte('1' + rng.IntN(9))}
			for len(b) < digits {
				b = append(b, byte('0'+rng.IntN(10)))
			}
			nums = append(nums, string(b), "-"+string(b))
		}
	}
	nums = append(nums, "0", "-0", "9", "10", "99999999", "100000000", "9223372036854775807", "-9223372036854775808")
	for _, num := range nums {
		want, err := strconv.ParseInt(num, 10, 64)
		if err != nil {
			continue
		}
		for _, after := range []string{"", "}", ",\"x\":1}", "]}}}}}}}}}}}}}}}}}}"} {
			sc := newScanner([]byte(num + after))
			if got := sc.int(); got != want || sc.err != nil || sc.i != len(num) {
				t.Fatalf("%q: %d at %d (%v), want %d at %d", num+after, got, sc.i, sc.err, want, len(num))
			}
		}
	}
	for _, bad := range []string{"01}}}}}}}}}}}}}}}}}}", "-}}}}}}}}}}}}}}}}}}}", "1.5e3}}}}}}}}}}}}}}}"} {
		sc := newScanner([]byte(bad))
		n := sc.int()
		if bad[0] == '1' && (n != 1500 || sc.err != nil) {
			t.Fatalf("%q: %d %v, want 1500", bad, n, sc.err)
		}
		if bad[0] != '1' && sc.err == nil {
			t.Fatalf("%q: read %d, want an error", bad, n)
		}
	}
}

// equalKey agrees with == for every length it reads by words, a difference
// at any byte included.
func TestEqualKeyMatchesStringEquality(t *testing.T) {
	t.Parallel()
	base := "abcdefghijklmnopqrstu"
	for n := 0; n <= len(base); n++ {
		a := base[:n]
		if !equalKey(a, string([]byte(a))) {
			t.Fatalf("%q differs from its copy", a)
		}
		for i := 0; i < n; i++ {
			b := []byte(a)
			b[i] ^= 0x20
			if equalKey(a, string(b)) {
				t.Fatalf("%q equals %q", a, b)
			}
		}
	}
}
