// Package indices is the fake's index registry: creating, deleting and
// resolving indexes (lists, wildcards, _all and the IndicesOptions flags), their
// settings and mappings, and document writes routed to shards.
package indices

import (
	"strings"
	"unicode"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// ValidateName applies MetadataCreateIndexService's index name rules, in the
// server's order, with its exact messages.
func ValidateName(name string) *apierr.Error {
	if strings.ContainsAny(name, "\\/*?\"<>| ,") {
		return apierr.InvalidIndexName(name, `must not contain the following characters [ , ", *, \, <, |, ,, >, /, ?]`)
	}
	if strings.Contains(name, "#") {
		return apierr.InvalidIndexName(name, "must not contain '#'")
	}
	if strings.Contains(name, ":") {
		return apierr.InvalidIndexName(name, "must not contain ':'")
	}
	if strings.HasPrefix(name, "_") || strings.HasPrefix(name, "-") || strings.HasPrefix(name, "+") {
		return apierr.InvalidIndexName(name, "must not start with '_', '-', or '+'")
	}
	for _, r := range name {
		if unicode.ToLower(r) != r {
			return apierr.InvalidIndexName(name, "must be lowercase")
		}
	}
	if name == "." || name == ".." {
		return apierr.InvalidIndexName(name, "must not be '.' or '..'")
	}
	if n := len(name); n > 255 {
		return apierr.InvalidIndexName(name, "index name is too long, ("+itoa(n)+" > 255)")
	}
	return nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
