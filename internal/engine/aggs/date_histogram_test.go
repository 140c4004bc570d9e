package aggs

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestRoundingArithmeticMatchesCalendar checks the arithmetic rounding of
// fixed-length units against the calendar rounding it replaces.
func TestRoundingArithmeticMatchesCalendar(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	zones := []*time.Location{time.UTC, time.FixedZone("+05:30", 5*3600+1800), time.FixedZone("-08:00", -8*3600)}
	for _, z := range zones {
		for _, unit := range []string{"second", "minute", "hour", "day", "week"} {
			for _, offset := range []int64{0, 6 * 3600000, -86400000} {
				fast := &rounding{unit: unit, zone: z, offset: offset}
				fast.prepare()
				if fast.step == 0 {
					t.Fatalf("%s in %s: no arithmetic rounding", unit, z)
				}
				slow := &rounding{unit: unit, zone: z, offset: offset}
				for i := 0; i < 2000; i++ {
					ms := r.Int64N(4_000_000_000_000) - 1_000_000_000_000
					if a, b := fast.round(ms), slow.round(ms); a != b {
						t.Fatalf("%s in %s offset %d: round(%d) = %d, calendar %d", unit, z, offset, ms, a, b)
					}
				}
			}
		}
	}
}

// TestRoundingCalendar checks calendar units in a zone with daylight
// saving time: a day is 23 hours on the spring change.
func TestRoundingCalendar(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	day := &rounding{unit: "day", zone: ny}
	day.prepare()
	start := time.Date(2024, 3, 10, 0, 0, 0, 0, ny).UnixMilli()
	if got := day.round(time.Date(2024, 3, 10, 15, 0, 0, 0, ny).UnixMilli()); got != start {
		t.Errorf("round = %d, want %d", got, start)
	}
	if got, want := day.next(start)-start, int64(23*3600000); got != want {
		t.Errorf("the spring change day lasts %d ms, want %d", got, want)
	}
	month := &rounding{unit: "quarter", zone: time.UTC}
	if got, want := month.round(time.Date(2024, 8, 17, 5, 0, 0, 0, time.UTC).UnixMilli()), time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC).UnixMilli(); got != want {
		t.Errorf("quarter = %d, want %d", got, want)
	}
}

// TestMurmur3 checks the partition hash against MurmurHash3's published
// x86 32-bit values.
func TestMurmur3(t *testing.T) {
	for _, c := range []struct {
		s    string
		seed uint32
		want uint32
	}{{"", 0, 0}, {"hello", 0, 0x248bfa47}, {"The quick brown fox jumps over the lazy dog", 0, 0x2e4ff723}} {
		if got := uint32(murmur3x86(c.s, c.seed)); got != c.want {
			t.Errorf("murmur3(%q, %d) = %#x, want %#x", c.s, c.seed, got, c.want)
		}
	}
}
