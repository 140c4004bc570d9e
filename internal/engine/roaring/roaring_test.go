package roaring

import (
	"encoding/base64"
	"encoding/binary"
	"testing"
)

func decode64(t *testing.T, s string) *Bitmap {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	bm, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return bm
}

// The bitmaps of OpenSearch's bitmap filtering tests, written by the Java
// library.
func TestDecodeArrayContainers(t *testing.T) {
	for s, want := range map[string][]uint32{
		"OjAAAAEAAAAAAAEAEAAAAG8A3gA=": {111, 222},
		"OjAAAAEAAAAAAAAAEAAAAG8A":     {111},
		"OjAAAAEAAAAAAAEAEAAAAN4ATQE=": {222, 333},
	} {
		bm := decode64(t, s)
		if bm.Cardinality() != len(want) {
			t.Errorf("%s: cardinality %d, want %d", s, bm.Cardinality(), len(want))
		}
		for _, v := range want {
			if !bm.Contains(v) {
				t.Errorf("%s: %d missing", s, v)
			}
		}
		if bm.Contains(333) == (s != "OjAAAAEAAAAAAAEAEAAAAN4ATQE=") {
			t.Errorf("%s: Contains(333) wrong", s)
		}
	}
}

// A run container and a bitmap container, encoded here by hand from the
// format specification.
func TestDecodeRunAndBitmapContainers(t *testing.T) {
	var b []byte
	le16 := func(v uint16) { b = binary.LittleEndian.AppendUint16(b, v) }
	// Two containers with the run cookie: key 0 a run [10, 19], key 2 a
	// bitmap of 5000 values (0, 2, 4, ...).
	b = binary.LittleEndian.AppendUint32(b, serialCookie|1<<16)
	b = append(b, 0b01) // container 0 is a run container
	le16(0)
	le16(9)
	le16(2)
	le16(4999)
	// Fewer than four containers with runs: no offsets.
	le16(1)
	le16(10)
	le16(9)
	words := make([]uint64, 1024)
	for v := 0; v < 10000; v += 2 {
		words[v/64] |= 1 << (v % 64)
	}
	for _, w := range words {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	bm, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if bm.Cardinality() != 5010 {
		t.Errorf("cardinality %d, want 5010", bm.Cardinality())
	}
	for v, want := range map[uint32]bool{9: false, 10: true, 19: true, 20: false, 2<<16 + 4: true, 2<<16 + 5: false, 2<<16 + 9998: true, 2<<16 + 10000: false, 1 << 16: false} {
		if bm.Contains(v) != want {
			t.Errorf("Contains(%d) = %v, want %v", v, !want, want)
		}
	}
}

func TestDecodeRejectsBadInput(t *testing.T) {
	for _, b := range [][]byte{nil, {1, 2, 3}, {0x3a, 0x30, 0, 0, 1, 0, 0, 0}, {0x3b, 0x30, 0, 0}, {9, 9, 9, 9, 9, 9}} {
		if _, err := Decode(b); err == nil {
			t.Errorf("Decode(%v) succeeded", b)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{"OjAAAAEAAAAAAAEAEAAAAG8A3gA=", "OjAAAAEAAAAAAAAAEAAAAG8A"} {
		b, _ := base64.StdEncoding.DecodeString(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		bm, err := Decode(b)
		if err == nil {
			bm.Contains(111)
			bm.Cardinality()
		}
	})
}
