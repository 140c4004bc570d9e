package dsl

import "github.com/clustersearch/clustersearch-go/internal/engine/xcontent"

// RankFeature scores documents by a rank_feature field (or a feature of a
// rank_features field) through one function: saturation (the default, with
// an optional Pivot), log (ScalingFactor), sigmoid (Pivot, Exponent) or
// linear.
type RankFeature struct {
	Base
	Field         string
	Function      string // saturation, log, sigmoid, linear
	Pivot         *float32
	ScalingFactor float32
	Exponent      float32
}

// Kind returns "rank_feature".
func (*RankFeature) Kind() string { return "rank_feature" }

func parseRankFeature(obj *xcontent.Value) (Query, *Error) {
	q := &RankFeature{Base: newBase(obj)}
	for i := range obj.Members {
		m := &obj.Members[i]
		v := &m.Value
		var err *Error
		switch m.Key {
		case "field":
			q.Field = v.Text()
		case "_name":
			q.Name = v.Text()
		case "boost":
			err = optFloat(&q.Boost, v)
		case "saturation", "log", "sigmoid", "linear":
			if q.Function != "" {
				return nil, parsingAt(v, "[rank_feature] query can only have one of [saturation], [log], [sigmoid] or [linear]")
			}
			if v.Kind != xcontent.Object {
				return nil, parsingAt(v, "[rank_feature] ["+m.Key+"] must be an object")
			}
			q.Function = m.Key
			for j := range v.Members {
				o := &v.Members[j]
				switch {
				case o.Key == "pivot" && (m.Key == "saturation" || m.Key == "sigmoid"):
					var p float32
					err = optFloat(&p, &o.Value)
					q.Pivot = &p
				case o.Key == "scaling_factor" && m.Key == "log":
					err = optFloat(&q.ScalingFactor, &o.Value)
				case o.Key == "exponent" && m.Key == "sigmoid":
					err = optFloat(&q.Exponent, &o.Value)
				default:
					return nil, xParse(o.Line, o.Col, "["+m.Key+"] unknown field ["+o.Key+"]", nil)
				}
				if err != nil {
					return nil, err
				}
			}
		default:
			return nil, xParse(m.Line, m.Col, "[rank_feature] unknown field ["+m.Key+"]", nil)
		}
		if err != nil {
			return nil, err
		}
	}
	if q.Field == "" {
		return nil, xParse(obj.EndLine, obj.EndCol, "Required [field]", nil)
	}
	if q.Function == "" {
		q.Function = "saturation"
	}
	if q.Function == "sigmoid" && q.Pivot == nil {
		return nil, xParse(obj.EndLine, obj.EndCol, "[sigmoid] requires [pivot] and [exponent]", nil)
	}
	return q, nil
}
