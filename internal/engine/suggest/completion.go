package suggest

import (
	"regexp"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// CompletionHit is the document behind a completion option (the fetch
// phase's hit) and the contexts it matched.
type CompletionHit struct {
	Target Target
	Slot   int32
	Doc    shard.Doc
	// Contexts are the matched contexts per context name, names and values
	// in the order the server's hash maps and sets print them.
	Contexts []NamedContexts
}

// NamedContexts are the values of one context mapping.
type NamedContexts struct {
	Name   string
	Values []string
}

// completionQuery is a completion suggestion built against one index
// (CompletionSuggestionContext.toQuery).
type completionQuery struct {
	column   string
	mappings []mapping.ContextMapping
	form     string         // prefix and fuzzy: the analysed prefix
	re       *regexp.Regexp // regex, matching prefixes
	reWhole  *regexp.Regexp // regex, matching whole strings
	fuzzy    *FuzzyOptions
	contexts []queryContext // nil when the field has no context mappings
}

// queryContext is one category query context (CategoryQueryContext), or
// one cell of a geo query context.
type queryContext struct {
	mapping int
	value   string
	boost   int
	prefix  bool
}

// prepareCompletion checks the field and builds the query: a prefix (the
// suggestion's prefix, else its text, else the global text), fuzzy when
// asked, or a regex.
func prepareCompletion(s *Suggestion, f *mapping.Field, x *indices.Index, global *string) (*completionQuery, *apierr.Error) {
	if f.Type != mapping.TypeCompletion {
		return nil, apierr.IllegalArgument("Field [%s] is not a completion suggest field", s.Field)
	}
	c := s.Completion
	q := &completionQuery{column: mapping.CompletionColumn(f.Path), mappings: f.CompletionContexts(), fuzzy: c.Fuzzy}
	if c.Contexts != nil {
		if len(q.mappings) == 0 {
			return nil, apierr.IllegalArgument("suggester [%s] doesn't expect any context", f.Path)
		}
		var err *apierr.Error
		if q.contexts, err = parseQueryContexts(c.Contexts, q.mappings); err != nil {
			return nil, err
		}
	}
	prefix := s.Prefix
	if prefix == nil {
		prefix = s.Text
	}
	switch {
	case prefix != nil:
	case s.Regex != nil:
		if c.Fuzzy != nil {
			return nil, apierr.IllegalArgument("can not use 'fuzzy' options with 'regex")
		}
		flags := flagAll
		if c.Regex != nil {
			flags = c.Regex.Flags
		}
		re, err := compileLuceneRegexp(*s.Regex, flags)
		if err != nil {
			return nil, err
		}
		q.re, q.reWhole = re, regexp.MustCompile(re.String()+`$`)
	case global != nil:
		prefix = global
	default:
		return nil, apierr.IllegalArgument("'prefix/text' or 'regex' must be defined")
	}
	if prefix != nil {
		_, searchName, sep, posInc := f.CompletionSettings()
		a, ok := x.Analyzer(searchName)
		if !ok {
			return nil, apierr.IllegalArgument("analyzer [%s] doesn't exists", searchName)
		}
		q.form = mapping.CompletionForm(a.Analyze(nil, *prefix), sep, posInc)
	}
	if len(q.mappings) > 0 && len(q.contexts) == 0 {
		return nil, apierr.IllegalArgument("Missing mandatory contexts in context query")
	}
	return q, nil
}

// parseQueryContexts reads the suggestion's "contexts" against the field's
// mappings: per name a category, an object {"context", "boost", "prefix"}
// or an array of those.
func parseQueryContexts(v *xcontent.Value, mappings []mapping.ContextMapping) ([]queryContext, *apierr.Error) {
	var out []queryContext
	for i := range v.Members {
		m := &v.Members[i]
		mi := -1
		for j := range mappings {
			if mappings[j].Name == m.Key {
				mi = j
			}
		}
		if mi < 0 {
			return nil, apierr.IllegalArgument("Unknown context name [%s], must be one of %s", m.Key, mapping.ContextNames(mappings))
		}
		items := []xcontent.Value{m.Value}
		if m.Value.Kind == xcontent.Array {
			items = m.Value.Items
		}
		if mappings[mi].Type == "GEO" {
			for k := range items {
				gq, err := parseGeoQuery(&items[k])
				if err != nil {
					return nil, err
				}
				out = append(out, gq.expand(mi, mappings[mi].Precision)...)
			}
			continue
		}
		for k := range items {
			qc, err := parseCategoryQuery(&items[k])
			if err != nil {
				return nil, err
			}
			qc.mapping = mi
			out = append(out, qc)
		}
	}
	return out, nil
}

// parseCategoryQuery is CategoryQueryContext.fromXContent.
func parseCategoryQuery(v *xcontent.Value) (queryContext, *apierr.Error) {
	qc := queryContext{boost: 1}
	bad := apierr.New(apierr.TypeXContentParse, "category context must be a string, number or boolean")
	switch v.Kind {
	case xcontent.String, xcontent.Number, xcontent.Bool:
		qc.value = v.Text()
		return qc, nil
	case xcontent.Object:
	default:
		return qc, apierr.New(apierr.TypeXContentParse, "category context must be an object, string, number or boolean")
	}
	has := false
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		switch m.Key {
		case "context":
			if !val.IsScalar() || val.Kind == xcontent.Null {
				return qc, bad
			}
			qc.value, has = val.Text(), true
		case "boost":
			n, err := intValue(val)
			if !val.IsScalar() || err != nil || n <= 0 {
				return qc, bad
			}
			qc.boost = n
		case "prefix":
			switch {
			case val.Kind == xcontent.Bool:
				qc.prefix = val.Bool
			case val.Kind == xcontent.String && (val.Str == "true" || val.Str == "false"):
				qc.prefix = val.Str == "true"
			default:
				return qc, bad
			}
		default:
			return qc, bad
		}
	}
	if !has {
		return qc, apierr.New("null_pointer_exception", "category must not be null")
	}
	return qc, nil
}

// matchForm reports whether an indexed form matches the query, with the
// query's boost (the fuzzy prefix's common length, else 0) and the length
// of the form's prefix where the query automaton first accepts (where the
// FST intersection stops); m holds the fuzzy matcher's buffers.
func (q *completionQuery) matchForm(form string, m *fuzzyMatcher) (float32, int, bool) {
	switch {
	case q.re != nil:
		if !q.re.MatchString(form) {
			return 0, 0, false
		}
		return 0, q.firstRegexAccept(form), true
	case q.fuzzy != nil:
		b, accept, ok := m.boost(form, q.form, q.fuzzy)
		return float32(b), accept, ok
	}
	return 0, len(q.form), strings.HasPrefix(form, q.form)
}

// firstRegexAccept is the shortest prefix of form the regex matches whole.
func (q *completionQuery) firstRegexAccept(form string) int {
	for i := range form {
		if q.reWhole.MatchString(form[:i]) {
			return i
		}
	}
	return len(form)
}

// contextBoost matches one indexed context against the query contexts
// (exact, or as a prefix) and returns the boost of the longest query
// context it starts with, as ContextCompletionWeight.setNextMatch does.
func (q *completionQuery) contextBoost(c *mapping.CompletionContext) (int, bool) {
	matched := false
	for i := range q.contexts {
		qc := &q.contexts[i]
		if qc.mapping == c.Mapping && (c.Value == qc.value || qc.prefix && strings.HasPrefix(c.Value, qc.value)) {
			matched = true
			break
		}
	}
	if !matched {
		return 0, false
	}
	boost, best := 0, -1
	for i := range q.contexts {
		qc := &q.contexts[i]
		if qc.mapping == c.Mapping && strings.HasPrefix(c.Value, qc.value) && len(qc.value) >= best {
			boost, best = qc.boost, len(qc.value)
		}
	}
	return boost, true
}
