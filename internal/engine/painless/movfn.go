package painless

import (
	"math"
	"strconv"
)

// NewDoubleArray returns a Java double[] holding v (moving_fn's `values`).
func NewDoubleArray(v []float64) *List {
	items := make([]any, len(v))
	for i, f := range v {
		items[i] = f
	}
	return &List{Items: items, array: true, elem: tyDouble}
}

// doublesArg reads a double[] argument.
func doublesArg(v any) []float64 {
	l, ok := v.(*List)
	if !ok || !l.array {
		argCast(v, "double[]")
	}
	out := make([]float64, len(l.Items))
	for i, it := range l.Items {
		out[i] = toFloat64(it)
	}
	return out
}

func boolArg(v any) bool {
	b, ok := v.(bool)
	if !ok {
		argCast(v, "java.lang.Boolean")
	}
	return b
}

// movingFunctions runs the static methods of MovingFunctions, the helpers
// OpenSearch offers moving_fn scripts. NaN values are left out of every
// function but max and min, as in MovingFunctions.java.
func movingFunctions(name string, args []any) any {
	values := doublesArg(args[0])
	switch name {
	case "max", "min":
		if len(values) == 0 {
			return math.NaN()
		}
		out := values[0]
		for _, v := range values[1:] {
			// DoubleStream.max/min: NaN wins, as Math.max/min do
			if name == "max" {
				out = javaMax(out, v)
			} else {
				out = javaMin(out, v)
			}
		}
		return out
	case "sum":
		sum := 0.0
		for _, v := range values {
			if !math.IsNaN(v) {
				sum += v
			}
		}
		return sum
	case "unweightedAvg":
		return unweightedAvg(values)
	case "stdDev":
		avg := doubleArg(args[1])
		if math.IsNaN(avg) {
			return math.NaN()
		}
		var sq float64
		var n int64
		for _, v := range values {
			if !math.IsNaN(v) {
				sq += math.Pow(v-avg, 2)
				n++
			}
		}
		return math.Sqrt(sq / float64(n))
	case "linearWeightedAvg":
		var avg float64
		total, current := int64(1), int64(1)
		for _, v := range values {
			if !math.IsNaN(v) {
				avg += v * float64(current)
				total += current
				current++
			}
		}
		if total == 1 {
			return math.NaN()
		}
		return avg / float64(total)
	case "ewma":
		alpha := doubleArg(args[1])
		avg := math.NaN()
		first := true
		for _, v := range values {
			if math.IsNaN(v) {
				continue
			}
			if first {
				avg, first = v, false
			} else {
				avg = v*alpha + avg*(1-alpha)
			}
		}
		return avg
	case "holt":
		if len(values) == 0 {
			return math.NaN()
		}
		return holt(values, doubleArg(args[1]), doubleArg(args[2]))
	case "holtWinters":
		if len(values) == 0 {
			return math.NaN()
		}
		period := intArg(args[4])
		mult := boolArg(args[5])
		return holtWinters(values, doubleArg(args[1]), doubleArg(args[2]), doubleArg(args[3]), period, mult)
	}
	return nil
}

func javaMax(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Max(a, b)
}

func javaMin(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return math.Min(a, b)
}

func unweightedAvg(values []float64) float64 {
	var sum float64
	var n int64
	for _, v := range values {
		if !math.IsNaN(v) {
			sum += v
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// holt is double exponential smoothing (MovingFunctions.holtForecast, one
// forecast).
func holt(values []float64, alpha, beta float64) float64 {
	var s, lastS, b, lastB float64
	counter := 0
	for _, v := range values {
		if math.IsNaN(v) {
			continue
		}
		if counter == 0 {
			s, b = v, 0
		} else {
			s = alpha*v + (1-alpha)*(lastS+lastB)
			b = beta*(s-lastS) + (1-beta)*lastB
		}
		counter++
		lastS, lastB = s, b
	}
	if counter == 0 {
		return math.NaN()
	}
	return s
}

// holtWinters is triple exponential smoothing (MovingFunctions
// .holtWintersForecast, one forecast); it needs two full periods.
func holtWinters(values []float64, alpha, beta, gamma float64, period int, multiplicative bool) float64 {
	if len(values) < period*2 {
		throw("IllegalArgumentException", "Holt-Winters aggregation requires at least (2 * period == 2 * "+strconv.Itoa(period)+" == "+strconv.Itoa(2*period)+") data-points to function.  Only ["+strconv.Itoa(len(values))+"] were provided.")
	}
	padding := 0.0
	if multiplicative {
		padding = 0.0000000001
	}
	vs := make([]float64, len(values))
	counter := 0
	for _, v := range values {
		if !math.IsNaN(v) {
			vs[counter] = v + padding
			counter++
		}
	}
	if counter == 0 {
		return math.NaN()
	}
	var s, b float64
	for i := 0; i < period; i++ {
		s += vs[i]
		b += (vs[i+period] - vs[i]) / float64(period)
	}
	s /= float64(period)
	b /= float64(period)
	lastS, lastB := s, 0.0
	seasonal := make([]float64, len(values))
	if s != 0 {
		for i := 0; i < period; i++ {
			seasonal[i] = vs[i] / s
		}
	}
	for i := period; i < len(vs); i++ {
		if multiplicative {
			s = alpha*(vs[i]/seasonal[i-period]) + (1-alpha)*(lastS+lastB)
		} else {
			s = alpha*(vs[i]-seasonal[i-period]) + (1-alpha)*(lastS+lastB)
		}
		b = beta*(s-lastS) + (1-beta)*lastB
		if multiplicative {
			seasonal[i] = gamma*(vs[i]/(lastS+lastB)) + (1-gamma)*seasonal[i-period]
		} else {
			seasonal[i] = gamma*(vs[i]-(lastS-lastB)) + (1-gamma)*seasonal[i-period]
		}
		lastS, lastB = s, b
	}
	idx := len(values) - period
	if multiplicative {
		return (s + b) * seasonal[idx]
	}
	return s + b + seasonal[idx]
}
