package dsl

import (
	"fmt"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// knnMaxK is the k-NN plugin's K_MAX.
const knnMaxK = 10000

// KNN is the k-NN plugin's knn query (KNNQueryBuilder): the nearest
// vectors of Field to Vector, k of them per shard, or every vector within
// a radius (MaxDistance, MinScore).
type KNN struct {
	Base
	Field          string
	Vector         []float32
	K              int      // 0 for radial search
	MaxDistance    *float32 // radial search by distance
	MinScore       *float32 // radial search by score
	Filter         Query    // efficient filtering; nil when absent
	IgnoreUnmapped bool
	// MethodParameters are ef_search and nprobes, as sent.
	MethodParameters map[string]int
	// Rescore is the rescore option: nil when absent, Disabled for false.
	Rescore      *KNNRescore
	ExpandNested *bool
	kSet         bool
}

// KNNRescore is the knn query's rescore option.
type KNNRescore struct {
	OversampleFactor float32
	Disabled         bool
}

// Kind returns "knn".
func (*KNN) Kind() string { return "knn" }

// knnFields are the knn query's ObjectParser fields (KNNQueryBuilderParser).
func knnFields() []opField {
	return []opField{
		boostField, nameField,
		{names: []string{"vector"}, kinds: kindSet(xcontent.Array, xcontent.Number, xcontent.String), parse: func(q Query, v *xcontent.Value) *Error {
			items := []xcontent.Value{*v}
			if v.Kind == xcontent.Array {
				items = v.Items
			}
			if len(items) == 0 {
				return illegalArgument("[knn] field 'vector' requires to be non-null and non-empty")
			}
			vec := make([]float32, len(items))
			for i := range items {
				f, err := floatValue(&items[i])
				if err != nil {
					return err
				}
				vec[i] = f
			}
			q.(*KNN).Vector = vec
			return nil
		}},
		{names: []string{"k"}, kinds: kindSet(xcontent.Number, xcontent.String), parse: func(q Query, v *xcontent.Value) *Error {
			n, err := intValue(v)
			if err == nil {
				x := q.(*KNN)
				x.K, x.kSet = n, true
			}
			return err
		}},
		{names: []string{"ignore_unmapped"}, kinds: vtBoolean, parse: func(q Query, v *xcontent.Value) *Error {
			return optBool(&q.(*KNN).IgnoreUnmapped, v)
		}},
		{names: []string{"max_distance"}, kinds: vtFloat, parse: func(q Query, v *xcontent.Value) *Error {
			f, err := floatValue(v)
			q.(*KNN).MaxDistance = &f
			return err
		}},
		{names: []string{"min_score"}, kinds: vtFloat, parse: func(q Query, v *xcontent.Value) *Error {
			f, err := floatValue(v)
			q.(*KNN).MinScore = &f
			return err
		}},
		{names: []string{"method_parameters"}, kinds: kindSet(xcontent.Object), parse: func(q Query, v *xcontent.Value) *Error {
			if len(v.Members) == 0 {
				return parsingError(v.EndLine, v.EndCol, "method_parameters cannot be empty")
			}
			params := map[string]int{}
			for _, m := range v.Members {
				if m.Key != "ef_search" && m.Key != "nprobes" {
					return parsingError(v.EndLine, v.EndCol, "[knn] unknown method parameter found ["+m.Key+"]")
				}
				n, err := strconv.Atoi(m.Value.Text())
				if err != nil || m.Value.Kind == xcontent.Object || m.Value.Kind == xcontent.Array {
					return parsingError(v.EndLine, v.EndCol, "ef_search value must be an integer")
				}
				params[m.Key] = n
			}
			q.(*KNN).MethodParameters = params
			return nil
		}},
		{names: []string{"filter"}, kinds: kindSet(xcontent.Object), parse: func(q Query, v *xcontent.Value) *Error {
			f, err := parseInner(v)
			q.(*KNN).Filter = f
			return err
		}},
		{names: []string{"rescore"}, kinds: kindSet(xcontent.Object, xcontent.Bool), parse: func(q Query, v *xcontent.Value) *Error {
			r := &KNNRescore{OversampleFactor: 1}
			if v.Kind == xcontent.Bool {
				r.Disabled = !v.Bool
			} else {
				for _, m := range v.Members {
					if m.Key != "oversample_factor" {
						return xParse(m.Line, m.Col, "[rescore] unknown field ["+m.Key+"]", nil)
					}
					f, err := floatValue(&m.Value)
					if err != nil {
						return err
					}
					r.OversampleFactor = f
				}
			}
			q.(*KNN).Rescore = r
			return nil
		}},
		{names: []string{"expand_nested_docs"}, kinds: vtBoolean, parse: func(q Query, v *xcontent.Value) *Error {
			b, err := boolValue(v)
			q.(*KNN).ExpandNested = &b
			return err
		}},
	}
}

// parseKNN is KNNQueryBuilderParser.fromXContent followed by the
// builder's validation.
func parseKNN(obj *xcontent.Value) (Query, *Error) {
	q := &KNN{Base: newBase(obj)}
	parsed := false
	for i := range obj.Members {
		m := &obj.Members[i]
		if q.Field != "" {
			// reported where the second field's value starts
			return nil, parsingError(m.Value.Line, m.Value.Col, "[knn] query doesn't support multiple fields, found ["+q.Field+"] and ["+m.Key+"]")
		}
		q.Field = m.Key
		if m.Value.Kind == xcontent.Object {
			err, _, _ := objectParseAt("knn", &m.Value, knnFields(), q, nil)
			if err != nil {
				return nil, err
			}
			if q.Rescore != nil && (q.MaxDistance != nil || q.MinScore != nil) {
				other := "max_distance"
				if q.MaxDistance == nil {
					other = "min_score"
				}
				return nil, illegalArgument("The following fields are not allowed together: [rescore, " + other + "]")
			}
			parsed = true
			continue
		}
		// The short form: the field's value is the vector.
		items := []xcontent.Value{m.Value}
		if m.Value.Kind == xcontent.Array {
			items = m.Value.Items
		}
		for j := range items {
			if items[j].Kind != xcontent.Number {
				return nil, illegalArgument("[knn] field 'vector' requires to be an array of numbers")
			}
			f, _ := floatValue(&items[j])
			q.Vector = append(q.Vector, f)
		}
		if len(q.Vector) == 0 {
			return nil, illegalArgument("[knn] field 'vector' requires to be non-null and non-empty")
		}
	}
	_ = parsed
	return q, q.validate()
}

// validate is KNNQueryBuilder.Builder.validate.
func (q *KNN) validate() *Error {
	switch {
	case q.Field == "":
		return illegalArgument("[knn] requires fieldName")
	case q.Vector == nil:
		return illegalArgument("[knn] requires query vector")
	case len(q.Vector) == 0:
		return illegalArgument("[knn] query vector is empty")
	}
	set := 0
	if q.kSet {
		set++
	}
	if q.MaxDistance != nil {
		set++
	}
	if q.MinScore != nil {
		set++
	}
	if set != 1 {
		return illegalArgument("[knn] requires exactly one of k, distance or score to be set")
	}
	if q.kSet && (q.K <= 0 || q.K > knnMaxK) {
		return illegalArgument("[knn] requires k to be in the range (0, " + strconv.Itoa(knnMaxK) + "]")
	}
	if q.MinScore != nil && *q.MinScore <= 0 {
		return illegalArgument("[knn] requires minScore to be greater than 0")
	}
	if q.MethodParameters != nil {
		for _, k := range []string{"ef_search", "nprobes"} {
			if n, ok := q.MethodParameters[k]; ok && n <= 0 {
				return illegalArgument("[knn] errors in method parameter [Validation Failed: 1: " + k + " should be greater than 0;]")
			}
		}
	}
	if r := q.Rescore; r != nil && !r.Disabled {
		if r.OversampleFactor < 1 {
			return illegalArgument(fmt.Sprintf("[knn] errors in rescore parameter [Validation Failed: 1: Oversample factor [%f] cannot be less than [%f];]", r.OversampleFactor, 1.0))
		}
		if r.OversampleFactor > 100 {
			return illegalArgument(fmt.Sprintf("[knn] errors in rescore parameter [Validation Failed: 1: Oversample factor [%f] cannot be more than [%f];]", r.OversampleFactor, 100.0))
		}
	}
	return nil
}
