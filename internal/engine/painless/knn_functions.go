package painless

import (
	"fmt"
	"math"
	"math/bits"
)

// The k-NN plugin allowlists scoring functions for Painless
// (KNNScoringUtil): each takes the query vector (a List of numbers) and
// doc['<knn_vector field>'], and returns a float. They are found like
// script-local functions, after the script's own.

// DocVector is the KNNVectorScriptDocValues class of a knn_vector field.
const DocVector DocKind = DocGeoPoints + 1

// knnFunctions are the allowlisted functions by name and arity.
var knnFunctions = map[string]func(q []float32, v []float32, binary bool, args []any) float32{
	"l2Squared/2": func(q, v []float32, binary bool, _ []any) float32 {
		requireNotBinary("l2Squared", binary)
		var s float32
		for i := range q {
			d := q[i] - v[i]
			s += d * d
		}
		return s
	},
	"l1Norm/2": func(q, v []float32, binary bool, _ []any) float32 {
		requireNotBinary("l1Norm", binary)
		var s float32
		for i := range q {
			s += float32(math.Abs(float64(q[i] - v[i])))
		}
		return s
	},
	"lInfNorm/2": func(q, v []float32, binary bool, _ []any) float32 {
		requireNotBinary("lInfNorm", binary)
		var m float32
		for i := range q {
			m = max(m, float32(math.Abs(float64(q[i]-v[i]))))
		}
		return m
	},
	"innerProduct/2": func(q, v []float32, binary bool, _ []any) float32 {
		requireNotBinary("innerProduct", binary)
		var s float32
		for i := range q {
			s += q[i] * v[i]
		}
		return s
	},
	"cosineSimilarity/2": func(q, v []float32, binary bool, _ []any) float32 {
		requireNotBinary("cosineSimilarity", binary)
		return cosineOf(q, v, -1)
	},
	"cosineSimilarity/3": func(q, v []float32, binary bool, args []any) float32 {
		requireNotBinary("cosineSimilarity", binary)
		m, ok := toDouble(args[2])
		if !ok {
			throw("ClassCastException", "Cannot cast "+className(args[2])+" to java.lang.Number")
		}
		return cosineOf(q, v, float32(m))
	},
	"hamming/2": func(q, v []float32, binary bool, _ []any) float32 {
		if !binary {
			throwIAE("Incompatible field_type for hamming space. The data type should be binary but got FLOAT")
		}
		n := 0
		for i := range q {
			n += bits.OnesCount8(uint8(int8(q[i])) ^ uint8(int8(v[i])))
		}
		return float32(n)
	},
}

func requireNotBinary(fn string, binary bool) {
	if binary {
		throwIAE("Incompatible field_type for " + fn + " space. The data type should be either float or byte but got BINARY")
	}
}

// cosineOf is KNNScoringUtil.cosinesimil; magnitude < 0 computes the
// query's norm itself.
func cosineOf(q, v []float32, magnitude float32) float32 {
	var dot, nq, nv float32
	for i := range q {
		dot += q[i] * v[i]
		nq += q[i] * q[i]
		nv += v[i] * v[i]
	}
	if magnitude >= 0 {
		nq = magnitude
	}
	if nq == 0 {
		throwIAE("zero vector is not supported when space type is [cosinesimil]")
	}
	if nv == 0 {
		return 0
	}
	return float32(float64(dot) / math.Sqrt(float64(nq)*float64(nv)))
}

// knnBuiltin returns the allowlisted function for a call, or nil.
func knnBuiltin(name string, nargs int) func(args []any) any {
	fn, ok := knnFunctions[fmt.Sprintf("%s/%d", name, nargs)]
	if !ok {
		return nil
	}
	return func(args []any) any {
		dv, ok := args[1].(*docValues)
		if !ok || dv.f.Kind != DocVector {
			throw("ClassCastException", "Cannot cast "+className(args[1])+" to org.opensearch.knn.index.KNNVectorScriptDocValues")
		}
		list, ok := args[0].(*List)
		if !ok {
			throw("ClassCastException", "Cannot cast "+className(args[0])+" to java.util.List")
		}
		v := dv.vec
		if v == nil {
			throw("IllegalStateException", "One of the document doesn't have a value for field '"+dv.name+"'. This can be avoided by checking if a document has a value for the field or not by doc['"+dv.name+"'].size() == 0 ? 0 : {your script}")
		}
		q := make([]float32, len(list.Items))
		for i, x := range list.Items {
			f, ok := toDouble(x)
			if !ok {
				throw("ClassCastException", "Cannot cast "+className(x)+" to java.lang.Number")
			}
			q[i] = float32(f)
		}
		if len(q) != len(v) {
			throwIAE(fmt.Sprintf("query vector dimension mismatch. Expected: %d, Given: %d", len(v), len(q)))
		}
		return fn(q, v, dv.f.Binary, args)
	}
}

// toDouble reads a boxed Java number.
func toDouble(x any) (float64, bool) {
	switch n := x.(type) {
	case int32:
		return float64(n), true
	case int64:
		return float64(n), true
	case float32:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
