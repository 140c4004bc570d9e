package conformance

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a server version. Elasticsearch versions 5.x to 7.x are
// "legacy": OpenSearch orders them before 1.0.0, which is how the copied
// suites' old skip ranges (" - 6.99.99", "7.3.0 - ") must be read.
type Version struct {
	Major, Minor, Patch int
}

// ParseVersion reads "2.19.0", "2.19" or "2" (missing parts are 0); a
// qualifier after '-' ("2.19.0-SNAPSHOT") is ignored.
func ParseVersion(s string) (Version, error) {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '-'); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 3 {
		return Version{}, fmt.Errorf("invalid version %q", s)
	}
	var nums [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return Version{}, fmt.Errorf("invalid version %q", s)
		}
		nums[i] = n
	}
	return Version{nums[0], nums[1], nums[2]}, nil
}

// String renders the version as major.minor.patch.
func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

func (v Version) legacy() bool { return v.Major >= 5 && v.Major <= 7 }

// Compare orders versions, legacy Elasticsearch versions first.
func (v Version) Compare(o Version) int {
	if v.legacy() != o.legacy() {
		if v.legacy() {
			return -1
		}
		return 1
	}
	return v.semverCompare(o)
}

// semverCompare orders versions numerically, as semver does.
func (v Version) semverCompare(o Version) int {
	for _, d := range [3]int{v.Major - o.Major, v.Minor - o.Minor, v.Patch - o.Patch} {
		if d < 0 {
			return -1
		}
		if d > 0 {
			return 1
		}
	}
	return 0
}

// SkipRanges is the `version:` value of a YAML test's skip section: a
// comma-separated list of inclusive ranges "lo - hi" with either side open,
// or "all".
type SkipRanges struct {
	all    bool
	ranges [][2]*Version
}

// ParseSkipRanges parses a skip `version:` value.
func ParseSkipRanges(s string) (SkipRanges, error) {
	if strings.TrimSpace(s) == "all" {
		return SkipRanges{all: true}, nil
	}
	var out SkipRanges
	for _, r := range strings.Split(s, ",") {
		lo, hi, ok := strings.Cut(r, "-")
		if !ok {
			return SkipRanges{}, fmt.Errorf("version range %q has no '-'", strings.TrimSpace(r))
		}
		var bounds [2]*Version
		for i, side := range []string{lo, hi} {
			if strings.TrimSpace(side) == "" {
				continue
			}
			v, err := ParseVersion(side)
			if err != nil {
				return SkipRanges{}, fmt.Errorf("version range %q: %w", strings.TrimSpace(r), err)
			}
			bounds[i] = &v
		}
		if bounds[0] == nil && bounds[1] == nil {
			return SkipRanges{}, fmt.Errorf("version range %q is open on both sides", strings.TrimSpace(r))
		}
		out.ranges = append(out.ranges, bounds)
	}
	return out, nil
}

// Contains reports whether v lies in any of the ranges.
func (s SkipRanges) Contains(v Version) bool {
	if s.all {
		return true
	}
	for _, r := range s.ranges {
		if (r[0] == nil || v.Compare(*r[0]) >= 0) && (r[1] == nil || v.Compare(*r[1]) <= 0) {
			return true
		}
	}
	return false
}

// SemverRange is a story `version:` value: alternatives separated by "||",
// each a space-separated conjunction of comparators (">= 2.0", "<2.0",
// "=2.19.0", or a bare version meaning "=").
type SemverRange struct {
	alternatives [][]comparator
}

type comparator struct {
	op string
	v  Version
}

// ParseSemverRange parses a story version range.
func ParseSemverRange(s string) (SemverRange, error) {
	var out SemverRange
	for _, alt := range strings.Split(s, "||") {
		fields := strings.Fields(alt)
		var conj []comparator
		for i := 0; i < len(fields); i++ {
			f := fields[i]
			op := ""
			for _, candidate := range []string{">=", "<=", ">", "<", "="} {
				if strings.HasPrefix(f, candidate) {
					op = candidate
					break
				}
			}
			text := strings.TrimPrefix(f, op)
			if text == "" && op != "" && i+1 < len(fields) {
				i++
				text = fields[i]
			}
			if op == "" {
				op = "="
			}
			v, err := ParseVersion(strings.TrimPrefix(text, "v"))
			if err != nil {
				return SemverRange{}, fmt.Errorf("version range %q: %w", s, err)
			}
			conj = append(conj, comparator{op, v})
		}
		if len(conj) == 0 {
			return SemverRange{}, fmt.Errorf("version range %q has an empty alternative", s)
		}
		out.alternatives = append(out.alternatives, conj)
	}
	return out, nil
}

// Contains reports whether v satisfies the range.
func (r SemverRange) Contains(v Version) bool {
	for _, conj := range r.alternatives {
		ok := true
		for _, c := range conj {
			d := v.semverCompare(c.v)
			switch c.op {
			case ">=":
				ok = ok && d >= 0
			case "<=":
				ok = ok && d <= 0
			case ">":
				ok = ok && d > 0
			case "<":
				ok = ok && d < 0
			default:
				ok = ok && d == 0
			}
		}
		if ok {
			return true
		}
	}
	return false
}
