package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// Span is one of the span queries: span_term, span_near, span_or,
// span_not, span_first, span_containing, span_within, span_multi and
// field_masking_span. Each kind uses its own fields.
type Span struct {
	Base
	Type string
	// Field and Value: span_term; Field is also field_masking_span's
	// masked field.
	Field, Value string
	// Clauses: span_near, span_or.
	Clauses []*Span
	Slop    int  // span_near
	InOrder bool // span_near, true by default
	// Include, Exclude, Pre, Post: span_not.
	Include, Exclude *Span
	Pre, Post        int
	// Match, End: span_first (Match is also field_masking_span's query).
	Match *Span
	End   int
	// Big, Little: span_containing, span_within.
	Big, Little *Span
	// Multi is span_multi's multi-term query (prefix, wildcard, regexp,
	// fuzzy or range).
	Multi Query
}

// Kind returns the span query's name.
func (s *Span) Kind() string { return s.Type }

// spanClause parses a clause that must be a span query.
func spanClause(v *xcontent.Value, what string) (*Span, *Error) {
	q, err := parseInner(v)
	if err != nil {
		return nil, err
	}
	s, ok := q.(*Span)
	if !ok {
		return nil, parsingAt(v, what+" must be of type span query")
	}
	return s, nil
}

// parseSpanTerm is SpanTermQueryBuilder.fromXContent: {"field": "value"}
// or {"field": {"value" (or "term"), "boost", "_name"}}.
func parseSpanTerm(obj *xcontent.Value) (Query, *Error) {
	q := &Span{Base: newBase(obj), Type: "span_term"}
	fieldSet, hasValue := false, false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if fieldSet {
			return nil, multipleFields("span_term", q.Field, m.Key, v)
		}
		q.Field, fieldSet = m.Key, true
		switch {
		case v.Kind == xcontent.Object:
			for j := range v.Members {
				im := &v.Members[j]
				iv := &im.Value
				var err *Error
				switch im.Key {
				case "value", "term":
					q.Value, hasValue = iv.Text(), true
				case "boost":
					err = optFloat(&q.Boost, iv)
				case "_name":
					q.Name = iv.Text()
				default:
					return nil, unsupportedOption("span_term", im.Key, iv)
				}
				if err != nil {
					return nil, err
				}
			}
		case isValue(v):
			q.Value, hasValue = v.Text(), true
		default:
			return nil, unknownToken("span_term", m.Key, v)
		}
	}
	if !fieldSet || q.Field == "" {
		return nil, illegalArgument("field name is null or empty")
	}
	if !hasValue {
		return nil, illegalArgument("value cannot be null")
	}
	return q, nil
}

// parseSpanCompound reads the span queries made of other span queries
// (their builders' fromXContent, with their messages).
func parseSpanCompound(name string, obj *xcontent.Value) (Query, *Error) {
	q := &Span{Base: newBase(obj), Type: name, InOrder: true}
	var hasEnd, hasField, hasDist, hasPrePost bool
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch {
		case m.Key == "clauses" && (name == "span_near" || name == "span_or"):
			if v.Kind != xcontent.Array {
				return nil, parsingAt(v, "["+name+"] query does not support ["+m.Key+"]")
			}
			what := "spanNear [clauses]"
			if name == "span_or" {
				what = "spanOr [clauses]"
			}
			for j := range v.Items {
				c, cerr := spanClause(&v.Items[j], what)
				if cerr != nil {
					return nil, cerr
				}
				q.Clauses = append(q.Clauses, c)
			}
		case v.Kind == xcontent.Object:
			var dst **Span
			switch {
			case name == "span_not" && m.Key == "include":
				dst = &q.Include
			case name == "span_not" && m.Key == "exclude":
				dst = &q.Exclude
			case name == "span_first" && m.Key == "match", name == "field_masking_span" && m.Key == "query":
				dst = &q.Match
			case (name == "span_containing" || name == "span_within") && m.Key == "big":
				dst = &q.Big
			case (name == "span_containing" || name == "span_within") && m.Key == "little":
				dst = &q.Little
			case name == "span_multi" && m.Key == "match":
				inner, ierr := parseInner(v)
				if ierr != nil {
					return nil, ierr
				}
				switch inner.(type) {
				case *Prefix, *Wildcard, *Regexp, *Fuzzy, *Range:
					q.Multi = inner
				default:
					return nil, parsingAt(v, "[span_multi] [match] must be of type multi term query")
				}
				continue
			default:
				return nil, parsingAt(v, "["+name+"] query does not support ["+m.Key+"]")
			}
			*dst, err = spanClause(v, name+" ["+m.Key+"]")
		case isValue(v):
			switch {
			case m.Key == "boost":
				err = optFloat(&q.Boost, v)
			case m.Key == "_name":
				q.Name = v.Text()
			case name == "span_near" && m.Key == "slop":
				err = optInt(&q.Slop, v)
			case name == "span_near" && m.Key == "in_order":
				err = optBool(&q.InOrder, v)
			case name == "span_not" && (m.Key == "pre" || m.Key == "post"):
				if m.Key == "pre" {
					err = optInt(&q.Pre, v)
				} else {
					err = optInt(&q.Post, v)
				}
				hasPrePost = true
			case name == "span_not" && m.Key == "dist":
				var d int
				err = optInt(&d, v)
				q.Pre, q.Post, hasDist = d, d, true
			case name == "span_first" && m.Key == "end":
				err = optInt(&q.End, v)
				hasEnd = true
			case name == "field_masking_span" && m.Key == "field":
				q.Field, hasField = v.Text(), true
			default:
				return nil, parsingAt(v, "["+name+"] query does not support ["+m.Key+"]")
			}
		default:
			return nil, parsingAt(v, "["+name+"] query does not support ["+m.Key+"]")
		}
		if err != nil {
			return nil, err
		}
	}
	end := func(msg string) *Error { return parsingAtEnd(obj, msg) }
	switch name {
	case "span_near":
		if len(q.Clauses) == 0 {
			return nil, end("span_near must include [clauses]")
		}
	case "span_or":
		if len(q.Clauses) == 0 {
			return nil, end("spanOr must include [clauses]")
		}
	case "span_not":
		if q.Include == nil {
			return nil, end("span_not must have [include] span query clause")
		}
		if q.Exclude == nil {
			return nil, end("span_not must have [exclude] span query clause")
		}
		if hasDist && hasPrePost {
			return nil, end("span_not can either use [dist] or [pre] & [post] (or none)")
		}
	case "span_first":
		if q.Match == nil {
			return nil, end("span_first must have [match] span query clause")
		}
		if !hasEnd {
			return nil, end("span_first must have [end] set for it")
		}
	case "span_containing", "span_within":
		if q.Big == nil {
			return nil, end(name + " must include [big]")
		}
		if q.Little == nil {
			return nil, end(name + " must include [little]")
		}
	case "span_multi":
		if q.Multi == nil {
			return nil, end("[span_multi] must have [match] multi term query clause")
		}
	case "field_masking_span":
		if q.Match == nil {
			return nil, end("field_masking_span must have [query] span query clause")
		}
		if !hasField {
			return nil, end("field_masking_span must have [field] set for it")
		}
	}
	return q, nil
}
