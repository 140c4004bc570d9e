package search

// hlQuery is what the unified highlighter extracts from a query (its
// QueryVisitor walk): terms matched anywhere, multi-term automata, and
// phrases whose terms count only where the phrase matches. Prohibited
// clauses contribute nothing.
type hlQuery struct {
	terms   []hlTerm
	autos   []hlAuto
	phrases []*phraseNode
	// order lists the parts in query order (the fvh highlighter numbers
	// them so): kind 0 a term, 1 an automaton, 2 a phrase, with its index.
	order [][2]int
	// bagOfTerms is set while walking a derived field's query: the
	// highlighter matches its phrases' terms anywhere, not as phrases.
	bagOfTerms bool
}

// hlTerm is one position-insensitive term of a field.
type hlTerm struct{ field, term string }

// hlAuto is a multi-term query (prefix, wildcard, regexp, terms): any term
// of the field it accepts matches; label names it in passage scoring.
type hlAuto struct {
	field, label string
	keep         func(string) bool
}

// extractHL walks a compiled query.
func extractHL(n node) *hlQuery {
	q := &hlQuery{}
	q.walk(n)
	return q
}

func (q *hlQuery) walk(n node) {
	switch x := n.(type) {
	case *termNode:
		q.order = append(q.order, [2]int{0, len(q.terms)})
		q.terms = append(q.terms, hlTerm{x.field, x.term})
	case *phraseNode:
		if q.bagOfTerms {
			for _, t := range x.terms {
				q.order = append(q.order, [2]int{0, len(q.terms)})
				q.terms = append(q.terms, hlTerm{x.field, t})
			}
			return
		}
		// A one-term phrase is rewritten to a term query.
		if len(x.terms) == 1 && (x.alts == nil || len(x.alts[0]) == 1) {
			q.order = append(q.order, [2]int{0, len(q.terms)})
			q.terms = append(q.terms, hlTerm{x.field, x.terms[0]})
			return
		}
		q.order = append(q.order, [2]int{2, len(q.phrases)})
		q.phrases = append(q.phrases, x)
	case *constNode:
		if x.keep != nil {
			q.order = append(q.order, [2]int{1, len(q.autos)})
			q.autos = append(q.autos, hlAuto{field: x.field, label: x.desc, keep: x.keep})
		}
	case *boolNode:
		for _, c := range x.clauses {
			if c.occur != mustNot {
				q.walk(c.n)
			}
		}
	case *disMaxNode:
		for _, s := range x.subs {
			q.walk(s)
		}
	case *scoreNode:
		if x.derived {
			saved := q.bagOfTerms
			q.bagOfTerms = true
			q.walk(x.inner)
			q.bagOfTerms = saved
			return
		}
		q.walk(x.inner)
	case *postFilterNode:
		q.walk(x.main)
	case *aliasFilterNode:
		q.walk(x.main) // the alias filter is not highlighted
	case *funcScoreNode:
		q.walk(x.inner)
	case *scriptScoreNode:
		// ScriptScoreQuery visits its sub-query: its terms are highlighted.
		q.walk(x.inner)
	case *nestedNode:
		// CustomUnifiedHighlighter highlights a nested query's child query.
		q.walk(x.inner)
	}
}

// forField keeps what a field's highlighter sees: with
// require_field_match only the field's own parts, else every field's but
// _id's.
func (q *hlQuery) forField(name string, requireFieldMatch bool) *hlQuery {
	ok := func(f string) bool {
		if requireFieldMatch {
			return f == name
		}
		return f != "_id"
	}
	out := &hlQuery{}
	for _, o := range q.order {
		switch i := o[1]; o[0] {
		case 0:
			if ok(q.terms[i].field) {
				out.order = append(out.order, [2]int{0, len(out.terms)})
				out.terms = append(out.terms, q.terms[i])
			}
		case 1:
			if ok(q.autos[i].field) {
				out.order = append(out.order, [2]int{1, len(out.autos)})
				out.autos = append(out.autos, q.autos[i])
			}
		default:
			if ok(q.phrases[i].field) {
				out.order = append(out.order, [2]int{2, len(out.phrases)})
				out.phrases = append(out.phrases, q.phrases[i])
			}
		}
	}
	return out
}

func (q *hlQuery) empty() bool { return len(q.terms) == 0 && len(q.autos) == 0 && len(q.phrases) == 0 }

// phraseClause reports whether term may stand at a phrase's clause i.
func phraseClause(p *phraseNode, i int, term string) bool {
	if p.alts == nil {
		return p.terms[i] == term
	}
	for _, a := range p.alts[i] {
		if a == term {
			return true
		}
	}
	return false
}

// phraseMatches reports each match of p among one value's tokens (the
// terms at each position, up to maxPos) as the positions and terms of its
// clauses. An exact phrase needs every clause at its relative position; a
// sloppy one (highlighted as an unordered SpanNearQuery) needs each clause
// at a distinct position within a window no wider than the clauses plus
// the slop.
func phraseMatches(p *phraseNode, posTerms map[int][]string, maxPos int, match func(pos []int, terms []string)) {
	n := len(p.terms)
	gaps := int(p.pos[n-1]-p.pos[0]) - (n - 1)
	slop := p.slop + max(gaps, 0)
	has := func(pos, i int) string {
		for _, t := range posTerms[pos] {
			if phraseClause(p, i, t) {
				return t
			}
		}
		return ""
	}
	if p.slop == 0 {
		for start := 0; start <= maxPos; start++ {
			found := make([]string, n)
			ok := true
			for i := 0; i < n && ok; i++ {
				found[i] = has(start+int(p.pos[i]-p.pos[0]), i)
				ok = found[i] != ""
			}
			if ok {
				pos := make([]int, n)
				for i := range pos {
					pos[i] = start + int(p.pos[i]-p.pos[0])
				}
				match(pos, found)
			}
		}
		return
	}
	width := n + slop
	for start := 0; start <= maxPos; start++ {
		// Assign each clause, in order, the first free position of the
		// window [start, start+width) holding one of its terms; the window
		// counts only when a clause sits at its start.
		used := map[int]string{}
		ok := true
		for i := 0; i < n && ok; i++ {
			ok = false
			for pos := start; pos < start+width; pos++ {
				if _, taken := used[pos]; taken {
					continue
				}
				if t := has(pos, i); t != "" {
					used[pos] = t
					ok = true
					break
				}
			}
		}
		if _, atStart := used[start]; ok && atStart {
			pos := make([]int, 0, n)
			terms := make([]string, 0, n)
			for at, t := range used {
				pos = append(pos, at)
				terms = append(terms, t)
			}
			match(pos, terms)
		}
	}
}
