package mapping

import (
	"slices"
	"testing"
)

func TestGeohashNeighbours(t *testing.T) {
	got := GeohashNeighbours("gbsuv")
	// The four direct neighbours of gbsuv, as geohash libraries give them.
	for _, want := range []string{"gbsvj", "gbsut", "gbsuy", "gbsuu"} {
		if !slices.Contains(got, want) {
			t.Errorf("neighbours of gbsuv %v lack %s", got, want)
		}
	}
	if len(got) != 8 {
		t.Errorf("gbsuv has %d neighbours, want 8", len(got))
	}
	// At the pole the row above does not exist.
	if n := GeohashNeighbours("z"); len(n) != 5 {
		t.Errorf("neighbours of z: %v, want 5", n)
	}
}

// Distances to geohash lengths, as GeoContextMapping turns them into its
// precision (worked out with GeoUtils' formulas by hand).
func TestGeoContextPrecision(t *testing.T) {
	for m, want := range map[float64]int{5000: 5, 1: 10, 100000: 3, 0.5: 10} {
		if got := precisionForMeters(m); got != want {
			t.Errorf("precision for %vm = %d, want %d", m, got, want)
		}
	}
	if got := GeohashLevelsForPrecision(5000); got != 6 {
		t.Errorf("geohash levels for 5km = %d, want 6", got)
	}
}
