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
	f, err := parseJoinQuery(obj, "has_child", &q.Base, func(key string, v *xcontent.Value) (bool, *Error) {
		switch key {
		case "type":
			q.Type, hasType = v.Text(), true
		case "score_mode":
			var err *Error
			q.ScoreMode, err = scoreMode(v)
			return true, err
		case "min_children":
			return true, optInt(&q.MinChildren, v)
		case "max_children":
			return true, optInt(&q.MaxChildren, v)
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	q.Query, q.InnerHits, q.IgnoreUnmapped = f.query, f.innerHits, f.ignoreUnmapped
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

// joinFields are the options has_child and has_parent share.
type joinFields struct {
	query          Query
	innerHits      *xcontent.Value
	ignoreUnmapped bool
}

// parseJoinQuery walks the members of a has_child or has_parent body
// (kind): query, inner_hits, boost, ignore_unmapped and _name are read into
// the result and b; any other value goes to own, which reports whether it
// knows the key. Unknown keys are the builder's unsupported option.
func parseJoinQuery(obj *xcontent.Value, kind string, b *Base, own func(key string, v *xcontent.Value) (bool, *Error)) (joinFields, *Error) {
	var f joinFields
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch {
		case v.Kind == xcontent.Object:
			switch m.Key {
			case "query":
				f.query, err = parseInner(v)
			case "inner_hits":
				f.innerHits = v
			default:
				err = unsupportedOption(kind, m.Key, v)
			}
		case isValue(v):
			switch m.Key {
			case "boost":
				err = optFloat(&b.Boost, v)
			case "ignore_unmapped":
				err = optBool(&f.ignoreUnmapped, v)
			case "_name":
				b.Name = v.Text()
			default:
				var known bool
				if known, err = own(m.Key, v); !known && err == nil {
					err = unsupportedOption(kind, m.Key, v)
				}
			}
		}
		if err != nil {
			return f, err
		}
	}
	return f, nil
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
	f, err := parseJoinQuery(obj, "has_parent", &q.Base, func(key string, v *xcontent.Value) (bool, *Error) {
		switch key {
		case "parent_type":
			q.ParentType, hasType = v.Text(), true
			return true, nil
		case "score":
			return true, optBool(&q.Score, v)
		}
		return false, nil
	})
	if err != nil {
		return nil, err
	}
	q.Query, q.InnerHits, q.IgnoreUnmapped = f.query, f.innerHits, f.ignoreUnmapped
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
