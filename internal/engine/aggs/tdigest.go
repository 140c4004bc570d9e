package aggs

import (
	"math"
	"sort"
)

// tdigest is the t-digest OpenSearch 2.x keeps for percentiles,
// percentile_ranks and median_absolute_deviation: TDigestState, an
// AVLTreeDigest of t-digest 3.2. Its centroids are kept in a slice sorted
// the way the AVL tree orders them (a new centroid goes after the ones with
// an equal mean), which gives the same neighbours, head sums and iteration
// order as the tree.
//
// The library draws random numbers (to pick among equally near centroids,
// and to shuffle centroids when it compresses or merges digests) from an
// unseeded java.util.Random; the fake uses the same generator with a fixed
// seed, so its answers repeat where a cluster's may vary on large inputs.
type tdigest struct {
	compression float64
	means       []float64
	counts      []int64
	count       int64
	min, max    float64
	rng         javaRandom
	// blockSums[k] is the count of centroids [k*tdBlock, (k+1)*tdBlock),
	// valid below block dirtyFrom: head sums read them instead of every
	// count before a centroid.
	blockSums []int64
	dirtyFrom int
}

// tdBlock is the number of centroids a block sum covers.
const tdBlock = 64

// tdigestSeed seeds the digest's generator (any fixed value will do).
const tdigestSeed = 0x7d1_9e57

func newTDigest(compression float64) *tdigest {
	return &tdigest{compression: compression, min: math.Inf(1), max: math.Inf(-1), rng: newJavaRandom(tdigestSeed)}
}

// size is the number of values added.
func (t *tdigest) size() int64 { return t.count }

// add records x with weight w, as AVLTreeDigest.add(x, w, data).
func (t *tdigest) add(x float64, w int64) {
	if math.IsNaN(x) {
		return // the library refuses NaN; doc values never hold one
	}
	if x < t.min {
		t.min = x
	}
	if x > t.max {
		t.max = x
	}
	n := len(t.means)
	if n == 0 {
		t.insert(x, w)
		t.count = w
		return
	}
	// floor: the last centroid whose mean is below x, else the first.
	start := sort.Search(n, func(i int) bool { return t.means[i] >= x }) - 1
	if start < 0 {
		start = 0
	}
	minDistance := math.MaxFloat64
	last := n // the first centroid past the nearest ones
	for i := start; i < n; i++ {
		z := math.Abs(t.means[i] - x)
		if z < minDistance {
			start, minDistance = i, z
		} else if z > minDistance {
			last = i
			break
		}
	}
	closest := -1
	sum := t.headSum(start)
	var seen float64
	for i := start; i < last; i++ {
		q := 0.5
		if t.count != 1 {
			q = (float64(sum) + float64(t.counts[i]-1)/2.0) / float64(t.count-1)
		}
		k := 4 * float64(t.count) * q * (1 - q) / t.compression
		// Among equally near centroids with room, each is picked with
		// equal chance (reservoir sampling).
		if float64(t.counts[i]+w) <= k {
			seen++
			if t.rng.nextDouble() < 1/seen {
				closest = i
			}
		}
		sum += t.counts[i]
	}
	if closest < 0 {
		t.insert(x, w)
	} else {
		mean := weightedAverage(t.means[closest], float64(t.counts[closest]), x, float64(w))
		t.update(closest, mean, t.counts[closest]+w)
	}
	t.count += w
	if float64(len(t.means)) > 20*t.compression {
		t.compress()
	}
}

// insert adds a centroid after every centroid whose mean is not above it.
func (t *tdigest) insert(mean float64, count int64) {
	i := sort.Search(len(t.means), func(i int) bool { return t.means[i] > mean })
	t.means = append(t.means, 0)
	t.counts = append(t.counts, 0)
	copy(t.means[i+1:], t.means[i:])
	copy(t.counts[i+1:], t.counts[i:])
	t.means[i], t.counts[i] = mean, count
	t.changed(i)
}

// update changes a centroid in place when it keeps its position (the
// previous mean not above it, the next one above it), else moves it as the
// tree's remove and add do.
func (t *tdigest) update(i int, mean float64, count int64) {
	if (i == 0 || mean >= t.means[i-1]) && (i == len(t.means)-1 || mean < t.means[i+1]) {
		t.grew(i, count-t.counts[i])
		t.means[i], t.counts[i] = mean, count
		return
	}
	t.means = append(t.means[:i], t.means[i+1:]...)
	t.counts = append(t.counts[:i], t.counts[i+1:]...)
	t.changed(i)
	t.insert(mean, count)
}

// headSum is the count of the centroids before i.
func (t *tdigest) headSum(i int) int64 {
	full := i / tdBlock
	if t.dirtyFrom < full {
		t.blockSums = t.blockSums[:t.dirtyFrom]
		for k := t.dirtyFrom; k < full; k++ {
			var sum int64
			for _, c := range t.counts[k*tdBlock : (k+1)*tdBlock] {
				sum += c
			}
			t.blockSums = append(t.blockSums, sum)
		}
		t.dirtyFrom = full
	}
	var s int64
	for _, b := range t.blockSums[:full] {
		s += b
	}
	for _, c := range t.counts[full*tdBlock : i] {
		s += c
	}
	return s
}

// changed notes that the centroids from i on moved or changed.
func (t *tdigest) changed(i int) { t.dirtyFrom = min(t.dirtyFrom, i/tdBlock) }

// grew adds w to the count of centroid i in place.
func (t *tdigest) grew(i int, w int64) {
	if k := i / tdBlock; k < t.dirtyFrom {
		t.blockSums[k] += w
	}
}

// compress re-adds the centroids in a random order into a fresh digest.
func (t *tdigest) compress() {
	if len(t.means) <= 1 {
		return
	}
	means, counts := t.means, t.counts
	order := make([]int, len(means))
	for i := range order {
		order[i] = i
	}
	for i := len(order) - 1; i > 0; i-- {
		j := int(t.rng.nextInt(int32(i + 1)))
		order[i], order[j] = order[j], order[i]
	}
	t.means, t.counts = nil, nil
	t.changed(0)
	for _, i := range order {
		t.add(means[i], counts[i])
	}
}

// merge adds another digest's centroids in shuffled order, as
// AbstractTDigest.add(TDigest) does when the reduce merges shard states.
func (t *tdigest) merge(o *tdigest) {
	order := make([]int, len(o.means))
	for i := range order {
		order[i] = i
	}
	// Collections.shuffle: swap each position from the end with a random
	// earlier one.
	for i := len(order); i > 1; i-- {
		j := int(t.rng.nextInt(int32(i)))
		order[i-1], order[j] = order[j], order[i-1]
	}
	for _, i := range order {
		t.add(o.means[i], o.counts[i])
	}
}

// quantile is AVLTreeDigest.quantile (q in [0,1]): NaN when empty.
func (t *tdigest) quantile(q float64) float64 {
	n := len(t.means)
	switch n {
	case 0:
		return math.NaN()
	case 1:
		return t.means[0]
	}
	index := q * float64(t.count)
	weightSoFar := float64(t.counts[0]) / 2.0
	if index < weightSoFar {
		return (t.min*index + t.means[0]*(weightSoFar-index)) / weightSoFar
	}
	for i := 0; i < n-1; i++ {
		dw := float64(t.counts[i]+t.counts[i+1]) / 2.0
		if weightSoFar+dw > index {
			z1 := index - weightSoFar
			z2 := weightSoFar + dw - index
			return weightedAverage(t.means[i], z2, t.means[i+1], z1)
		}
		weightSoFar += dw
	}
	z1 := index - weightSoFar
	z2 := float64(t.counts[n-1])/2.0 - z1
	return weightedAverage(t.means[n-1], z2, t.max, z1)
}

// cdf is AVLTreeDigest.cdf: the fraction of values at or below x.
func (t *tdigest) cdf(x float64) float64 {
	n := len(t.means)
	switch n {
	case 0:
		return math.NaN()
	case 1:
		if x < t.means[0] {
			return 0
		}
		return 1
	}
	var r float64
	left := (t.means[1] - t.means[0]) / 2
	right := left
	a := 0
	// As the library's iterator walk: the last centroid only serves as the
	// right neighbour of the one before it.
	for b := 2; b < n; b++ {
		if x < t.means[a]+right {
			v := (r + float64(t.counts[a])*interpolate(x, t.means[a]-left, t.means[a]+right)) / float64(t.count)
			if v > 0 {
				return v
			}
			return 0
		}
		r += float64(t.counts[a])
		a = b - 1
		left = right
		right = (t.means[b] - t.means[a]) / 2
	}
	if x < t.means[a]+right {
		return (r + float64(t.counts[a])*interpolate(x, t.means[a]-left, t.means[a]+right)) / float64(t.count)
	}
	return 1
}

func interpolate(x, x0, x1 float64) float64 { return (x - x0) / (x1 - x0) }

// weightedAverage is AbstractTDigest.weightedAverage: the mean of two
// weighted points, kept between them.
func weightedAverage(x1, w1, x2, w2 float64) float64 {
	if x1 > x2 {
		x1, w1, x2, w2 = x2, w2, x1, w1
	}
	x := (x1*w1 + x2*w2) / (w1 + w2)
	return math.Max(x1, math.Min(x, x2))
}

// javaRandom is java.util.Random's linear congruential generator.
type javaRandom struct{ seed int64 }

const javaRandomMask = 1<<48 - 1

func newJavaRandom(seed int64) javaRandom {
	return javaRandom{seed: (seed ^ 0x5DEECE66D) & javaRandomMask}
}

func (r *javaRandom) next(bits uint) int32 {
	r.seed = (r.seed*0x5DEECE66D + 0xB) & javaRandomMask
	return int32(r.seed >> (48 - bits))
}

func (r *javaRandom) nextDouble() float64 {
	return float64(int64(r.next(26))<<27+int64(r.next(27))) * (1.0 / (1 << 53))
}

// nextInt returns a value in [0, bound).
func (r *javaRandom) nextInt(bound int32) int32 {
	x := r.next(31)
	m := bound - 1
	if bound&m == 0 {
		return int32((int64(bound) * int64(x)) >> 31)
	}
	for u := x; ; u = r.next(31) {
		x = u % bound
		if u-x+m >= 0 {
			return x
		}
	}
}
