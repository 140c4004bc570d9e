// Package grokpatterns is the grok processor's built-in pattern bank as
// OpenSearch 2.19 loads it (Grok.loadBuiltinPatterns): twenty files, read in
// a fixed order into one LinkedHashMap. The definitions are OpenSearch's
// own data (inherited from Logstash's legacy pattern set, Apache License
// 2.0): the fake must answer GET /_ingest/processor/grok and expand %{NAME}
// exactly as a cluster does. The files were assembled from the
// Elasticsearch 7.x copies OpenSearch forked (see each file's provenance
// in docs/fake-behaviour.md). Only the definitions are kept: the upstream
// files' comments are left out, as the bank never reads them.
package grokpatterns

import (
	"embed"
	"strings"
)

//go:embed aws bacula bind bro exim firewalls grok-patterns haproxy java junos linux-syslog maven mcollective-patterns mongodb nagios postgresql rails redis ruby squid
var files embed.FS

// loadOrder is Grok.loadBuiltinPatterns' list of files.
var loadOrder = [...]string{
	"aws", "bacula", "bind", "bro", "exim", "firewalls", "grok-patterns", "haproxy", "java", "junos",
	"linux-syslog", "maven", "mcollective-patterns", "mongodb", "nagios", "postgresql", "rails", "redis",
	"ruby", "squid",
}

// Pattern is one named pattern of the bank.
type Pattern struct{ Name, Definition string }

// Builtin returns the built-in patterns in the order the bank's
// LinkedHashMap iterates them: a name defined again (JAVASTACKTRACEPART is,
// in java) keeps its first position and takes its last definition. It
// returns a new slice each call, so callers may keep it.
func Builtin() []Pattern {
	var out []Pattern
	index := map[string]int{}
	for _, f := range loadOrder {
		data, err := files.ReadFile(f)
		if err != nil {
			panic("grokpatterns: embedded file " + f + " missing") // the embed directive lists every file
		}
		for _, line := range strings.Split(string(data), "\n") {
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
			p := Pattern{Name: line[:i], Definition: strings.TrimLeft(line[i:], " \t\r\f\v")}
			if at, seen := index[p.Name]; seen {
				out[at].Definition = p.Definition
				continue
			}
			index[p.Name] = len(out)
			out = append(out, p)
		}
	}
	return out
}
