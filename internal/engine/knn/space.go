package knn

import (
	"math"
	"math/bits"

	"github.com/clustersearch/clustersearch-go/internal/engine/ascii"
)

// Space is a vector space type of the plugin (SpaceType).
type Space uint8

// The plugin's space types; Undefined is "not given".
const (
	Undefined Space = iota
	L2
	CosineSimil
	L1
	LInf
	InnerProduct
	Hamming
)

// spaceNames are the values in the plugin's enum order.
var spaceNames = [...]string{"undefined", "l2", "cosinesimil", "l1", "linf", "innerproduct", "hamming"}

// String returns the space's name as the plugin prints it.
func (s Space) String() string { return spaceNames[s] }

// EnumName is the Java enum constant's name ("L2", "INNER_PRODUCT").
func (s Space) EnumName() string {
	return [...]string{"UNDEFINED", "L2", "COSINESIMIL", "L1", "LINF", "INNER_PRODUCT", "HAMMING"}[s]
}

// ParseSpace is SpaceType.getSpace (case-insensitive); ok is false for an
// unknown name.
func ParseSpace(name string) (Space, bool) {
	for i, n := range spaceNames {
		if ascii.EqualFold(n, name) {
			return Space(i), true
		}
	}
	return Undefined, false
}

// ValidSpaces is the plugin's list of valid space names, as
// Arrays.toString prints it in its "Unable to find space" message.
const ValidSpaces = "[l2, cosinesimil, l1, linf, innerproduct, hamming]"

// Engine is a k-NN library.
type Engine uint8

// The plugin's engines.
const (
	NMSLIB Engine = iota
	Faiss
	Lucene
)

var engineNames = [...]string{"nmslib", "faiss", "lucene"}

// String returns the engine's name (lower case, as mappings print it).
func (e Engine) String() string { return engineNames[e] }

// EnumName is the Java enum constant's name ("FAISS"), as messages that
// format the engine itself print it.
func (e Engine) EnumName() string { return [...]string{"NMSLIB", "FAISS", "LUCENE"}[e] }

// ParseEngine is KNNEngine.getEngine (case-insensitive).
func ParseEngine(name string) (Engine, bool) {
	for i, n := range engineNames {
		if ascii.EqualFold(n, name) {
			return Engine(i), true
		}
	}
	return 0, false
}

// SupportsSpace reports whether an engine's hnsw method accepts a space
// (the method's SUPPORTED_SPACES).
func (e Engine) SupportsSpace(s Space) bool {
	switch e {
	case Faiss:
		return s == L2 || s == InnerProduct || s == CosineSimil || s == Hamming
	case Lucene:
		return s == L2 || s == CosineSimil || s == InnerProduct || s == Hamming
	}
	return s == L2 || s == L1 || s == LInf || s == CosineSimil || s == InnerProduct
}

// SupportsFilters reports whether efficient filtering is available.
func (e Engine) SupportsFilters() bool { return e != NMSLIB }

// SupportsRadial reports whether max_distance and min_score are available.
func (e Engine) SupportsRadial() bool { return e != NMSLIB }

// Distance is the space's raw distance between a query and a stored
// vector, in the form the plugin's radial max_distance compares with:
// squared L2, 1 - cos, the negated inner product, L1, L∞, Hamming bits.
// Smaller is closer. Byte and binary vectors are passed as their byte
// values (-128..127) held in float32.
func Distance(s Space, q, v []float32) float32 {
	switch s {
	case CosineSimil:
		return 1 - cosine(q, v)
	case InnerProduct:
		return -dot(q, v)
	case L1:
		var sum float32
		for i := range q {
			sum += float32(math.Abs(float64(q[i] - v[i])))
		}
		return sum
	case LInf:
		var m float32
		for i := range q {
			if d := float32(math.Abs(float64(q[i] - v[i]))); d > m {
				m = d
			}
		}
		return m
	case Hamming:
		n := 0
		for i := range q {
			n += bits.OnesCount8(uint8(int8(q[i])) ^ uint8(int8(v[i])))
		}
		return float32(n)
	}
	return squaredL2(q, v)
}

// Score translates a Distance to the score the plugin reports.
func Score(s Space, distance float32) float32 {
	switch s {
	case CosineSimil:
		// (2 - (1 - cos)) / 2, never below 0
		return float32(math.Max(float64((2-distance)/2), 0))
	case InnerProduct:
		d := -distance
		if d < 0 {
			return 1 / (1 - d)
		}
		return d + 1
	}
	return 1 / (1 + distance)
}

// squaredL2 sums in float32 in eight lanes, as the vectorised loops of
// the engines do; the order changes the last bit at most.
func squaredL2(q, v []float32) float32 {
	v = v[:len(q)]
	var s0, s1, s2, s3, s4, s5, s6, s7 float32
	i := 0
	for ; i+8 <= len(q); i += 8 {
		a, b := q[i:i+8:i+8], v[i:i+8:i+8]
		d0, d1, d2, d3 := a[0]-b[0], a[1]-b[1], a[2]-b[2], a[3]-b[3]
		d4, d5, d6, d7 := a[4]-b[4], a[5]-b[5], a[6]-b[6], a[7]-b[7]
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
		s4 += d4 * d4
		s5 += d5 * d5
		s6 += d6 * d6
		s7 += d7 * d7
	}
	for ; i < len(q); i++ {
		d := q[i] - v[i]
		s0 += d * d
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

func dot(q, v []float32) float32 {
	v = v[:len(q)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(q); i += 4 {
		s0 += q[i] * v[i]
		s1 += q[i+1] * v[i+1]
		s2 += q[i+2] * v[i+2]
		s3 += q[i+3] * v[i+3]
	}
	for ; i < len(q); i++ {
		s0 += q[i] * v[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// cosine is VectorUtil.cosine: float sums, the norm product in double.
func cosine(q, v []float32) float32 {
	var d, n1, n2 float32
	for i := range q {
		d += q[i] * v[i]
		n1 += q[i] * q[i]
		n2 += v[i] * v[i]
	}
	return float32(float64(d) / math.Sqrt(float64(n1)*float64(n2)))
}

// IsZero reports whether every component is 0 (cosinesimil refuses such
// vectors).
func IsZero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}
