package nodestats

import (
	"testing"
	"time"
)

func TestByteSize(t *testing.T) {
	cases := map[int64]string{0: "0b", 512: "512b", 1023: "1023b", 1024: "1kb", 1536: "1.5kb", 1100: "1kb",
		10 << 20: "10mb", 4943859575: "4.6gb", 1<<40 + 1<<39: "1.5tb", 3 << 50: "3pb"}
	for n, want := range cases {
		if got := ByteSize(n); got != want {
			t.Errorf("ByteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestDuration(t *testing.T) {
	cases := map[time.Duration]string{0: "0s", 12 * time.Millisecond: "12ms", 6328 * time.Millisecond: "6.3s",
		1500 * time.Microsecond: "1.5ms", 90 * time.Second: "1.5m", 500: "500nanos", 2 * time.Hour: "2h",
		36 * time.Hour: "1.5d", 1001 * time.Millisecond: "1s", 7 * time.Microsecond: "7micros"}
	for d, want := range cases {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}
