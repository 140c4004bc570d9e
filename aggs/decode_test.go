package aggs

import (
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func loadAggs(t *testing.T, body []byte) Aggregations {
	t.Helper()
	var a Aggregations
	if err := jsonx.Unmarshal(body, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// untyped strips the typed_keys prefixes, giving the body a server sends
// without typed_keys.
func untyped(b []byte) []byte {
	return regexp.MustCompile(`"[a-z_]+#`).ReplaceAll(b, []byte(`"`))
}

// must pairs a value with its error; of fails the test on the error.
func must[T any](v T, err error) checked[T] { return checked[T]{v, err} }

type checked[T any] struct {
	v   T
	err error
}

func (c checked[T]) of(t *testing.T) T {
	t.Helper()
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.v
}

func eqf(t *testing.T, what string, got *float64, want float64) {
	t.Helper()
	if got == nil || *got != want {
		t.Errorf("%s = %v, want %v", what, show(got), want)
	}
}

func isNull(t *testing.T, what string, got *float64) {
	t.Helper()
	if got != nil {
		t.Errorf("%s = %v, want null", what, *got)
	}
}

func show(p *float64) any {
	if p == nil {
		return "null"
	}
	return *p
}

// checkEveryType asserts the decoded values of testdata/typed_keys.json; the
// same assertions hold for the body without prefixes, through the accessors.
func checkEveryType(t *testing.T, a Aggregations) {
	terms := must(a.Terms("by_tag")).of(t)
	if terms.SumOtherDocCount != 3 || len(terms.Buckets) != 2 {
		t.Fatalf("by_tag: %+v", terms)
	}
	b0, b1 := terms.Buckets[0], terms.Buckets[1]
	if s, ok := b0.Key.AsString(); !ok || s != "go" || b0.DocCount != 5 {
		t.Errorf("bucket 0: %+v", b0)
	}
	if s, _ := b1.Key.AsString(); s != `rüst "x"` {
		t.Errorf("escaped key = %q", s)
	}
	eqf(t, "go avg_price", must(b0.Aggregations.Avg("avg_price")).of(t).Value, 12.5)
	eqf(t, "go max_price", must(b0.Aggregations.Max("max_price")).of(t).Value, 20)
	isNull(t, "rust avg_price", must(b1.Aggregations.Avg("avg_price")).of(t).Value)
	if got := b0.Aggregations.Names(); strings.Join(got, ",") != "avg_price,max_price" {
		t.Errorf("sub-aggregation names %v", got)
	}

	years := must(a.Terms("by_year")).of(t)
	if n, ok := years.Buckets[1].Key.AsInt64(); !ok || n != 9007199254740993 {
		t.Errorf("long key lost precision: %v", years.Buckets[1].Key)
	}
	if f, ok := must(a.Terms("by_price")).of(t).Buckets[0].Key.AsFloat64(); !ok || f != 4.5 || must(a.Terms("by_price")).of(t).Buckets[0].Key.Kind() != KeyDouble {
		t.Errorf("double key %v", f)
	}
	flag := must(a.Terms("by_flag")).of(t).Buckets[0]
	if n, _ := flag.Key.AsInt64(); n != 1 || flag.KeyAsString != "true" || flag.DocCountErrorUpperBound == nil || *flag.DocCountErrorUpperBound != 0 {
		t.Errorf("boolean terms bucket %+v", flag)
	}
	if len(must(a.Terms("unmapped")).of(t).Buckets) != 0 {
		t.Error("unmapped terms has buckets")
	}

	days := must(a.DateHistogram("per_day")).of(t)
	if len(days.Buckets) != 2 || days.Buckets[0].Key != 1714521600000 || days.Buckets[0].KeyAsString != "2024-05-01T00:00:00.000Z" ||
		days.Buckets[1].DocCount != 0 || days.Buckets[0].Time().Format("2006-01-02") != "2024-05-01" {
		t.Errorf("per_day %+v", days.Buckets)
	}
	if auto := must(a.DateHistogram("auto")).of(t); auto.Interval != "1d" || len(auto.Buckets) != 1 {
		t.Errorf("auto_date_histogram %+v", auto)
	}
	prices := must(a.Histogram("prices")).of(t)
	if len(prices.Buckets) != 2 || prices.Buckets[1].Key != 50 || prices.Keyed {
		t.Errorf("histogram %+v", prices)
	}
	keyed := must(a.Histogram("prices_keyed")).of(t)
	if !keyed.Keyed || len(keyed.Buckets) != 2 || keyed.Buckets[1].Key != 50 || keyed.Buckets[1].DocCount != 3 {
		t.Errorf("keyed histogram %+v", keyed)
	}

	ranges := must(a.Range("price_ranges")).of(t)
	if len(ranges.Buckets) != 3 || ranges.Buckets[0].Key != "*-100.0" || ranges.Buckets[0].From != nil || *ranges.Buckets[0].To != 100 ||
		*ranges.Buckets[1].From != 100 || ranges.Buckets[2].To != nil {
		t.Errorf("range %+v", ranges.Buckets)
	}
	recent := must(a.Range("recent")).of(t).Buckets[0]
	if *recent.From != 1.7040672e12 || recent.FromAsString != "2024-01-01T00:00:00.000Z" || recent.DocCount != 3 {
		t.Errorf("date_range %+v", recent)
	}
	if ip := must(a.Range("nets")).of(t).Buckets[0]; ip.From != nil || ip.FromAsString != "10.0.0.0" || ip.ToAsString != "10.0.0.127" {
		t.Errorf("ip_range %+v", ip)
	}

	msgs := must(a.Filters("messages")).of(t)
	warn, ok := msgs.Bucket("warnings")
	if !msgs.Keyed || !ok || warn.DocCount != 2 {
		t.Fatalf("filters %+v", msgs)
	}
	eqf(t, "warnings len", must(warn.Aggregations.Avg("len")).of(t).Value, 3)
	if anon := must(a.Filters("anonymous")).of(t); len(anon.Buckets) != 2 || anon.Buckets[0].Key != "" || anon.Buckets[0].DocCount != 1 {
		t.Errorf("anonymous filters %+v", anon)
	}
	if adj := must(a.AdjacencyMatrix("adj")).of(t); len(adj.Buckets) != 2 || adj.Buckets[1].Key != "A&B" {
		t.Errorf("adjacency_matrix %+v", adj)
	}

	inStock := must(a.SingleBucket("in_stock")).of(t)
	if inStock.DocCount != 4 {
		t.Errorf("filter doc_count %d", inStock.DocCount)
	}
	eqf(t, "in_stock total (Java 1.4E8)", must(inStock.Aggregations.Sum("total")).of(t).Value, 1.4e8)
	if g := must(a.SingleBucket("all")).of(t); g.DocCount != 10 || len(g.Aggregations) != 0 {
		t.Errorf("global %+v", g)
	}
	post, err := a.Path("comments>authors")
	if err != nil {
		t.Fatal(err)
	}
	authors, ok := post.(*TermsAggregate)
	if !ok {
		t.Fatalf("comments>authors is %T", post)
	}
	back := must(authors.Buckets[0].Aggregations.SingleBucket("back")).of(t)
	top := must(back.Aggregations.TopHits("post")).of(t)
	type postDoc struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	}
	docs := must(Sources[postDoc](top)).of(t)
	if len(docs) != 1 || docs[0] != (postDoc{"Hello", 2024}) || top.Hits.Total.Value != 1 || top.Hits.Hits[0].ID != "p1" {
		t.Errorf("top_hits %+v %+v", top.Hits, docs)
	}

	pages := must(a.Composite("pages")).of(t)
	if s, _ := pages.AfterKey["tag"].AsString(); s != "rust" || len(pages.Buckets) != 2 || !pages.Buckets[1].Key["tag"].IsNull() {
		t.Errorf("composite %+v", pages)
	}
	if after, _ := jsonx.Marshal(pages.After()); string(after) != `{"day":1714521600000,"tag":"rust"}` {
		t.Errorf("after key goes back as %s", after)
	}
	mt := must(a.MultiTerms("mt")).of(t).Buckets[0]
	if len(mt.Key) != 2 || mt.Key[0].String() != "go" || mt.Key[1].String() != "2024" || mt.KeyAsString != "go|2024" {
		t.Errorf("multi_terms %+v", mt)
	}
	sig := must(a.SignificantTerms("sig")).of(t)
	if sig.BgCount != 100 || sig.Buckets[0].Score != 0.75 || sig.Buckets[0].BgCount != 6 {
		t.Errorf("significant_terms %+v", sig)
	}
	if rare := must(a.RareTerms("rare")).of(t); len(rare.Buckets) != 1 || rare.Buckets[0].Key.String() != "zig" {
		t.Errorf("rare_terms %+v", rare)
	}

	st := must(a.Stats("price_stats")).of(t)
	if st.Count != 4 || st.Sum != 34 {
		t.Errorf("stats %+v", st)
	}
	eqf(t, "stats avg", st.Avg, 8.5)
	eqf(t, "stats min", st.Min, 1)
	empty := must(a.Stats("empty_stats")).of(t)
	isNull(t, "empty min", empty.Min)
	isNull(t, "empty avg", empty.Avg)
	ext := must(a.ExtendedStats("ext")).of(t)
	eqf(t, "variance_sampling", ext.VarianceSampling, 2)
	eqf(t, "upper_sampling", ext.StdDeviationBounds.UpperSampling, 4.82842712474619)
	eqf(t, "ext max", ext.Max, 3)
	extEmpty := must(a.ExtendedStats("ext_empty")).of(t)
	isNull(t, "empty variance", extEmpty.Variance)
	isNull(t, "empty bounds", extEmpty.StdDeviationBounds.Lower)

	load := must(a.Percentiles("load")).of(t)
	p999, ok := load.Value(99.9)
	if !load.Keyed || !ok || len(load.Values) != 3 || load.Values[2].ValueAsString != "126.0ms" {
		t.Errorf("keyed percentiles %+v", load)
	}
	eqf(t, "p99.9", p999, 126)
	list := must(a.Percentiles("load_list")).of(t)
	if v, ok := list.Value(99.9); list.Keyed || !ok || v != nil {
		t.Errorf("list percentiles %+v", list)
	}
	r, _ := must(a.PercentileRanks("ranks")).of(t).Value(500)
	eqf(t, "rank of 500", r, 55.5)
	pb, _ := must(a.Percentiles("pb")).of(t).Value(75)
	eqf(t, "percentiles_bucket 75", pb, 3)

	eqf(t, "simple_value", must(a.SimpleValue("avg_monthly")).of(t).Value, 12.333333333333334)
	best := must(a.BucketMetricValue("best_month")).of(t)
	if len(best.Keys) != 1 || best.Keys[0] != "2024-05-01T00:00:00.000Z" {
		t.Errorf("bucket_metric_value keys %v", best.Keys)
	}
	d := must(a.Derivative("d")).of(t)
	eqf(t, "derivative", d.Value, -2)
	eqf(t, "normalized", d.NormalizedValue, -0.5)
	dm := must(a.Max("date_max")).of(t)
	eqf(t, "date max (Java 1.5778368E12)", dm.Value, 1.5778368e12)
	if dm.ValueAsString != "2020-01-01T00:00:00.000Z" {
		t.Errorf("value_as_string %q", dm.ValueAsString)
	}
	isNull(t, "empty min", must(a.Min("empty_min")).of(t).Value)
	eqf(t, "value_count", must(a.ValueCount("n")).of(t).Value, 7)
	eqf(t, "cardinality", must(a.Cardinality("users")).of(t).Value, 3)
	eqf(t, "weighted_avg", must(a.WeightedAvg("wavg")).of(t).Value, 2.5)
	eqf(t, "mad", must(a.MedianAbsoluteDeviation("mad")).of(t).Value, 1.5)
	withMeta := must(a.Avg("with_meta")).of(t)
	if withMeta.Metadata()["color"] != "blue" {
		t.Errorf("meta %v", withMeta.Meta)
	}
	var profit struct{ Total float64 }
	if err := must(a.ScriptedMetric("profit")).of(t).Decode(&profit); err != nil || profit.Total != 240 {
		t.Errorf("scripted_metric %v %v", profit, err)
	}
}

func TestDecodeEveryTypeFromTypedKeys(t *testing.T) {
	t.Parallel()
	a := loadAggs(t, fixture(t, "typed_keys.json"))
	checkEveryType(t, a)
	if got := a.Names()[0]; got != "by_tag" {
		t.Errorf("first name %q: names must carry no prefix", got)
	}
	n, _ := a.Entry("by_tag")
	if n.Type != "sterms" {
		t.Errorf("entry %+v", n)
	}
	if vp, err := a.GeoBounds("viewport"); err != nil || *vp.TopLeft != (GeoPoint{Lat: 48.86, Lon: 2.32}) || *vp.BottomRight != (GeoPoint{Lat: 48.85, Lon: 2.33}) {
		t.Errorf("geo_bounds %+v %v", vp, err)
	}
	var other Aggregations
	if err := other.UnmarshalJSON([]byte(`{"future_type#x":{"top_left":1}}`)); err != nil {
		t.Fatal(err)
	}
	raw, ok := other.Get("x")
	if r, isRaw := raw.(*RawAggregate); !ok || !isRaw || !strings.Contains(string(r.Raw), `"top_left"`) {
		t.Errorf("unknown type decodes as %T", raw)
	}
}

func TestDecodeWithoutPrefixesFallsBackToShape(t *testing.T) {
	t.Parallel()
	a := loadAggs(t, untyped(fixture(t, "typed_keys.json")))
	checkEveryType(t, a)
	// Get and type switches see the type the shape suggests.
	want := map[string]string{
		"by_tag": "*aggs.TermsAggregate", "by_year": "*aggs.TermsAggregate", "per_day": "*aggs.DateHistogramAggregate",
		"auto": "*aggs.DateHistogramAggregate", "prices": "*aggs.HistogramAggregate", "prices_keyed": "*aggs.HistogramAggregate",
		"price_ranges": "*aggs.RangeAggregate", "recent": "*aggs.RangeAggregate", "nets": "*aggs.RangeAggregate",
		"messages": "*aggs.FiltersAggregate", "anonymous": "*aggs.FiltersAggregate", "in_stock": "*aggs.SingleBucketAggregate",
		"pages": "*aggs.CompositeAggregate", "mt": "*aggs.MultiTermsAggregate", "sig": "*aggs.SignificantTermsAggregate",
		"price_stats": "*aggs.StatsAggregate", "ext": "*aggs.ExtendedStatsAggregate", "load": "*aggs.PercentilesAggregate",
		"load_list": "*aggs.PercentilesAggregate", "avg_monthly": "*aggs.ValueAggregate", "empty_min": "*aggs.ValueAggregate",
		"profit": "*aggs.ScriptedMetricAggregate", "viewport": "*aggs.GeoBoundsAggregate",
	}
	for name, typ := range want {
		agg, _ := a.Get(name)
		if got := typeOf(agg); got != typ {
			t.Errorf("%s decodes by shape as %s, want %s", name, got, typ)
		}
	}
	// adjacency_matrix has the shape of terms; asking for it decodes again.
	adj := must(a.AdjacencyMatrix("adj")).of(t)
	if adj.Buckets[1].Key != "A&B" {
		t.Errorf("re-decoded adjacency_matrix %+v", adj)
	}
}

func typeOf(v any) string {
	if v == nil {
		return "nil"
	}
	return strings.Replace(strings.TrimPrefix(typeString(v), "github.com/clustersearch/clustersearch-go/"), "aggs.", "aggs.", 1)
}

func TestAccessorsSayWhatWentWrong(t *testing.T) {
	t.Parallel()
	for _, body := range [][]byte{fixture(t, "typed_keys.json"), untyped(fixture(t, "typed_keys.json"))} {
		a := loadAggs(t, body)
		_, err := a.Terms("nope")
		if !errors.Is(err, ErrNotFound) || err.Error() != `aggs: no aggregation named "nope"` {
			t.Errorf("missing: %v", err)
		}
		_, err = a.Terms("per_day")
		var le *LookupError
		if !errors.Is(err, ErrWrongType) || !errors.As(err, &le) || le.Want != "terms" {
			t.Errorf("wrong type: %v", err)
		}
		if _, err := a.Avg("price_stats"); !errors.Is(err, ErrWrongType) {
			t.Errorf("stats read as avg: %v", err)
		}
	}
	a := loadAggs(t, fixture(t, "typed_keys.json"))
	if _, err := a.Terms("per_day"); err.Error() != `aggs: aggregation "per_day" is date_histogram, not terms` {
		t.Errorf("message %q", err)
	}
	// Same shape, other type: typed keys tell sum from avg.
	if _, err := a.Sum("users"); !errors.Is(err, ErrWrongType) {
		t.Errorf("cardinality read as sum: %v", err)
	}
	var none Aggregations
	if _, err := none.Avg("x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("empty aggregations: %v", err)
	}
}

func TestAggregationsMarshalBackAsReceived(t *testing.T) {
	t.Parallel()
	body := fixture(t, "typed_keys.json")
	a := loadAggs(t, body)
	out, err := jsonx.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var want, got any
	if err := jsonx.Unmarshal(body, &want); err != nil {
		t.Fatal(err)
	}
	if err := jsonx.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	w, _ := jsonx.Marshal(want)
	g, _ := jsonx.Marshal(got)
	if string(w) != string(g) {
		t.Fatalf("round trip changed the body:\n%s\n%s", w, g)
	}
}

func TestDecodeNonFiniteAndOddNumbers(t *testing.T) {
	t.Parallel()
	a := loadAggs(t, []byte(`{"avg#a":{"value":"NaN"},"max#b":{"value":"-Infinity"},"sum#c":{"value":-1.5e-3},"lterms#d":{"buckets":[{"key":-7,"doc_count":1.0}]}}`))
	if v := must(a.Avg("a")).of(t).Value; v == nil || !math.IsNaN(*v) {
		t.Errorf("NaN: %v", show(v))
	}
	if v := must(a.Max("b")).of(t).Value; v == nil || !math.IsInf(*v, -1) {
		t.Errorf("-Infinity: %v", show(v))
	}
	eqf(t, "exponent", must(a.Sum("c")).of(t).Value, -0.0015)
	b := must(a.Terms("d")).of(t).Buckets[0]
	if n, _ := b.Key.AsInt64(); n != -7 || b.DocCount != 1 {
		t.Errorf("bucket %+v", b)
	}
}

func TestDecodeRejectsMalformedBodies(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		`{"sterms#a":{"buckets":[{"key":"x","doc_count":1}]`,
		`{"sterms#a":{"buckets":[{"key":"x" "doc_count":1}]}}`,
		`{"avg#a":{"value":1.2.3}}`,
		`{"avg#a":{"value":tru}}`,
		`{"avg#a":[1]}`,
		`[]`,
		`{"a":{}} x`,
		`{"a":{"b":"` + "\x01" + `"}}`,
		strings.Repeat(`{"filter#a":`, 2000) + `{}` + strings.Repeat(`}`, 2000),
	} {
		var a Aggregations
		err := a.UnmarshalJSON([]byte(body))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%.40q: error %v, want a *SyntaxError", body, err)
		}
	}
}

func typeString(v any) string { return fmtType(v) }

// Lists of one type nested in each other, long enough to fill and move
// slabs, keep every value in its place.
func TestDecodeNestedListsOfTheSameType(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"sterms#outer":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`)
	for i := 0; i < 40; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"key":"o%d","doc_count":%d,"lterms#inner":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`, i, i)
		for j := 0; j < 20; j++ {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"key":%d,"doc_count":%d,"avg#a":{"value":%d.5},"sum#s":{"value":%d.0}}`, j, i*100+j, i*100+j, j)
		}
		fmt.Fprintf(&b, `]},"max#m":{"value":%d.0}}`, i)
	}
	b.WriteString(`]}}`)
	a := loadAggs(t, []byte(b.String()))
	outer := must(a.Terms("outer")).of(t)
	if len(outer.Buckets) != 40 {
		t.Fatalf("%d outer buckets", len(outer.Buckets))
	}
	for i, ob := range outer.Buckets {
		if ob.Key.String() != fmt.Sprintf("o%d", i) || ob.DocCount != int64(i) || len(ob.Aggregations) != 2 {
			t.Fatalf("outer %d: %+v", i, ob)
		}
		eqf(t, "max", must(ob.Aggregations.Max("m")).of(t).Value, float64(i))
		inner := must(ob.Aggregations.Terms("inner")).of(t)
		if len(inner.Buckets) != 20 {
			t.Fatalf("outer %d has %d inner buckets", i, len(inner.Buckets))
		}
		for j, ib := range inner.Buckets {
			if n, _ := ib.Key.AsInt64(); n != int64(j) || ib.DocCount != int64(i*100+j) || len(ib.Aggregations) != 2 {
				t.Fatalf("inner %d/%d: %+v", i, j, ib)
			}
			eqf(t, "avg", must(ib.Aggregations.Avg("a")).of(t).Value, float64(i*100+j)+0.5)
			eqf(t, "sum", must(ib.Aggregations.Sum("s")).of(t).Value, float64(j))
		}
	}
	// Appending to a decoded list copies: the next list is untouched.
	first := outer.Buckets[0].Aggregations
	_ = append(first, Named{Name: "x"})
	if outer.Buckets[1].Aggregations[0].Name != "inner" {
		t.Fatal("an append overwrote the next bucket's sub-aggregations")
	}
}

// DecodeAt reads the aggregations where they are and says where they end.
func TestDecodeAtReadsInPlace(t *testing.T) {
	t.Parallel()
	doc := []byte(`{"x":1,"aggregations": {"avg#a":{"value":2.5}} ,"y":2}`)
	at := strings.Index(string(doc), ":") + len(`1,"aggregations":`) + 1
	var a Aggregations
	end, err := a.DecodeAt(doc, at)
	if err != nil || string(doc[end:]) != ` ,"y":2}` {
		t.Fatalf("end %d (%q), %v", end, doc[end:], err)
	}
	if avg, err := a.Avg("a"); err != nil || *avg.Value != 2.5 {
		t.Fatalf("avg %+v %v", avg, err)
	}
	end, err = a.DecodeAt([]byte(`[ null]`), 1)
	if err != nil || end != 6 || a != nil {
		t.Fatalf("null: %d %v %v", end, a, err)
	}
	if _, err := a.DecodeAt([]byte(`{"avg#a":{"value":}}`), 0); err == nil {
		t.Fatal("a malformed object decoded")
	}
}
