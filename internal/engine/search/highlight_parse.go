package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// styledPreTags are tags_schema styled's pre tags (HighlightBuilder).
func styledPreTags() []string {
	return []string{`<em class="hlt1">`, `<em class="hlt2">`, `<em class="hlt3">`, `<em class="hlt4">`, `<em class="hlt5">`,
		`<em class="hlt6">`, `<em class="hlt7">`, `<em class="hlt8">`, `<em class="hlt9">`, `<em class="hlt10">`}
}

// ParseHighlight reads the highlight object (HighlightBuilder.fromXContent):
// global options, then fields (an object, or an array of one-key objects)
// overriding them.
func ParseHighlight(v *xcontent.Value) (*Highlight, error) {
	if v.Kind != xcontent.Object {
		return nil, apierr.New(apierr.TypeParsing, "Unknown key for a "+v.Token()+" in [highlight].")
	}
	global := HighlightField{FragmentSize: 100, NumberOfFragments: 5, RequireFieldMatch: true}
	var fieldsVal *xcontent.Value
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "fields":
			fieldsVal = &m.Value
			continue
		case "encoder":
			global.Encoder = m.Value.Text()
			continue
		case "tags_schema":
			switch s := m.Value.Text(); s {
			case "styled":
				global.PreTags, global.PostTags = styledPreTags(), []string{"</em>"}
			case "default":
				global.PreTags, global.PostTags = []string{"<em>"}, []string{"</em>"}
			default:
				return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Value.Line, m.Value.Col)+" [highlight] failed to parse field [tags_schema]").
					WithCause(apierr.IllegalArgument("Unknown tag schema [%s]", s))
			}
			continue
		}
		ok, err := applyHighlightOption(&global, m, "highlight")
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" [highlight] unknown field ["+m.Key+"]")
		}
	}
	if err := checkHighlightTags(v, &global); err != nil {
		return nil, err
	}
	// An empty highlight object is valid and highlights nothing.
	h := &Highlight{}
	if fieldsVal == nil {
		return h, nil
	}
	var members []xcontent.Member
	switch fieldsVal.Kind {
	case xcontent.Object:
		members = fieldsVal.Members
	case xcontent.Array:
		for _, it := range fieldsVal.Items {
			members = append(members, it.Members...)
		}
	}
	for i := range members {
		m := &members[i]
		hf := global
		hf.Field = m.Key
		var own HighlightField
		for j := range m.Value.Members {
			fm := &m.Value.Members[j]
			switch fm.Key {
			case "fragment_offset":
				n, err := BodyInt(fm)
				if err != nil {
					return nil, err
				}
				hf.FragmentOffset = &n
				continue
			case "matched_fields":
				hf.MatchedFields = nil
				if fm.Value.Kind == xcontent.String {
					hf.MatchedFields = []string{fm.Value.Str}
				}
				for _, it := range fm.Value.Items {
					hf.MatchedFields = append(hf.MatchedFields, it.Text())
				}
				continue
			}
			ok, err := applyHighlightOption(&hf, fm, "highlight_field")
			if fm.Key == "pre_tags" || fm.Key == "post_tags" {
				// The field's own tags are checked on their own.
				_, _ = applyHighlightOption(&own, fm, "highlight_field")
			}
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, apierr.New(apierr.TypeXContentParse, xcontent.Loc(fm.Line, fm.Col)+" [highlight_field] unknown field ["+fm.Key+"]")
			}
		}
		if err := checkHighlightTags(&m.Value, &own); err != nil {
			return nil, err
		}
		h.Fields = append(h.Fields, hf)
	}
	return h, nil
}

// checkHighlightTags is the builders' rule that pre_tags need post_tags,
// checked when the object's closing brace is reached.
func checkHighlightTags(v *xcontent.Value, hf *HighlightField) error {
	if hf.PreTags != nil && hf.PostTags == nil {
		e := apierr.New(apierr.TypeParsing, "pre_tags are set but post_tags are not set")
		e.Meta = []apierr.Meta{{Key: "line", Value: v.EndLine}, {Key: "col", Value: v.EndCol}}
		return e
	}
	return nil
}

// applyHighlightOption sets one of the options shared by the highlight
// object and its fields; false means the key is not one.
func applyHighlightOption(dst *HighlightField, m *xcontent.Member, where string) (bool, error) {
	val := &m.Value
	tags := func() []string {
		if val.Kind == xcontent.String {
			return []string{val.Str}
		}
		out := []string{}
		for _, it := range val.Items {
			out = append(out, it.Text())
		}
		return out
	}
	var err error
	switch m.Key {
	case "pre_tags":
		dst.PreTags = tags()
	case "post_tags":
		dst.PostTags = tags()
	case "fragment_size":
		dst.FragmentSize, err = BodyInt(m)
	case "number_of_fragments":
		dst.NumberOfFragments, err = BodyInt(m)
	case "require_field_match":
		dst.RequireFieldMatch, err = BodyBool(m)
	case "no_match_size":
		dst.NoMatchSize, err = BodyInt(m)
	case "max_analyzer_offset":
		var n int
		n, err = BodyInt(m)
		dst.MaxAnalyzerOffset = &n
	case "type":
		dst.Type = val.Text()
	case "order":
		// Order.fromString: anything but "score" is none.
		dst.Order = ""
		if val.Text() == "score" {
			dst.Order = "score"
		}
	case "boundary_scanner":
		s := strings.ToLower(val.Text())
		if s != "chars" && s != "sentence" && s != "word" {
			return true, apierr.New(apierr.TypeXContentParse, xcontent.Loc(val.Line, val.Col)+" ["+where+"] failed to parse field [boundary_scanner]").
				WithCause(apierr.IllegalArgument("No enum constant org.opensearch.search.fetch.subphase.highlight.HighlightBuilder.BoundaryScannerType.%s", strings.ToUpper(val.Text())))
		}
		dst.BoundaryScanner = s
	case "boundary_scanner_locale":
		dst.BoundaryScannerLocale = val.Text()
	case "highlight_query":
		q, perr := dsl.Parse(val)
		if perr != nil {
			return true, xerr(perr)
		}
		dst.Query = q
	case "fragmenter":
		dst.Fragmenter = val.Text()
	case "boundary_chars":
		s := val.Text()
		dst.BoundaryChars = &s
	case "boundary_max_scan":
		var n int
		n, err = BodyInt(m)
		dst.BoundaryMaxScan = &n
	case "phrase_limit":
		_, err = BodyInt(m)
	case "highlight_filter", "force_source":
		_, err = BodyBool(m)
	case "options":
		if val.Kind != xcontent.Object {
			return true, apierr.New(apierr.TypeXContentParse, xcontent.Loc(m.Line, m.Col)+" ["+where+"] options doesn't support values of type: "+val.Token())
		}
	default:
		return false, nil
	}
	return true, err
}
