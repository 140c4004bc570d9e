package aggs

import (
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// matrixStatsSpec is a matrix_stats aggregation (the aggs-matrix-stats
// module): per-field moments and the pairwise covariance and correlation
// of the documents that have a value for every field.
type matrixStatsSpec struct {
	fields  []string
	missing map[string]*xcontent.Value
	mode    string // avg (default), min, max, sum, median
}

func parseMatrixStats(p *parser) (spec, *apierr.Error) {
	s := &matrixStatsSpec{mode: "avg"}
	name := p.agg.Name
	if p.v.Kind != xcontent.Object {
		return nil, xerr(p.v.Line, p.v.Col, "[%s] Expected START_OBJECT but was: %s", p.agg.Type, p.v.Token())
	}
	unexpected := func(v *xcontent.Value, field, extra string) *apierr.Error {
		return parseErr(v.Line, v.Col, "Unexpected token %s [%s] in [%s].%s", v.Token(), field, name, extra)
	}
	for i := range p.v.Members {
		m := &p.v.Members[i]
		v := &m.Value
		switch {
		case m.Key == "script":
			return nil, unexpected(v, m.Key, " Multi-field aggregations do not support scripts.")
		case m.Key == "value_type" || m.Key == "valueType":
			if v.Kind == xcontent.String {
				return nil, unexpected(v, m.Key, " Multi-field aggregations do not support scripts.")
			}
			return nil, unexpected(v, m.Key, "")
		case m.Key == "fields" && v.Kind == xcontent.String:
			s.fields = []string{v.Str}
		case m.Key == "fields" && v.Kind == xcontent.Array:
			s.fields = s.fields[:0]
			for j := range v.Items {
				it := &v.Items[j]
				if it.Kind != xcontent.String {
					return nil, unexpected(it, m.Key, "")
				}
				s.fields = append(s.fields, it.Str)
			}
		case m.Key == "missing" && v.Kind == xcontent.Object:
			s.missing = map[string]*xcontent.Value{}
			for j := range v.Members {
				f := &v.Members[j]
				if prev, dup := s.missing[f.Key]; dup {
					return nil, parseErr(f.Line, f.Col, "Missing field [%s] already defined as [%s] in [%s].", f.Key, prev.Text(), name)
				}
				s.missing[f.Key] = &f.Value
			}
		case m.Key == "mode" && v.Kind == xcontent.String:
			mode := strings.ToLower(v.Str)
			switch mode {
			case "avg", "min", "max", "sum", "median":
				s.mode = mode
			default:
				return nil, apierr.IllegalArgument("Unknown MultiValueMode [%s]", v.Str)
			}
		default:
			return nil, unexpected(v, m.Key, "")
		}
	}
	return s, nil // no fields: nothing to read, the empty result
}

// javaHashOrder orders distinct names as a java.util.HashMap of default
// capacity iterates them.
func javaHashOrder(names []string) []string { return javahash.HashMapOrder(names) }

func (s *matrixStatsSpec) collector(env *shardEnv, a *Agg) (collector, *apierr.Error) {
	c := &matrixStatsCollector{spec: s}
	// Unmapped fields (without a missing value) take no part, as
	// ArrayValuesSourceAggregatorFactory drops their sources.
	var names []string
	sources := map[string]*values{}
	seen := map[string]bool{}
	for _, f := range s.fields {
		if seen[f] {
			continue
		}
		seen[f] = true
		src := &source{field: f, missing: s.missing[f]}
		v, err := src.resolve(env, a.Type, vsNumeric, vsNumeric, vsDate, vsBoolean)
		if err != nil {
			return nil, err
		}
		if v.unmapped {
			continue
		}
		v.env = env
		names = append(names, f)
		sources[f] = v
	}
	c.names = javaHashOrder(names)
	for _, n := range c.names {
		c.values = append(c.values, sources[n])
	}
	c.row = make([]float64, len(c.names))
	return c, nil
}

// matrixStatsCollector feeds the documents with a value for every field
// to a runningStats.
type matrixStatsCollector struct {
	spec   *matrixStatsSpec
	names  []string
	values []*values
	row    []float64
	buf    []float64
	stats  *runningStats
}

func (c *matrixStatsCollector) collect(slot int32, _ float32) {
	if len(c.names) == 0 {
		return
	}
	for i, v := range c.values {
		c.buf = v.doubles(slot, c.buf)
		if len(c.buf) == 0 {
			return
		}
		x := selectMode(c.spec.mode, c.buf)
		if math.IsInf(x, -1) {
			return // MatrixStatsAggregator skips negative infinity
		}
		c.row[i] = x
	}
	if c.stats == nil {
		c.stats = newRunningStats(c.names)
	}
	c.stats.add(c.row)
}

// selectMode is MultiValueMode.select over a document's sorted values.
func selectMode(mode string, xs []float64) float64 {
	switch mode {
	case "min":
		return xs[0]
	case "max":
		return xs[len(xs)-1]
	case "sum", "avg":
		var sum float64
		for _, x := range xs {
			sum += x
		}
		if mode == "avg" {
			return sum / float64(len(xs))
		}
		return sum
	}
	// median
	n := len(xs)
	if n%2 == 0 {
		return (xs[n/2-1] + xs[n/2]) / 2
	}
	return xs[n/2]
}

func (c *matrixStatsCollector) result() result {
	return &matrixStatsResult{stats: c.stats}
}

// runningStats is RunningStats: the count of documents and, per field (in
// the order the fields were given to it), the sum, mean and the second,
// third and fourth central moment sums, with the co-moment sums of each
// field and every later one.
type runningStats struct {
	names                    []string
	docCount                 int64
	counts                   []int64
	sums, means              []float64
	m2, m3, m4               []float64
	cov                      [][]float64 // cov[i][j-i-1]: field i with later field j
	deltas                   []float64
	hasMoments               []bool
	finalVar                 []float64
	finalSkew, finalKurt     []float64
	finalCov, finalCorMatrix [][]float64
}

func newRunningStats(names []string) *runningStats {
	n := len(names)
	r := &runningStats{names: names, counts: make([]int64, n), sums: make([]float64, n), means: make([]float64, n),
		m2: make([]float64, n), m3: make([]float64, n), m4: make([]float64, n), deltas: make([]float64, n), hasMoments: make([]bool, n),
		cov: make([][]float64, n)}
	for i := range r.cov {
		r.cov[i] = make([]float64, n-i-1)
	}
	return r
}

// add takes one document's values, in names order, as RunningStats.add
// does (its operations in its order: the last bits match).
func (r *runningStats) add(vals []float64) {
	r.docCount++
	n := float64(r.docCount)
	for i, x := range vals {
		r.counts[i]++
		r.sums[i] = x + r.sums[i]
		r.deltas[i] = x*n - r.sums[i]
		if !r.hasMoments[i] {
			r.hasMoments[i] = true
			r.means[i], r.m2[i], r.m3[i], r.m4[i] = x, 0, 0, 0
			continue
		}
		m1 := r.means[i]
		d := x - m1
		r.means[i] = m1 + d/n
		dn := d / n
		t1 := d * dn * float64(r.docCount-1)
		m2 := r.m2[i]
		r.m2[i] = m2 + t1
		m3 := r.m3[i]
		r.m3[i] = m3 + (t1*dn*(n-2) - 3*dn*m2)
		dn2 := dn * dn
		m4 := t1*dn2*(float64(r.docCount*r.docCount)-3*n+3) + 6*dn2*m2 - 4*dn*m3
		r.m4[i] = r.m4[i] + m4
	}
	if r.docCount == 1 {
		return // the co-moments start at 0
	}
	for i := range vals {
		for k := range r.cov[i] {
			j := i + 1 + k
			r.cov[i][k] = r.cov[i][k] + 1.0/(n*(n-1.0))*r.deltas[i]*r.deltas[j]
		}
	}
}

// merge adds another shard's statistics, as RunningStats.merge does.
func (r *runningStats) merge(o *runningStats) {
	if r.docCount == 0 {
		*r = *o.clone()
		return
	}
	nA, nB := float64(r.docCount), float64(o.docCount)
	r.docCount += o.docCount
	total := float64(r.docCount)
	deltas := make([]float64, len(r.names))
	for i := range r.names {
		meanA, varA, skewA, kurtA := r.means[i], r.m2[i], r.m3[i], r.m4[i]
		meanB, varB, skewB, kurtB := o.means[i], o.m2[i], o.m3[i], o.m4[i]
		r.counts[i] += o.counts[i]
		r.means[i] = (nA*r.means[i] + nB*o.means[i]) / (nA + nB)
		deltas[i] = o.sums[i]/nB - r.sums[i]/nA
		r.sums[i] = r.sums[i] + o.sums[i]
		d := meanB - meanA
		d2 := d * d
		d3 := d * d2
		d4 := d2 * d2
		n2 := total * total
		nA2, nB2 := nA*nA, nB*nB
		r.m2[i] = varA + varB + d2*nA*float64(o.docCount)/total
		newSkew := skewA + skewB + d3*nA*nB*(nA-nB)/n2
		r.m3[i] = newSkew + 3*d*(nA*varB-nB*varA)/total
		nk := kurtA + kurtB + d4*nA*nB*(nA2-nA*nB+nB2)/(n2*total)
		r.m4[i] = nk + 6*d2*(nA2*varB+nB2*varA)/n2 + 4*d*(nA*skewB-nB*skewA)/total
	}
	f := float64(r.docCount-o.docCount) * float64(o.docCount) / total
	for i := range r.cov {
		for k := range r.cov[i] {
			j := i + 1 + k
			r.cov[i][k] += o.cov[i][k] + f*deltas[i]*deltas[j]
		}
	}
}

func (r *runningStats) clone() *runningStats {
	c := *r
	c.counts, c.sums, c.means = slices.Clone(r.counts), slices.Clone(r.sums), slices.Clone(r.means)
	c.m2, c.m3, c.m4 = slices.Clone(r.m2), slices.Clone(r.m3), slices.Clone(r.m4)
	c.deltas, c.hasMoments = slices.Clone(r.deltas), slices.Clone(r.hasMoments)
	c.cov = make([][]float64, len(r.cov))
	for i := range r.cov {
		c.cov[i] = slices.Clone(r.cov[i])
	}
	return &c
}

// compute finishes the statistics as MatrixStatsResults.compute does:
// skewness and kurtosis from the moment sums, variance and covariance
// divided by n-1, correlation (NaN where a variance is 0).
func (r *runningStats) compute() {
	n := float64(r.docCount)
	nM1 := n - 1
	k := len(r.names)
	r.finalVar, r.finalSkew, r.finalKurt = make([]float64, k), make([]float64, k), make([]float64, k)
	for i := range r.names {
		v := r.m2[i]
		r.finalSkew[i] = math.Sqrt(n) * r.m3[i] / pow15(v)
		r.finalKurt[i] = n * r.m4[i] / (v * v)
		r.finalVar[i] = v / nM1
	}
	r.finalCov, r.finalCorMatrix = make([][]float64, k), make([][]float64, k)
	for i := range r.cov {
		r.finalCov[i], r.finalCorMatrix[i] = make([]float64, len(r.cov[i])), make([]float64, len(r.cov[i]))
		for c := range r.cov[i] {
			j := i + 1 + c
			cov := r.cov[i][c] / nM1
			r.finalCov[i][c] = cov
			if r.finalVar[i] == 0 || r.finalVar[j] == 0 {
				r.finalCorMatrix[i][c] = math.NaN()
			} else {
				r.finalCorMatrix[i][c] = cov / (math.Sqrt(r.finalVar[i]) * math.Sqrt(r.finalVar[j]))
			}
		}
	}
}

// pow15 is Math.pow(x, 1.5) rounded once, as the JDK's pow is for these
// arguments (Go's math.Pow rounds x*sqrt(x) twice and can be one ulp off).
func pow15(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Pow(x, 1.5)
	}
	bx := new(big.Float).SetPrec(256).SetFloat64(x)
	s := new(big.Float).SetPrec(256).Sqrt(bx)
	r, _ := s.Mul(s, bx).Float64()
	return r
}

// pair reads field i against field j from an upper-triangular matrix.
func pair(m [][]float64, i, j int) float64 {
	if i > j {
		i, j = j, i
	}
	return m[i][j-i-1]
}

// matrixStatsResult is InternalMatrixStats; stats is nil when no document
// of the shard had every field.
type matrixStatsResult struct {
	stats *runningStats
}

func (r *matrixStatsResult) typeName() string { return "matrix_stats" }

func (r *matrixStatsResult) reduce(all []result, _ *reduceCtx) (result, *apierr.Error) {
	merged := &runningStats{}
	for _, x := range all {
		if s := x.(*matrixStatsResult).stats; s != nil {
			merged.merge(s)
		}
	}
	if merged.docCount == 0 {
		return &matrixStatsResult{}, nil
	}
	merged.compute()
	return &matrixStatsResult{stats: merged}, nil
}

func (r *matrixStatsResult) render(*renderCtx) jsonout.Object {
	s := r.stats
	if s == nil {
		return jsonout.Object{{Key: "doc_count", Value: int64(0)}}
	}
	if s.finalVar == nil {
		s = s.clone()
		s.compute()
	}
	fields := make([]any, 0, len(s.names))
	for i, name := range s.names {
		cov, cor := jsonout.Object{}, jsonout.Object{}
		for j, other := range s.names {
			if i == j {
				cov = append(cov, jsonout.Field{Key: other, Value: double(s.finalVar[i])})
				cor = append(cor, jsonout.Field{Key: other, Value: double(1.0)})
				continue
			}
			cov = append(cov, jsonout.Field{Key: other, Value: double(pair(s.finalCov, i, j))})
			cor = append(cor, jsonout.Field{Key: other, Value: double(pair(s.finalCorMatrix, i, j))})
		}
		fields = append(fields, jsonout.Object{
			{Key: "name", Value: name},
			{Key: "count", Value: s.counts[i]},
			{Key: "mean", Value: double(s.means[i])},
			{Key: "variance", Value: double(s.finalVar[i])},
			{Key: "skewness", Value: double(s.finalSkew[i])},
			{Key: "kurtosis", Value: double(s.finalKurt[i])},
			{Key: "covariance", Value: cov},
			{Key: "correlation", Value: cor},
		})
	}
	return jsonout.Object{{Key: "doc_count", Value: s.docCount}, {Key: "fields", Value: fields}}
}
