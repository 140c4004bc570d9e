package search

import "testing"

func TestHumanNanos(t *testing.T) {
	for n, want := range map[int64]string{0: "0s", 850: "850nanos", 1000: "1micros", 113711: "113.7micros", 113799: "113.7micros",
		2_000_000: "2ms", 2_050_000: "2ms", 2_150_000: "2.1ms", 1_500_000_000: "1.5s", 90e9: "1.5m", 7200e9: "2h"} {
		if got := humanNanos(n); got != want {
			t.Errorf("humanNanos(%d) = %q, want %q", n, got, want)
		}
	}
}
