package aggs

import (
	"encoding/binary"
	"testing"
)

// The eight-byte test finds exactly the bytes the byte loop stops at.
func TestSpecialMatchesBytewise(t *testing.T) {
	t.Parallel()
	var b [8]byte
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for i := range b {
				b[i] = 'a'
			}
			b[pos] = byte(c)
			want := c == '"' || c == '\\' || c < 0x20
			if got := special(binary.LittleEndian.Uint64(b[:])); got != want {
				t.Fatalf("byte %#x at %d: %v, want %v", c, pos, got, want)
			}
		}
	}
}
