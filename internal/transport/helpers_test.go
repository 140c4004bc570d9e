package transport

import (
	"regexp"
)

// mustRegexp matches every URL under base.
func mustRegexp(base string) *regexp.Regexp {
	return regexp.MustCompile("^" + regexp.QuoteMeta(base))
}
