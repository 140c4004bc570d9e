package aggs

import (
	"math"
	"slices"
	"testing"
	"time"
)

// The heuristics' scores for one term against OpenSearch's formulas.
func TestSignificanceHeuristics(t *testing.T) {
	cases := []struct {
		h    heuristic
		want float64
	}{
		{heuristic{name: "jlh"}, 0.75},                                   // (1-4/7) * (1/(4/7))
		{heuristic{name: "percentage"}, 0.75},                            // 3/4
		{heuristic{name: "gnd", bgIsSuperset: true}, 0.7121057487429688}, // exp(-(ln4-ln3)/(ln7-ln3))
		{heuristic{name: "mutual_information", bgIsSuperset: true}, 0.5216406363433184},
		{heuristic{name: "chi_square", bgIsSuperset: true}, 3.9375},
	}
	for _, c := range cases {
		if got := c.h.score(3, 3, 4, 7); got != c.want {
			t.Errorf("%s: %v, want %v", c.h.name, got, c.want)
		}
	}
	// A term rarer in the foreground than in the rest scores nothing
	// without include_negatives.
	if got := (heuristic{name: "chi_square", bgIsSuperset: true}).score(1, 3, 5, 7); !math.IsInf(got, -1) {
		t.Errorf("negative chi_square: %v", got)
	}
	if got := (heuristic{name: "jlh"}).score(1, 3, 5, 7); got != 0 {
		t.Errorf("negative jlh: %v", got)
	}
	// JLH takes a background frequency of 0 as 1.
	if got := (heuristic{name: "jlh"}).score(1, 2, 0, 10); got != (0.5-0.1)*(0.5/0.1) {
		t.Errorf("jlh with no background: %v", got)
	}
}

// Composite sources order nulls first when ascending and last when
// descending unless missing_order says otherwise.
func TestCompositeMissingOrder(t *testing.T) {
	null, one, two := ckey{}, ckey{kind: 'l', n: 1}, ckey{kind: 'l', n: 2}
	cases := []struct {
		src  compSource
		a, b ckey
		want int
	}{
		{compSource{}, null, one, -1},
		{compSource{desc: true}, null, one, 1},
		{compSource{desc: true}, one, two, 1},
		{compSource{missingOrder: 'l'}, null, one, 1},
		{compSource{missingOrder: 'f', desc: true}, null, one, -1},
		{compSource{}, null, null, 0},
	}
	for i, c := range cases {
		if got := c.src.compare(c.a, c.b); got != c.want {
			t.Errorf("case %d: %d, want %d", i, got, c.want)
		}
	}
}

// multi_terms keys compare value by value in each value's natural order.
func TestCompareMulti(t *testing.T) {
	a := []ckey{{kind: 's', s: "a"}, {kind: 'l', n: 2}}
	b := []ckey{{kind: 's', s: "a"}, {kind: 'l', n: 10}}
	c := []ckey{{kind: 's', s: "b"}, {kind: 'd', f: -1}}
	if compareMulti(a, b) >= 0 || compareMulti(b, c) >= 0 || compareMulti(c, a) <= 0 || compareMulti(a, a) != 0 {
		t.Error("multi_terms key order")
	}
}

// The auto_date_histogram ladder matches buildRoundings, and its rungs
// round in the zone.
func TestAutoDateLadder(t *testing.T) {
	want := []string{"1s", "1m", "1h", "1d", "1M", "1y"}
	for i, ri := range roundingLadder {
		if got := "1" + ri.abbrev; got != want[i] {
			t.Errorf("rung %d: %s", i, got)
		}
	}
	if roundingLadder[3].maxInner() != 7 || roundingLadder[5].maxInner() != 100 {
		t.Error("inner intervals")
	}
	zone := time.FixedZone("", 3600)
	r := &rounding{unit: "day", zone: zone}
	if got := r.round(time.Date(2020, 3, 1, 23, 30, 0, 0, time.UTC).UnixMilli()); got != time.Date(2020, 3, 2, 0, 0, 0, 0, zone).UnixMilli() {
		t.Errorf("day in +01:00: %d", got)
	}
}

// factoryName is the class name a composite's invalid parent is reported
// by.
func TestFactoryName(t *testing.T) {
	for typ, want := range map[string]string{"terms": "TermsAggregatorFactory", "date_histogram": "DateHistogramAggregatorFactory", "global": "GlobalAggregatorFactory", "multi_terms": "MultiTermsAggregationFactory"} {
		if got := factoryName(typ); got != want {
			t.Errorf("%s: %s", typ, got)
		}
	}
}

// topBuckets keeps the same buckets and other count as a full sort.
func TestTopBuckets(t *testing.T) {
	order := bucketOrder{{kind: 'c'}}.withKeyTieBreak()
	var list []*termBucket
	for i := 0; i < 200; i++ {
		list = append(list, &termBucket{kind: keyLong, n: int64(i), docCount: int64((i * 37) % 11)})
	}
	full := slices.Clone(list)
	slices.SortFunc(full, func(a, b *termBucket) int { return order.compare(a, b) })
	var wantOther int64
	for _, b := range full[7:] {
		wantOther += b.docCount
	}
	got, other := topBuckets(slices.Clone(list), 7, order)
	if other != wantOther || len(got) != 7 {
		t.Fatalf("other %d want %d, %d buckets", other, wantOther, len(got))
	}
	for i := range got {
		if got[i] != full[i] {
			t.Errorf("bucket %d: %d, want %d", i, got[i].n, full[i].n)
		}
	}
}

// Equal scores leave the reduce's order to the HashMap and the Lucene heap:
// of a, b and c (in that hash order) the last inserted replaces the top.
func TestTopSignificantTies(t *testing.T) {
	mk := func(k string, score float64) *sigBucket {
		return &sigBucket{termBucket: termBucket{kind: keyString, s: k}, score: score}
	}
	key := func(b *sigBucket) string { return b.s }
	got := topSignificant([]*sigBucket{mk("c", 1), mk("a", 1), mk("b", 1)}, 2, key)
	if len(got) != 2 || got[0].s != "b" || got[1].s != "c" {
		t.Errorf("ties: %v %v", got[0].s, got[1].s)
	}
	got = topSignificant([]*sigBucket{mk("x", 0.5), mk("y", 2), mk("z", 1)}, 5, key)
	if len(got) != 3 || got[0].s != "y" || got[1].s != "z" || got[2].s != "x" {
		t.Errorf("by score: %v", got)
	}
}
