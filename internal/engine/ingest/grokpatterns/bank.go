// Package grokpatterns is the grok processor's built-in pattern bank as
// OpenSearch 2.19 loads it (Grok.loadBuiltinPatterns): the general-purpose
// "grok-patterns" file, in file order. The pattern definitions are
// OpenSearch's own (inherited from Logstash's legacy pattern set, Apache
// License 2.0): the fake must answer GET /_ingest/processor/grok and expand
// %{NAME} exactly as a cluster does.
//
// OpenSearch loads nineteen more files of product-specific patterns (aws,
// bacula, bind, bro, exim, firewalls, haproxy, java, junos, linux-syslog,
// maven, mcollective-patterns, mongodb, nagios, postgresql, rails, redis,
// ruby, squid); the fake does not carry them yet, so a pattern that only
// they define is "Unable to find pattern" here.
package grokpatterns

import (
	_ "embed"
	"strings"
)

//go:embed grok-patterns
var grokPatternsFile string

// Pattern is one named pattern of the bank.
type Pattern struct{ Name, Definition string }

// Builtin returns the built-in patterns in load order (a new slice each
// call, so callers may keep it).
func Builtin() []Pattern {
	var out []Pattern
	for _, line := range strings.Split(grokPatternsFile, "\n") {
		// loadPatterns: leading blanks trimmed, comments and empty lines
		// skipped, then name and definition split at the first blank run.
		line = strings.TrimLeft(line, " \t\r\f\v")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.IndexAny(line, " \t\r\f\v")
		if i < 0 {
			continue
		}
		def := strings.TrimLeft(line[i:], " \t\r\f\v")
		out = append(out, Pattern{Name: line[:i], Definition: strings.TrimRight(def, "\r")})
	}
	return out
}
