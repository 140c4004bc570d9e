package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// HasChild is the parent-join module's has_child query: parents with
// children of Type matching Query, scored from them by ScoreMode.
type HasChild struct {
	Base
	Type  string
	Query Query
	// ScoreMode is none (the default), avg, max, min or sum.
	ScoreMode                string
	MinChildren, MaxChildren int
	IgnoreUnmapped           bool
	// InnerHits is the raw inner_hits object, nil when absent.
	InnerHits *xcontent.Value
}

// HasParent is has_parent: children whose parent of ParentType matches
// Query; with Score the parent's score is theirs.
type HasParent struct {
	Base
	ParentType     string
	Query          Query
	Score          bool
	IgnoreUnmapped bool
	InnerHits      *xcontent.Value
}

// ParentID is parent_id: the children of Type of the parent with ID.
type ParentID struct {
	Base
	Type, ID       string
	IgnoreUnmapped bool
}

// Kind returns "has_child".
func (*HasChild) Kind() string { return "has_child" }

// Kind returns "has_parent".
func (*HasParent) Kind() string { return "has_parent" }

// Kind returns "parent_id".
func (*ParentID) Kind() string { return "parent_id" }

// maxInt is Integer.MAX_VALUE, has_child's default max_children.
const maxInt = 1<<31 - 1

// parseHasChild is HasChildQueryBuilder.fromXContent.
func parseHasChild(obj *xcontent.Value) (Query, *Error) {
	q := &HasChild{Base: newBase(obj), ScoreMode: "none", MinChildren: 1, MaxChildren: maxInt}
	hasType := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch {
		case v.Kind == xcontent.Object:
			switch m.Key {
			case "query":
				q.Query, err = parseInner(v)
			case "inner_hits":
				q.InnerHits = v
			default:
				err = unsupportedOption("has_child", m.Key, v)
			}
		case isValue(v):
			switch m.Key {
			case "type":
				q.Type, hasType = v.Text(), true
			case "score_mode":
				q.ScoreMode, err = scoreMode(v)
			case "boost":
				err = optFloat(&q.Boost, v)
			case "min_children":
				err = optInt(&q.MinChildren, v)
			case "max_children":
				err = optInt(&q.MaxChildren, v)
			case "ignore_unmapped":
				err = optBool(&q.IgnoreUnmapped, v)
			case "_name":
				q.Name = v.Text()
			default:
				err = unsupportedOption("has_child", m.Key, v)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case !hasType:
		return nil, illegalArgument("[has_child] requires 'type' field")
	case q.Query == nil:
		return nil, illegalArgument("[has_child] requires 'query' field")
	case q.MinChildren < 0:
		return nil, illegalArgument("[has_child] requires non-negative 'min_children' field")
	case q.MaxChildren < 0:
		return nil, illegalArgument("[has_child] requires non-negative 'max_children' field")
	case q.MaxChildren < q.MinChildren:
		return nil, illegalArgument("[has_child] 'max_children' is less than 'min_children'")
	}
	return q, nil
}

// scoreMode is NestedQueryBuilder.parseScoreMode.
func scoreMode(v *xcontent.Value) (string, *Error) {
	switch s := v.Text(); s {
	case "none", "min", "max", "avg", "sum":
		return s, nil
	default:
		return "", illegalArgument("No score mode for child query [" + s + "] found")
	}
}

// parseHasParent is HasParentQueryBuilder.fromXContent.
func parseHasParent(obj *xcontent.Value) (Query, *Error) {
	q := &HasParent{Base: newBase(obj)}
	hasType := false
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch {
		case v.Kind == xcontent.Object:
			switch m.Key {
			case "query":
				q.Query, err = parseInner(v)
			case "inner_hits":
				q.InnerHits = v
			default:
				err = unsupportedOption("has_parent", m.Key, v)
			}
		case isValue(v):
			switch m.Key {
			case "parent_type":
				q.ParentType, hasType = v.Text(), true
			case "score":
				err = optBool(&q.Score, v)
			case "boost":
				err = optFloat(&q.Boost, v)
			case "ignore_unmapped":
				err = optBool(&q.IgnoreUnmapped, v)
			case "_name":
				q.Name = v.Text()
			default:
				err = unsupportedOption("has_parent", m.Key, v)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	switch {
	case !hasType:
		return nil, illegalArgument("[has_parent] requires 'parent_type' field")
	case q.Query == nil:
		return nil, illegalArgument("[has_parent] requires 'query' field")
	}
	return q, nil
}

// parseParentID is ParentIdQueryBuilder.fromXContent: every option is a
// value, anything else is refused.
func parseParentID(obj *xcontent.Value) (Query, *Error) {
	q := &ParentID{Base: newBase(obj)}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		if !isValue(v) {
			return nil, unsupportedOption("parent_id", m.Key, v)
		}
		var err *Error
		switch m.Key {
		case "type":
			q.Type = v.Text()
		case "id":
			q.ID = v.Text()
		case "ignore_unmapped":
			err = optBool(&q.IgnoreUnmapped, v)
		case "boost":
			err = optFloat(&q.Boost, v)
		case "_name":
			q.Name = v.Text()
		default:
			err = unsupportedOption("parent_id", m.Key, v)
		}
		if err != nil {
			return nil, err
		}
	}
	return q, nil
}
