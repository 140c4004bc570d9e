package templates

import "github.com/clustersearch/clustersearch-go/internal/engine/wildcard"

// matchAll is Regex.isMatchAllPattern.
func matchAll(p string) bool { return p == "*" }

func anyMatchAll(patterns []string) bool {
	for _, p := range patterns {
		if matchAll(p) {
			return true
		}
	}
	return false
}

// matches reports whether one of the patterns matches name (simpleMatch).
func matches(patterns []string, name string) bool {
	for _, p := range patterns {
		if wildcard.Simple(p, name) {
			return true
		}
	}
	return false
}

// overlap reports whether some name matches a pattern of a and a pattern
// of b: the non-empty intersection of their automatons that
// findConflictingV1Templates and findConflictingV2Templates test.
func overlap(a, b []string) bool {
	for _, p := range a {
		for _, q := range b {
			if globsIntersect(p, q) {
				return true
			}
		}
	}
	return false
}

// globsIntersect reports whether two '*'-patterns share a string: a walk
// over both patterns where a star may swallow a character (or the other
// pattern's star) or stop.
func globsIntersect(p, q string) bool {
	seen := map[[2]int]bool{}
	var walk func(i, j int) bool
	walk = func(i, j int) bool {
		k := [2]int{i, j}
		if v, ok := seen[k]; ok {
			return v
		}
		seen[k] = false
		var ok bool
		switch {
		case i == len(p) && j == len(q):
			ok = true
		case i < len(p) && p[i] == '*':
			ok = walk(i+1, j) || (j < len(q) && walk(i, j+1))
		case j < len(q) && q[j] == '*':
			ok = walk(i, j+1) || (i < len(p) && walk(i+1, j))
		case i < len(p) && j < len(q):
			ok = p[i] == q[j] && walk(i+1, j+1)
		}
		seen[k] = ok
		return ok
	}
	return walk(0, 0)
}
