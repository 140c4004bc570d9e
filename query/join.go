package query

import "errors"

// HasChildQuery matches parent documents whose children of a join
// relation match Query (the parent-join module):
// {"has_child": {"type": ..., "query": ..., "score_mode": ..., "min_children": ..., "max_children": ...}}.
type HasChildQuery struct {
	Type  string // the child relation
	Query Query
	// ScoreMode is how the matching children's scores make the parent's:
	// none (the default: a constant score), avg, max, min or sum.
	ScoreMode      string
	MinChildren    *int
	MaxChildren    *int
	IgnoreUnmapped *bool
	InnerHits      InnerHitsOptions // the matching children of each hit: a *search.InnerHits
	Boost          *float64
	Name           string
}

// HasChild returns a has_child query for children of relation childType.
func HasChild(childType string, q Query) *HasChildQuery {
	return &HasChildQuery{Type: childType, Query: q}
}

// WithScoreMode sets score_mode (none, avg, max, min, sum).
func (q *HasChildQuery) WithScoreMode(mode string) *HasChildQuery { q.ScoreMode = mode; return q }

// WithMinChildren sets the least number of matching children a parent needs.
func (q *HasChildQuery) WithMinChildren(n int) *HasChildQuery { q.MinChildren = &n; return q }

// WithMaxChildren sets the most matching children a parent may have.
func (q *HasChildQuery) WithMaxChildren(n int) *HasChildQuery { q.MaxChildren = &n; return q }

// WithIgnoreUnmapped matches nothing, instead of failing, where the
// index has no such child relation.
func (q *HasChildQuery) WithIgnoreUnmapped(b bool) *HasChildQuery { q.IgnoreUnmapped = &b; return q }

// WithInnerHits returns the matching children of each hit as inner hits
// (under the options' name or else the child relation).
func (q *HasChildQuery) WithInnerHits(o InnerHitsOptions) *HasChildQuery { q.InnerHits = o; return q }

// WithBoost sets the boost.
func (q *HasChildQuery) WithBoost(b float64) *HasChildQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *HasChildQuery) WithName(name string) *HasChildQuery { q.Name = name; return q }

// MarshalJSON renders the has_child query.
func (q *HasChildQuery) MarshalJSON() ([]byte, error) {
	if q.Type == "" || isNil(q.Query) {
		return nil, errors.New("query: has_child needs a type and a query")
	}
	return wrap("has_child", struct {
		Type           string           `json:"type"`
		Query          Query            `json:"query"`
		ScoreMode      string           `json:"score_mode,omitempty"`
		MinChildren    *int             `json:"min_children,omitempty"`
		MaxChildren    *int             `json:"max_children,omitempty"`
		IgnoreUnmapped *bool            `json:"ignore_unmapped,omitempty"`
		InnerHits      InnerHitsOptions `json:"inner_hits,omitempty"`
		Boost          *float64         `json:"boost,omitempty"`
		Name           string           `json:"_name,omitempty"`
	}{q.Type, q.Query, q.ScoreMode, q.MinChildren, q.MaxChildren, q.IgnoreUnmapped, q.InnerHits, q.Boost, q.Name})
}

// HasParentQuery matches child documents whose parent of a join relation
// matches Query: {"has_parent": {"parent_type": ..., "query": ..., "score": ...}}.
type HasParentQuery struct {
	ParentType string
	Query      Query
	// Score gives each child its parent's score (else a constant score).
	Score          *bool
	IgnoreUnmapped *bool
	InnerHits      InnerHitsOptions // the matching parent of each hit: a *search.InnerHits
	Boost          *float64
	Name           string
}

// HasParent returns a has_parent query for parents of relation parentType.
func HasParent(parentType string, q Query) *HasParentQuery {
	return &HasParentQuery{ParentType: parentType, Query: q}
}

// WithScore sets whether children take their parent's score.
func (q *HasParentQuery) WithScore(b bool) *HasParentQuery { q.Score = &b; return q }

// WithIgnoreUnmapped matches nothing, instead of failing, where the
// index has no such parent relation.
func (q *HasParentQuery) WithIgnoreUnmapped(b bool) *HasParentQuery { q.IgnoreUnmapped = &b; return q }

// WithInnerHits returns the matching parent of each hit as inner hits
// (under the options' name or else the parent relation).
func (q *HasParentQuery) WithInnerHits(o InnerHitsOptions) *HasParentQuery { q.InnerHits = o; return q }

// WithBoost sets the boost.
func (q *HasParentQuery) WithBoost(b float64) *HasParentQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *HasParentQuery) WithName(name string) *HasParentQuery { q.Name = name; return q }

// MarshalJSON renders the has_parent query.
func (q *HasParentQuery) MarshalJSON() ([]byte, error) {
	if q.ParentType == "" || isNil(q.Query) {
		return nil, errors.New("query: has_parent needs a parent type and a query")
	}
	return wrap("has_parent", struct {
		ParentType     string           `json:"parent_type"`
		Query          Query            `json:"query"`
		Score          *bool            `json:"score,omitempty"`
		IgnoreUnmapped *bool            `json:"ignore_unmapped,omitempty"`
		InnerHits      InnerHitsOptions `json:"inner_hits,omitempty"`
		Boost          *float64         `json:"boost,omitempty"`
		Name           string           `json:"_name,omitempty"`
	}{q.ParentType, q.Query, q.Score, q.IgnoreUnmapped, q.InnerHits, q.Boost, q.Name})
}

// ParentIDQuery matches the children of one relation of one parent
// document: {"parent_id": {"type": ..., "id": ...}}.
type ParentIDQuery struct {
	Type           string // the child relation
	ID             string // the parent's _id
	IgnoreUnmapped *bool
	Boost          *float64
	Name           string
}

// ParentID returns a parent_id query.
func ParentID(childType, parentID string) *ParentIDQuery {
	return &ParentIDQuery{Type: childType, ID: parentID}
}

// WithIgnoreUnmapped matches nothing, instead of failing, where the
// index has no such child relation.
func (q *ParentIDQuery) WithIgnoreUnmapped(b bool) *ParentIDQuery { q.IgnoreUnmapped = &b; return q }

// WithBoost sets the boost.
func (q *ParentIDQuery) WithBoost(b float64) *ParentIDQuery { q.Boost = &b; return q }

// WithName sets _name.
func (q *ParentIDQuery) WithName(name string) *ParentIDQuery { q.Name = name; return q }

// MarshalJSON renders the parent_id query.
func (q *ParentIDQuery) MarshalJSON() ([]byte, error) {
	if q.Type == "" || q.ID == "" {
		return nil, errors.New("query: parent_id needs a type and an id")
	}
	return wrap("parent_id", struct {
		Type           string   `json:"type"`
		ID             string   `json:"id"`
		IgnoreUnmapped *bool    `json:"ignore_unmapped,omitempty"`
		Boost          *float64 `json:"boost,omitempty"`
		Name           string   `json:"_name,omitempty"`
	}{q.Type, q.ID, q.IgnoreUnmapped, q.Boost, q.Name})
}
