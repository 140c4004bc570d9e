package searchreq

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// InnerHitsOpts is one parsed inner_hits object (InnerHitBuilder): its name
// and the search options it applies to its hits, held in a Spec so a
// collapse group search can run with them.
type InnerHitsOpts struct {
	Name     string // "" when absent
	Named    bool   // name was given (collapse inner hits without one fail to render)
	Collapse string // the inner collapse field (collapse inner hits only)
	Spec     *Spec
}

// InnerHits (Spec.Inner, nil when none) is what a search request's inner
// hits need: the nested definitions handed to the engine with their
// rendering options, and the collapse inner hits run after the search with
// the groups they expanded to.
type InnerHits struct {
	Nested      []*search.InnerHitsDef
	Render      map[*search.InnerHitsDef]*InnerHitsOpts
	Collapse    []*InnerHitsOpts
	Expanded    map[*search.Hit][]ExpandedGroup // filled by the executor
	CollapseMax int                             // max_concurrent_group_searches (accepted, no effect)
}

// ExpandedGroup is one collapse group's rendered hits under a name.
type ExpandedGroup struct {
	Name string
	Hits any
}

// parseInnerHitsOpts reads an inner_hits object.
func parseInnerHitsOpts(v *xcontent.Value) (*InnerHitsOpts, error) {
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [inner_hits] inner_hits doesn't support values of type: "+v.Token())
	}
	o := &InnerHitsOpts{Spec: &Spec{Size: 3, TrackTotal: 10000}}
	s := o.Spec
	failed := func(m *xcontent.Member, cause error) error {
		e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [inner_hits] failed to parse field ["+m.Key+"]")
		if ce, ok := cause.(*apierr.Error); ok {
			e = e.WithCause(ce)
		}
		return e
	}
	for i := range v.Members {
		m := &v.Members[i]
		val := &m.Value
		var err error
		switch m.Key {
		case "name":
			if val.Kind != xcontent.String {
				return nil, failed(m, nil)
			}
			o.Name, o.Named = val.Str, true
		case "ignore_unmapped":
			_, err = boolOf(m) // the nested query's own ignore_unmapped wins
		case "from", "size":
			n, ierr := intOf(m)
			if ierr != nil {
				return nil, failed(m, ierr)
			}
			if n < 0 {
				return nil, failed(m, apierr.IllegalArgument("illegal %s value, at least 0 or higher", m.Key))
			}
			if m.Key == "from" {
				s.From = n
			} else {
				s.Size = n
			}
		case "explain":
			s.Explain, err = boolOf(m)
		case "version":
			s.Version, err = boolOf(m)
		case "seq_no_primary_term":
			s.SeqNo, err = boolOf(m)
		case "track_scores":
			s.TrackScores, err = boolOf(m)
		case "stored_fields":
			s.StoredFields = storedFieldNames(val)
		case "docvalue_fields":
			s.DocValues, err = parseFieldFormats(m)
		case "fields":
			s.FetchFields, err = parseFieldFormats(m)
		case "script_fields":
			if e := innerScriptFieldsKind(val); e != nil {
				return nil, e
			}
			s.ScriptFields, err = search.ParseScriptFields(val)
		case "sort":
			s.Sort, err = parseSortValue(val)
		case "_source":
			s.Source, err = parseSourceValue(val)
		case "highlight":
			s.Highlight, err = search.ParseHighlight(val)
		case "collapse":
			if val.Kind != xcontent.Object || len(val.Members) != 1 || val.Members[0].Key != "field" || val.Members[0].Value.Kind != xcontent.String {
				return nil, failed(m, &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: "Invalid token in the inner collapse",
					Meta: []apierr.Meta{{Key: "line", Value: val.Line}, {Key: "col", Value: val.Col}}})
			}
			o.Collapse = val.Members[0].Value.Str
		default:
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [inner_hits] unknown field ["+m.Key+"]")
		}
		if err != nil {
			// ObjectParser reports a failing field parser under its name.
			return nil, failed(m, err)
		}
	}
	return o, nil
}

// prepareNested sends the deprecation warnings of legacy nested sorts and
// collects the query's inner hits.
func (s *Spec) prepareNested(warn func(string)) error {
	for _, w := range search.NestedSortWarnings(s.Sort) {
		warn(w)
	}
	return s.ExtractInnerHits()
}

// ExtractInnerHits collects the inner_hits of the query's nested queries as
// InnerHitContextBuilder.extractInnerHits does: through the compound
// queries, and below a nested query only when it has inner hits itself.
func (s *Spec) ExtractInnerHits() error {
	if s.Query == nil {
		return nil
	}
	st := s.innerState()
	defs, err := search.ExtractInnerHits(s.Query, func(raw *xcontent.Value) (*search.InnerHitsDef, error) {
		return innerHitsDef(raw, st)
	})
	if err != nil {
		return err
	}
	st.Nested = defs
	return nil
}

func (s *Spec) innerState() *InnerHits {
	if s.Inner == nil {
		s.Inner = &InnerHits{Render: map[*search.InnerHitsDef]*InnerHitsOpts{}}
	}
	return s.Inner
}

// innerHitsDef parses an inner_hits object into the engine's definition,
// keeping its rendering options.
func innerHitsDef(raw *xcontent.Value, st *InnerHits) (*search.InnerHitsDef, error) {
	o, err := parseInnerHitsOpts(raw)
	if err != nil {
		return nil, err
	}
	def := &search.InnerHitsDef{Name: o.Name, From: o.Spec.From, Size: o.Spec.Size, Sort: o.Spec.Sort,
		TrackScores: o.Spec.TrackScores, Explain: o.Spec.Explain, SeqNoPrimaryTerm: o.Spec.SeqNo, Highlight: o.Spec.Highlight}
	for _, f := range o.Spec.DocValues {
		def.DocValueFields = append(def.DocValueFields, f.Field)
	}
	def.ScriptFields = o.Spec.ScriptFields
	st.Render[def] = o
	return def, nil
}

// ApplyInnerHits hands the nested inner hits to the engine request (a
// scroll's later pages fetch them as its first page does).
func (s *Spec) ApplyInnerHits(req *search.Request) *apierr.Error {
	if s.Inner == nil || len(s.Inner.Nested) == 0 {
		return nil
	}
	req.InnerHits = s.Inner.Nested
	return nil
}

// parseCollapseInnerHits reads collapse.inner_hits (an object or an array of
// objects) and collapse.max_concurrent_group_searches.
func (s *Spec) parseCollapseInnerHits(m *xcontent.Member) error {
	failed := func(cause *apierr.Error) error {
		e := apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [collapse] failed to parse field ["+m.Key+"]")
		if cause != nil {
			e = e.WithCause(cause)
		}
		return e
	}
	st := s.innerState()
	if m.Key == "max_concurrent_group_searches" {
		n, err := intOf(m)
		if err != nil {
			return failed(err.(*apierr.Error))
		}
		if n < 1 {
			return failed(apierr.IllegalArgument("maxConcurrentGroupRequests` must be positive"))
		}
		st.CollapseMax = n
		return nil
	}
	v := &m.Value
	items := []*xcontent.Value{v}
	switch v.Kind {
	case xcontent.Object:
	case xcontent.Array:
		items = items[:0]
		for i := range v.Items {
			it := &v.Items[i]
			if it.Kind != xcontent.Object {
				return failed(&apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: "Invalid token in inner_hits array",
					Meta: []apierr.Meta{{Key: "line", Value: it.Line}, {Key: "col", Value: it.Col}}})
			}
			items = append(items, it)
		}
	default:
		return apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [collapse] inner_hits doesn't support values of type: "+v.Token())
	}
	st.Collapse = nil
	for _, it := range items {
		o, err := parseInnerHitsOpts(it)
		if err != nil {
			if ae, ok := err.(*apierr.Error); ok && ae.Type != apierr.TypeUnsupportedOperation {
				return failed(ae)
			}
			return err
		}
		st.Collapse = append(st.Collapse, o)
	}
	return nil
}

// innerScriptFieldsKind checks an inner_hits script_fields value's kind:
// InnerHitBuilder declares it as an object, and ObjectParser refuses another
// token before it runs (so unwrapped) the field's parser, which reads the
// script fields as the search body's are.
func innerScriptFieldsKind(v *xcontent.Value) error {
	if v.Kind != xcontent.Object {
		return apierr.New(apierr.TypeXContentParse, xcontent.Loc(v.Line, v.Col)+" [inner_hits] script_fields doesn't support values of type: "+v.Token())
	}
	return nil
}
