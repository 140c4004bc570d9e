package mapping

import (
	"strconv"
	"strings"
)

// distanceUnits are DistanceUnit's names with their size in meters.
var distanceUnits = []struct {
	names  []string
	meters float64
}{
	{[]string{"in", "inch"}, 0.0254},
	{[]string{"yd", "yards"}, 0.9144},
	{[]string{"ft", "feet"}, 0.3048},
	{[]string{"km", "kilometers"}, 1000},
	{[]string{"NM", "nmi", "nauticalmiles"}, 1852},
	{[]string{"mm", "millimeters"}, 0.001},
	{[]string{"cm", "centimeters"}, 0.01},
	{[]string{"mi", "miles"}, 1609.344},
	{[]string{"m", "meters"}, 1},
}

// UnitMeters returns the size in meters of a distance unit name.
func UnitMeters(unit string) (float64, bool) {
	for _, u := range distanceUnits {
		for _, n := range u.names {
			if n == unit {
				return u.meters, true
			}
		}
	}
	return 0, false
}

// ParseDistance reads "12km", "1.5mi" or a bare number (meters) as
// DistanceUnit.Distance.parseDistance does; it returns meters.
func ParseDistance(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	// Longest unit suffix first ("nmi" before "mi" before "m").
	best, bestLen := 1.0, 0
	for _, u := range distanceUnits {
		for _, n := range u.names {
			if strings.HasSuffix(s, n) && len(n) > bestLen {
				best, bestLen = u.meters, len(n)
			}
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s[:len(s)-bestLen]), 64)
	if err != nil {
		return 0, false
	}
	return f * best, true
}
