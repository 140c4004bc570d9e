package search

import (
	"errors"
	"net/url"
	"strconv"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/mapping"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// Request is the body of a search. Every field is optional; nil and zero fields are not sent.
type Request struct {
	Query                    query.Query                      `json:"query,omitempty"`
	From                     *int                             `json:"from,omitempty"`
	Size                     *int                             `json:"size,omitempty"`
	Sort                     []Sort                           `json:"sort,omitempty"`
	SearchAfter              []any                            `json:"search_after,omitempty"` // the sort values of the last hit (Hit.Sort)
	TrackTotalHits           TrackTotalHits                   `json:"track_total_hits,omitempty"`
	TrackScores              *bool                            `json:"track_scores,omitempty"`
	Source                   *query.SourceFilter              `json:"_source,omitempty"`
	Fields                   []FieldAndFormat                 `json:"fields,omitempty"`
	DocvalueFields           []FieldAndFormat                 `json:"docvalue_fields,omitempty"`
	StoredFields             []string                         `json:"stored_fields,omitempty"`
	ScriptFields             map[string]ScriptField           `json:"script_fields,omitempty"`
	PostFilter               query.Query                      `json:"post_filter,omitempty"`
	Highlight                *Highlight                       `json:"highlight,omitempty"`
	Aggs                     aggs.Aggs                        `json:"aggs,omitempty"`     // builders of package aggs, or aggs.Raw / aggs.Map / jsonx.RawMessage
	Suggest                  map[string]any                   `json:"suggest,omitempty"`  // name -> TermSuggester, PhraseSuggester, CompletionSuggester (or a raw map); "text" -> global text
	Collapse                 *Collapse                        `json:"collapse,omitempty"` // field collapsing, inner hits per group
	Rescore                  []Rescore                        `json:"rescore,omitempty"`  // applied in order
	Explain                  *bool                            `json:"explain,omitempty"`
	Version                  *bool                            `json:"version,omitempty"`
	SeqNoPrimaryTerm         *bool                            `json:"seq_no_primary_term,omitempty"`
	IndicesBoost             []map[string]float64             `json:"indices_boost,omitempty"`
	MinScore                 *float64                         `json:"min_score,omitempty"`
	Stats                    []string                         `json:"stats,omitempty"`
	TerminateAfter           *int                             `json:"terminate_after,omitempty"`
	Timeout                  types.Duration                   `json:"timeout,omitempty"`
	Profile                  *bool                            `json:"profile,omitempty"`
	PIT                      *PointInTime                     `json:"pit,omitempty"`
	IncludeNamedQueriesScore *bool                            `json:"include_named_queries_score,omitempty"`
	Slice                    *SlicedScroll                    `json:"slice,omitempty"`   // one slice of a sliced scroll or PIT search
	Derived                  map[string]*mapping.DerivedField `json:"derived,omitempty"` // fields computed for this search (OpenSearch 2.15+); they win over the mapping's
	Ext                      map[string]any                   `json:"ext,omitempty"`
}

// SlicedScroll selects slice ID of Max for a sliced scroll or point-in-time search.
type SlicedScroll struct {
	ID    int    `json:"id"`
	Max   int    `json:"max"`
	Field string `json:"field,omitempty"` // default _id
}

// TrackTotalHits controls hits.total: TrackTotalHitsTrue counts exactly, TrackTotalHitsFalse
// drops the total, and TrackTotalHitsUpTo(n) counts exactly up to n. The empty value sends nothing
// (the server counts up to 10,000).
type TrackTotalHits string

// Values of TrackTotalHits.
const (
	TrackTotalHitsTrue  TrackTotalHits = "true"
	TrackTotalHitsFalse TrackTotalHits = "false"
)

// TrackTotalHitsUpTo counts hits exactly up to n and reports a lower bound beyond.
func TrackTotalHitsUpTo(n int) TrackTotalHits { return TrackTotalHits(strconv.Itoa(n)) }

func (t TrackTotalHits) check() error {
	if t == TrackTotalHitsTrue || t == TrackTotalHitsFalse {
		return nil
	}
	if _, err := strconv.ParseInt(string(t), 10, 64); err != nil {
		return errors.New("search: track_total_hits must be true, false or an integer, not " + strconv.Quote(string(t)))
	}
	return nil
}

// MarshalJSON writes a JSON boolean or number.
func (t TrackTotalHits) MarshalJSON() ([]byte, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	return []byte(t), nil
}

// UnmarshalJSON reads a JSON boolean or number.
func (t *TrackTotalHits) UnmarshalJSON(b []byte) error {
	v := TrackTotalHits(b)
	if err := v.check(); err != nil {
		return err
	}
	*t = v
	return nil
}

// EncodeValues writes the URL form (go-querystring's Encoder).
func (t TrackTotalHits) EncodeValues(key string, v *url.Values) error {
	if t == "" {
		return nil
	}
	if err := t.check(); err != nil {
		return err
	}
	v.Set(key, string(t))
	return nil
}

// Sort is one sort key. With only Field (and Order) set it marshals to the short forms
// "field" and {"field": "desc"}; with options to {"field": {"order": ..., "missing": ..., ...}}.
// Field may be "_score" or "_doc".
type Sort struct {
	Field        string
	Order        types.SortOrder
	Missing      any // "_last", "_first" or a value
	UnmappedType string
	Mode         string // min, max, avg, sum, median
	NumericType  string // long, double, date, date_nanos
	Format       string // date format of the sort values
	Nested       *NestedSort
	// Script, with ScriptType "number" or "string", makes this a _script sort (Field
	// stays empty); see SortByScript.
	Script     *types.Script
	ScriptType string
	// GeoDistance makes this a _geo_distance sort on the geo_point Field; see
	// SortByGeoDistance.
	GeoDistance *GeoDistanceSort
}

// SortBy returns a sort on field in order.
func SortBy(field string, order types.SortOrder) Sort { return Sort{Field: field, Order: order} }

// SortByScore sorts by relevance, best first.
func SortByScore() Sort { return Sort{Field: "_score"} }

// MarshalJSON renders the sort key.
func (s Sort) MarshalJSON() ([]byte, error) {
	if s.Script != nil {
		return s.marshalScript()
	}
	if s.GeoDistance != nil {
		return s.marshalGeo()
	}
	if s.Field == "" {
		return nil, errors.New("search: a sort key needs a field")
	}
	if s.Missing == nil && s.UnmappedType == "" && s.Mode == "" && s.NumericType == "" && s.Format == "" && s.Nested == nil {
		if s.Order == "" {
			return jsonx.Marshal(s.Field)
		}
		return jsonx.Marshal(map[string]types.SortOrder{s.Field: s.Order})
	}
	return jsonx.Marshal(map[string]any{s.Field: sortOptions{s.Order, s.Missing, s.UnmappedType, s.Mode, s.NumericType, s.Format, s.Nested}})
}

type sortOptions struct {
	Order        types.SortOrder `json:"order,omitempty"`
	Missing      any             `json:"missing,omitempty"`
	UnmappedType string          `json:"unmapped_type,omitempty"`
	Mode         string          `json:"mode,omitempty"`
	NumericType  string          `json:"numeric_type,omitempty"`
	Format       string          `json:"format,omitempty"`
	Nested       *NestedSort     `json:"nested,omitempty"`
}

// FieldAndFormat names a field for fields/docvalue_fields, with an optional format
// (e.g. "epoch_millis" for dates).
type FieldAndFormat struct {
	Field           string `json:"field"`
	Format          string `json:"format,omitempty"`
	IncludeUnmapped *bool  `json:"include_unmapped,omitempty"`
}

// ScriptField computes a field per hit with a script.
type ScriptField struct {
	Script        *types.Script `json:"script"`
	IgnoreFailure *bool         `json:"ignore_failure,omitempty"`
}

// PointInTime searches a point in time created with the PIT API.
type PointInTime struct {
	ID        string         `json:"id"`
	KeepAlive types.Duration `json:"keep_alive,omitempty"`
}

// Highlight asks for highlighted fragments of matching fields (Hit.Highlight). The options
// set here apply to every field unless the field overrides them.
type Highlight struct {
	HighlightOptions
	Fields  map[string]HighlightField `json:"fields"`
	Encoder string                    `json:"encoder,omitempty"` // default or html
}

// HighlightField holds per-field highlight options; the zero value uses the global ones.
type HighlightField struct {
	HighlightOptions
	MatchedFields []string `json:"matched_fields,omitempty"` // fvh: combine matches of these fields
}

// HighlightOptions are the options shared by Highlight and HighlightField.
type HighlightOptions struct {
	Type                  string      `json:"type,omitempty"` // unified (default), plain, fvh
	BoundaryChars         string      `json:"boundary_chars,omitempty"`
	BoundaryMaxScan       *int        `json:"boundary_max_scan,omitempty"`
	BoundaryScanner       string      `json:"boundary_scanner,omitempty"` // chars, sentence, word
	BoundaryScannerLocale string      `json:"boundary_scanner_locale,omitempty"`
	ForceSource           *bool       `json:"force_source,omitempty"`
	Fragmenter            string      `json:"fragmenter,omitempty"` // simple or span
	FragmentOffset        *int        `json:"fragment_offset,omitempty"`
	FragmentSize          *int        `json:"fragment_size,omitempty"`
	HighlightFilter       *bool       `json:"highlight_filter,omitempty"`
	HighlightQuery        query.Query `json:"highlight_query,omitempty"`
	MaxFragmentLength     *int        `json:"max_fragment_length,omitempty"`
	MaxAnalyzerOffset     *int        `json:"max_analyzer_offset,omitempty"`
	NoMatchSize           *int        `json:"no_match_size,omitempty"`
	NumberOfFragments     *int        `json:"number_of_fragments,omitempty"` // 0 returns the whole field
	Options               any         `json:"options,omitempty"`
	Order                 string      `json:"order,omitempty"` // none or score
	PhraseLimit           *int        `json:"phrase_limit,omitempty"`
	PreTags               []string    `json:"pre_tags,omitempty"`
	PostTags              []string    `json:"post_tags,omitempty"`
	RequireFieldMatch     *bool       `json:"require_field_match,omitempty"`
	TagsSchema            string      `json:"tags_schema,omitempty"` // styled
}
