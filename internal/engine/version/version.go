// Package version models the OpenSearch version the fake reports: the number in
// GET /, index.version.created, and which scoring (2.x LegacyBM25 or 3.x BM25) applies.
package version

import (
	"fmt"
	"strconv"
	"strings"
)

// Default is the version reported when none is chosen.
const Default = "2.19.0"

// Version is a parsed major.minor.revision.
type Version struct {
	Major, Minor, Revision int
}

// Parse reads "2.19.0" (a missing revision means 0). Only 1.x, 2.x and 3.x exist.
func Parse(s string) (Version, error) {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return Version{}, fmt.Errorf("version %q: want major.minor[.revision]", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > 99 {
			return Version{}, fmt.Errorf("version %q: bad number %q", s, p)
		}
		n[i] = v
	}
	if n[0] < 1 || n[0] > 3 {
		return Version{}, fmt.Errorf("version %q: the fake emulates OpenSearch 1.x to 3.x", s)
	}
	return Version{n[0], n[1], n[2]}, nil
}

// String returns "major.minor.revision".
func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Revision) }

// ID is the internal version id OpenSearch stores in index.version.created:
// (major*1000000 + minor*10000 + revision*100 + 99) XOR 0x08000000.
func (v Version) ID() int {
	return (v.Major*1000000 + v.Minor*10000 + v.Revision*100 + 99) ^ 0x08000000
}

// AtLeast reports whether v is major.minor or later.
func (v Version) AtLeast(major, minor int) bool {
	return v.Major > major || v.Major == major && v.Minor >= minor
}

// LegacyBM25 reports whether scores carry the 2.x LegacyBM25 boost of 2.2.
func (v Version) LegacyBM25() bool { return v.Major < 3 }

// Lucene returns the Lucene version shipped with this release line.
func (v Version) Lucene() string {
	switch {
	case v.Major >= 3:
		return "10.1.0"
	case v.Major == 2 && v.Minor >= 19:
		return "9.12.1"
	case v.Major == 2 && v.Minor >= 18:
		return "9.12.0"
	case v.Major == 2 && v.Minor >= 16:
		return "9.11.1"
	case v.Major == 2 && v.Minor >= 12:
		return "9.9.2"
	case v.Major == 2:
		return "9.7.0"
	default:
		return "8.10.1"
	}
}

// MinWireCompat is minimum_wire_compatibility_version in GET /.
func (v Version) MinWireCompat() string {
	if v.Major >= 3 {
		return "2.19.0"
	}
	return "7.10.0"
}

// MinIndexCompat is minimum_index_compatibility_version in GET /.
func (v Version) MinIndexCompat() string {
	if v.Major >= 3 {
		return "2.0.0"
	}
	return "7.0.0"
}
