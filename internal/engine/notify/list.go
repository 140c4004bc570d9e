package notify

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"strconv"
	"strings"
)

const (
	// defaultMaxItems is NotificationConstants.DEFAULT_MAX_ITEMS.
	defaultMaxItems = 1000
	// maxResultWindow is index.max_result_window.
	maxResultWindow = 10000
	// trackTotalHitsUpTo is the search's default total-hits accuracy.
	trackTotalHitsUpTo = 10000
)

// allShardsFailed is what the plugin reports (as a 500 status_exception)
// when the search on its config index fails on the shard.
func allShardsFailed() *Error { return statusErr(500, "all shards failed") }

// filter is one compiled filter parameter.
type filter func(r *record) bool

// compileFilter is ConfigQueryHelper.addQueryFilters for one parameter.
func compileFilter(key, value string) (filter, *Error) {
	switch {
	case key == "query":
		return queryStringFilter(key, value, append(append([]string{}, keywordFields...), textFields...),
			append(append([]string{}, nestedKeywordFields...), nestedTextFields...))
	case key == "text_query":
		return queryStringFilter(key, value, textFields, nestedTextFields)
	case contains(rangeFields, key):
		return rangeFilter(key, value)
	case contains(booleanFields, key):
		var want bool
		switch value {
		case "true":
			want = true
		case "false":
		default:
			return nil, allShardsFailed()
		}
		return func(r *record) bool { return r.cfg.IsEnabled == want }, nil
	case contains(keywordFields, key):
		terms := strings.Split(value, ",")
		return func(r *record) bool {
			for _, v := range fieldValues(r.cfg, key) {
				if contains(terms, v) {
					return true
				}
			}
			return false
		}, nil
	case contains(textFields, key), contains(nestedTextFields, key):
		tokens := analyze(value)
		return func(r *record) bool { return matchTokens(fieldValues(r.cfg, key), tokens) }, nil
	}
	return nil, statusErr(406, "Query on "+key+" not acceptable")
}

// matchTokens is a match query (operator OR) against analyzed values.
func matchTokens(values, tokens []string) bool {
	for _, v := range values {
		for _, t := range analyze(v) {
			if contains(tokens, t) {
				return true
			}
		}
	}
	return false
}

func rangeFilter(key, value string) (filter, *Error) {
	get := func(r *record) int64 {
		if key == "created_time_ms" {
			return r.created
		}
		return r.updated
	}
	parts := strings.Split(value, "..")
	switch len(parts) {
	case 1:
		v, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return nil, allShardsFailed()
		}
		return func(r *record) bool { return get(r) == v }, nil
	case 2:
		from, err1 := strconv.ParseInt(parts[0], 10, 64)
		to, err2 := strconv.ParseInt(parts[1], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, allShardsFailed()
		}
		return func(r *record) bool { t := get(r); return t >= from && t <= to }, nil
	}
	return nil, statusErr(406, "Invalid Range format "+value+", allowed format 'exact' or 'from..to'")
}

// queryStringFilter supports the plain-terms subset of query_string: terms
// separated by white space (default operator OR), each optionally with the
// * and ? wildcards. Any other query_string syntax is refused clearly.
func queryStringFilter(key, value string, fields, nested []string) (filter, *Error) {
	terms := strings.Fields(value)
	for _, t := range terms {
		if t == "AND" || t == "OR" || t == "NOT" || t == "&&" || t == "||" ||
			strings.ContainsAny(t, `:"()[]{}^~\/!<>=`) || strings.HasPrefix(t, "+") || strings.HasPrefix(t, "-") {
			return nil, statusErr(400, "the fake supports only plain terms and * ? wildcards in ["+key+
				"]; query_string syntax in ["+value+"] is not supported by the fake")
		}
	}
	all := append(append([]string{}, fields...), nested...)
	return func(r *record) bool {
		for _, f := range all {
			keyword := strings.HasSuffix(f, ".keyword") || contains(keywordFields, f)
			for _, v := range fieldValues(r.cfg, f) {
				for _, t := range terms {
					if termMatches(v, t, keyword) {
						return true
					}
				}
			}
		}
		return false
	}, nil
}

// termMatches matches one query_string term against a field value: exact
// (or wildcard) on keyword fields, token-wise after analysis on text fields.
func termMatches(value, term string, keyword bool) bool {
	wild := strings.ContainsAny(term, "*?")
	if keyword {
		if wild {
			return wildcard.CompileNoEscape(term).Match(value)
		}
		return value == term
	}
	if wild {
		pat := wildcard.CompileNoEscape(strings.ToLower(term))
		for _, tok := range analyze(value) {
			if pat.Match(tok) {
				return true
			}
		}
		return false
	}
	return matchTokens([]string{value}, analyze(term))
}

// listQuery is the parsed form of a configs list request.
type listQuery struct {
	from, size int
	sortField  string // "" for the default
	desc       bool
	// filters are the filter parameters in the order the plugin applies
	// them (the request's parameter HashMap order).
	filters []param
}

// param is one URL parameter.
type param struct{ name, value string }

// sortKey describes how to order records on a sort field.
type sortKey struct {
	field string
	kind  int // 0 string, 1 number, 2 bool
}

// resolveSort is ConfigQueryHelper.getSortField.
func resolveSort(field string) (sortKey, *Error) {
	switch {
	case field == "":
		return sortKey{field: "last_updated_time_ms", kind: 1}, nil
	case contains(rangeFields, field):
		return sortKey{field: field, kind: 1}, nil
	case contains(booleanFields, field):
		return sortKey{field: field, kind: 2}, nil
	case contains(keywordFields, field), contains(textFields, field):
		return sortKey{field: field}, nil
	}
	return sortKey{}, statusErr(406, "Sort on "+field+" not acceptable")
}

// search runs the list query over the records (given in doc order) and
// returns the page, the total and its relation.
func search(recs []*record, q listQuery) ([]*record, int, string, *Error) {
	key, err := resolveSort(q.sortField)
	if err != nil {
		return nil, 0, "", err
	}
	var filters []filter
	for _, fp := range q.filters {
		f, err := compileFilter(fp.name, fp.value)
		if err != nil {
			return nil, 0, "", err
		}
		filters = append(filters, f)
	}
	if q.from+q.size > maxResultWindow {
		return nil, 0, "", allShardsFailed()
	}
	var hits []*record
next:
	for _, r := range recs {
		for _, f := range filters {
			if !f(r) {
				continue next
			}
		}
		hits = append(hits, r)
	}
	sortRecords(hits, key, q.desc)
	total, relation := len(hits), "eq"
	if total > trackTotalHitsUpTo {
		total, relation = trackTotalHitsUpTo, "gte"
	}
	if q.from >= len(hits) {
		return []*record{}, total, relation, nil
	}
	end := q.from + q.size
	if end > len(hits) {
		end = len(hits)
	}
	return hits[q.from:end], total, relation, nil
}

// sortRecords orders like a Lucene field sort: missing values last in both
// directions, multi-valued fields by their min (asc) or max (desc), ties in
// doc order.
func sortRecords(hits []*record, key sortKey, desc bool) {
	type sv struct {
		ok  bool
		s   string
		n   int64
		rec *record
	}
	vals := make([]sv, len(hits))
	for i, r := range hits {
		v := sv{rec: r}
		switch key.kind {
		case 1:
			v.ok = true
			v.n = r.updated
			if key.field == "created_time_ms" {
				v.n = r.created
			}
		case 2:
			v.ok = true
			if r.cfg.IsEnabled {
				v.n = 1
			}
		default:
			for _, s := range fieldValues(r.cfg, key.field) {
				if !v.ok || (!desc && s < v.s) || (desc && s > v.s) {
					v.s, v.ok = s, true
				}
			}
		}
		vals[i] = v
	}
	sort.SliceStable(vals, func(i, j int) bool {
		a, b := vals[i], vals[j]
		if a.ok != b.ok {
			return a.ok
		}
		if !a.ok {
			return false
		}
		var c int
		if key.kind == 0 {
			c = strings.Compare(a.s, b.s)
		} else if a.n < b.n {
			c = -1
		} else if a.n > b.n {
			c = 1
		}
		if desc {
			c = -c
		}
		return c < 0
	})
	for i := range vals {
		hits[i] = vals[i].rec
	}
}
