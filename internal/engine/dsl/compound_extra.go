package dsl

import (
	"encoding/base64"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Boosting keeps Positive's matches and multiplies the score of those
// Negative also matches by NegativeBoost.
type Boosting struct {
	Base
	Positive, Negative Query
	NegativeBoost      float32
}

// Kind returns "boosting".
func (*Boosting) Kind() string { return "boosting" }

// parseBoosting is BoostingQueryBuilder.fromXContent.
func parseBoosting(obj *xcontent.Value) (Query, *Error) {
	q := &Boosting{Base: newBase(obj), NegativeBoost: -1}
	var posFound, negFound bool
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		switch {
		case v.Kind == xcontent.Object:
			inner, err := parseInner(v)
			if err != nil {
				return nil, err
			}
			switch m.Key {
			case "positive":
				q.Positive, posFound = inner, true
			case "negative":
				q.Negative, negFound = inner, true
			default:
				return nil, parsingAt(v, "[boosting] query does not support ["+m.Key+"]")
			}
		case isValue(v):
			var err *Error
			switch m.Key {
			case "negative_boost":
				err = optFloat(&q.NegativeBoost, v)
			case "_name":
				q.Name = v.Text()
			case "boost":
				err = optFloat(&q.Boost, v)
			default:
				return nil, parsingAt(v, "[boosting] query does not support ["+m.Key+"]")
			}
			if err != nil {
				return nil, err
			}
		default:
			return nil, parsingAt(v, "[boosting] query does not support ["+m.Key+"]")
		}
	}
	switch {
	case !posFound:
		return nil, parsingAtEnd(obj, "[boosting] query requires 'positive' query to be set'")
	case !negFound:
		return nil, parsingAtEnd(obj, "[boosting] query requires 'negative' query to be set'")
	case q.NegativeBoost < 0:
		return nil, parsingAtEnd(obj, "[boosting] query requires 'negative_boost' to be set to be a positive value'")
	}
	return q, nil
}

// parseWrapper is WrapperQueryBuilder: a base64 (or plain) JSON query.
func parseWrapper(obj *xcontent.Value) (Query, *Error) {
	var source []byte
	for i := range obj.Members {
		m := &obj.Members[i]
		if m.Key != "query" {
			return nil, parsingAt(&m.Value, "[wrapper] query malformed, unknown field ["+m.Key+"]")
		}
		text := m.Value.Text()
		if b, err := base64.StdEncoding.DecodeString(text); err == nil {
			source = b
		} else {
			source = []byte(text)
		}
	}
	if source == nil {
		return nil, parsingAtEnd(obj, "wrapper query has no [query] specified")
	}
	if len(source) == 0 {
		return nil, illegalArgument("query source text cannot be null or empty")
	}
	v, err := xcontent.Parse(source)
	if err != nil {
		if xe, ok := err.(*Error); ok {
			return nil, xe
		}
		return nil, parsingAt(obj, err.Error())
	}
	return parseInner(v)
}
