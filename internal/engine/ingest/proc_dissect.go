package ingest

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// dissectKey is one %{...} of a dissect pattern (DissectKey).
type dissectKey struct {
	name                     string
	skip, appendTo, rightPad bool
	refName, refValue        bool
	appendPos                int // the /N ordinal of an append key (0: pattern order)
}

// dissectPair is a key and the delimiter that ends its value ("" for the
// last key: the rest of the input).
type dissectPair struct {
	key   dissectKey
	delim string
}

// dissectParser is DissectParser: the leading delimiter, then key and
// delimiter pairs.
type dissectParser struct {
	pattern, appendSep string
	pairs              []dissectPair
}

var (
	dissectLeading = regexp.MustCompile(`(?s)^(.*?)%\{`)
	dissectOrdinal = regexp.MustCompile(`/(\d+)$`)
)

// dissectPatternError is DissectException.PatternParse.
func dissectPatternError(pattern, reason string) *apierr.Error {
	return &apierr.Error{Status: 500, Type: "pattern_parse", Reason: "Unable to parse pattern: " + pattern + " Reason: " + reason}
}

func parseDissect(pattern, appendSep string) (*dissectParser, *apierr.Error) {
	p := &dissectParser{pattern: pattern, appendSep: appendSep}
	if m := dissectLeading.FindStringSubmatch(pattern); m != nil && m[1] != "" {
		p.pairs = append(p.pairs, dissectPair{key: dissectKey{skip: true}, delim: m[1]})
	}
	// RE2 has no lookahead: cut the pattern at each %{ by hand.
	rest := pattern
	if i := strings.Index(rest, "%{"); i >= 0 {
		rest = rest[i:]
	} else {
		rest = ""
	}
	found := 0
	for strings.HasPrefix(rest, "%{") {
		end := strings.Index(rest, "}")
		if end < 0 {
			break
		}
		raw := rest[2:end]
		rest = rest[end+1:]
		next := strings.Index(rest, "%{")
		delim := rest
		if next >= 0 {
			delim, rest = rest[:next], rest[next:]
		} else {
			rest = ""
		}
		p.pairs = append(p.pairs, dissectPair{key: parseDissectKey(raw), delim: delim})
		found++
	}
	if found == 0 {
		return nil, dissectPatternError(pattern, "Unable to find any keys or delimiters.")
	}
	// A plain key sharing its name with an append key appends too.
	appendNames := map[string]bool{}
	for _, pr := range p.pairs {
		if pr.key.appendTo {
			appendNames[pr.key.name] = true
		}
	}
	for i := range p.pairs {
		if k := &p.pairs[i].key; appendNames[k.name] && !k.skip && !k.refName && !k.refValue {
			k.appendTo = true
		}
	}
	names, values := map[string]bool{}, map[string]bool{}
	for _, pr := range p.pairs {
		switch {
		case pr.key.refName:
			names[pr.key.name] = true
		case pr.key.refValue:
			values[pr.key.name] = true
		}
	}
	if len(names) != len(values) {
		return nil, dissectPatternError(pattern, "Unable to pair all reference and field keys.")
	}
	for n := range names {
		if !values[n] {
			return nil, dissectPatternError(pattern, "Unable to pair all reference and field keys.")
		}
	}
	return p, nil
}

// parseDissectKey reads the modifiers: + (append, with an optional /N
// order), * and & (reference name and value), ? (named skip), -> (right
// padding); an empty name is skipped.
func parseDissectKey(raw string) dissectKey {
	k := dissectKey{}
	if strings.HasSuffix(raw, "->") {
		k.rightPad, raw = true, strings.TrimSuffix(raw, "->")
	}
	switch {
	case strings.HasPrefix(raw, "+"):
		k.appendTo, raw = true, raw[1:]
		if m := dissectOrdinal.FindStringSubmatch(raw); m != nil {
			k.appendPos, _ = strconv.Atoi(m[1])
			raw = raw[:len(raw)-len(m[0])]
		}
	case strings.HasPrefix(raw, "*"):
		k.refName, raw = true, raw[1:]
	case strings.HasPrefix(raw, "&"):
		k.refValue, raw = true, raw[1:]
	case strings.HasPrefix(raw, "?"):
		k.skip, raw = true, raw[1:]
	}
	k.name = raw
	if raw == "" {
		k.skip = true
	}
	return k
}

// parse matches the input: each value runs to the next occurrence of its
// delimiter (a right-padded key also eats repeats of it); the last key
// without a delimiter takes the rest. Any key left unmatched fails.
func (p *dissectParser) parse(input string) (map[string]string, []string, *apierr.Error) {
	type appended struct {
		pos   int
		value string
	}
	apps := map[string][]appended{}
	refNames, refValues := map[string]string{}, map[string]string{}
	results := map[string]string{}
	var order []string
	put := func(name, v string) {
		if _, ok := results[name]; !ok {
			order = append(order, name)
		}
		results[name] = v
	}
	pos := 0
	for _, pr := range p.pairs {
		var value string
		if pr.delim == "" {
			value, pos = input[pos:], len(input)
		} else {
			j := strings.Index(input[pos:], pr.delim)
			if j < 0 {
				return nil, nil, &apierr.Error{Status: 500, Type: "find_match", Reason: "Unable to find match for dissect pattern: " + p.pattern + " against source: " + input}
			}
			value, pos = input[pos:pos+j], pos+j+len(pr.delim)
			if pr.key.rightPad {
				for strings.HasPrefix(input[pos:], pr.delim) {
					pos += len(pr.delim)
				}
			}
		}
		k := pr.key
		switch {
		case k.skip:
		case k.appendTo:
			if len(apps[k.name]) == 0 {
				put(k.name, "")
			}
			apps[k.name] = append(apps[k.name], appended{pos: k.appendPos, value: value})
		case k.refName:
			refNames[k.name] = value
		case k.refValue:
			refValues[k.name] = value
		default:
			put(k.name, value)
		}
	}
	for name, parts := range apps {
		sort.SliceStable(parts, func(a, b int) bool { return parts[a].pos < parts[b].pos })
		vals := make([]string, len(parts))
		for i, a := range parts {
			vals[i] = a.value
		}
		results[name] = strings.Join(vals, p.appendSep)
	}
	for ref, name := range refNames {
		put(name, refValues[ref])
	}
	return results, order, nil
}

// dissectProc is DissectProcessor: the parsed keys set at the root.
type dissectProc struct {
	field         string
	parser        *dissectParser
	ignoreMissing bool
}

func newDissect(s *Service, c *config) (runner, *apierr.Error) {
	p := &dissectProc{}
	var err *apierr.Error
	if p.field, err = c.str("field"); err != nil {
		return nil, err
	}
	pattern, err := c.str("pattern")
	if err != nil {
		return nil, err
	}
	sep, err := c.optStr("append_separator", "")
	if err != nil {
		return nil, err
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	parser, perr := parseDissect(pattern, sep)
	if perr != nil {
		// readProcessor wraps a factory's failure in a configuration
		// exception naming the processor.
		wrapped := c.err("", perr.Reason)
		wrapped.Type, wrapped.Status, wrapped.Cause = "exception", perr.Status, perr
		return nil, wrapped
	}
	p.parser = parser
	return p, nil
}

func (p *dissectProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := fieldInput(d, p.field, p.ignoreMissing, "field [%s] is null, cannot process it.")
	if err != nil || skip {
		return err
	}
	s, ok := v.(string)
	if !ok {
		return castError(p.field, v, "java.lang.String")
	}
	results, order, perr := p.parser.parse(s)
	if perr != nil {
		return perr
	}
	for _, name := range order {
		if err := d.Set(name, results[name]); err != nil {
			return err
		}
	}
	return nil
}
