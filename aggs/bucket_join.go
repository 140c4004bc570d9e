package aggs

import "errors"

// ChildrenAggregation steps from the parent documents collected to their
// children of relation Type (a join field's), whether or not those match
// the query: {"children": {"type": ...}}. Result: *SingleBucketAggregate.
type ChildrenAggregation struct {
	Type string `json:"type"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Children returns a children aggregation for the child relation childType.
func Children(childType string) *ChildrenAggregation { return &ChildrenAggregation{Type: childType} }

// MarshalJSON renders the aggregation.
func (a *ChildrenAggregation) MarshalJSON() ([]byte, error) {
	if a.Type == "" {
		return nil, errors.New("aggs: children needs a child type")
	}
	type body ChildrenAggregation
	return render("children", (*body)(a), a.Meta, a.Aggs)
}

// ParentAggregation steps from the child documents of relation Type
// collected to their parents: {"parent": {"type": ...}}.
// Result: *SingleBucketAggregate.
type ParentAggregation struct {
	Type string `json:"type"`

	Aggs Aggs           `json:"-"`
	Meta map[string]any `json:"-"`
}

// Parent returns a parent aggregation for the child relation childType.
func Parent(childType string) *ParentAggregation { return &ParentAggregation{Type: childType} }

// MarshalJSON renders the aggregation.
func (a *ParentAggregation) MarshalJSON() ([]byte, error) {
	if a.Type == "" {
		return nil, errors.New("aggs: parent needs a child type")
	}
	type body ParentAggregation
	return render("parent", (*body)(a), a.Meta, a.Aggs)
}

// Sub adds a sub-aggregation computed on the children.
func (a *ChildrenAggregation) Sub(name string, sub Aggregation) *ChildrenAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *ChildrenAggregation) WithMeta(m map[string]any) *ChildrenAggregation { a.Meta = m; return a }

// Sub adds a sub-aggregation computed on the parents.
func (a *ParentAggregation) Sub(name string, sub Aggregation) *ParentAggregation {
	addSub(&a.Aggs, name, sub)
	return a
}

// WithMeta sets metadata the server echoes back in the result's meta.
func (a *ParentAggregation) WithMeta(m map[string]any) *ParentAggregation { a.Meta = m; return a }
