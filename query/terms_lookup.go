package query

// TermsLookup names a field of another document whose values a terms query
// matches: {"index": ..., "id": ..., "path": ..., "routing": ...}. A missing
// document gives no terms (nothing matches); a missing index fails the search.
type TermsLookup struct {
	Index   string `json:"index"`
	ID      string `json:"id"`
	Path    string `json:"path"`
	Routing string `json:"routing,omitempty"`
	// Store reads the field's stored value instead of _source (a stored
	// binary field holding a bitmap, with value_type bitmap).
	Store bool `json:"store,omitempty"`
}

// TermsLookupQuery matches documents whose Field holds any value found at
// Lookup.Path in the document Lookup names:
// {"terms": {"<field>": {"index": ..., "id": ..., "path": ...}, "boost": ...}}.
type TermsLookupQuery struct {
	Field  string
	Lookup TermsLookup
	// ValueType is "bitmap" when the looked-up value is a serialized
	// Roaring bitmap (with Lookup.Store); "" is the default.
	ValueType string
	Boost     *float64
	Name      string
}

// WithBitmap reads the looked-up field's stored value as a serialized
// Roaring bitmap of the integers to match (store and value_type bitmap).
func (q *TermsLookupQuery) WithBitmap() *TermsLookupQuery {
	q.Lookup.Store, q.ValueType = true, "bitmap"
	return q
}

// TermsFrom returns a terms query on field taking its values from the field
// at path of document id in index.
func TermsFrom(field, index, id, path string) *TermsLookupQuery {
	return &TermsLookupQuery{Field: field, Lookup: TermsLookup{Index: index, ID: id, Path: path}}
}

// WithRouting sets the routing of the looked-up document.
func (q *TermsLookupQuery) WithRouting(r string) *TermsLookupQuery { q.Lookup.Routing = r; return q }

// WithBoost sets the boost.
func (q *TermsLookupQuery) WithBoost(b float64) *TermsLookupQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *TermsLookupQuery) WithName(name string) *TermsLookupQuery { q.Name = name; return q }

// MarshalJSON renders {"terms": {"<field>": {lookup}, "boost": b, "_name": n}}.
func (q *TermsLookupQuery) MarshalJSON() ([]byte, error) {
	if q.Field == "" {
		return nil, errMissingField("terms")
	}
	body := orderedObject{{q.Field, q.Lookup}}
	if q.Boost != nil {
		body = append(body, member{"boost", *q.Boost})
	}
	if q.Name != "" {
		body = append(body, member{"_name", q.Name})
	}
	if q.ValueType != "" {
		body = append(body, member{"value_type", q.ValueType})
	}
	return wrap("terms", body)
}
