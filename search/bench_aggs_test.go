package search

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// aggsBenchBody renders a typed_keys search response with a terms
// aggregation of 100 buckets, each holding an avg and a 10-bucket
// date_histogram, in OpenSearch's format.
func aggsBenchBody() []byte {
	var b strings.Builder
	b.WriteString(`{"took":12,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},` +
		`"hits":{"total":{"value":10000,"relation":"gte"},"max_score":null,"hits":[]},` +
		`"aggregations":{"sterms#by_tag":{"doc_count_error_upper_bound":0,"sum_other_doc_count":1234,"buckets":[`)
	for i := 0; i < 100; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"key":"tag-%03d","doc_count":%d,"avg#avg_price":{"value":%d.%02d},"date_histogram#per_day":{"buckets":[`, i, 1000-i, 10+i, i)
		for d := 0; d < 10; d++ {
			if d > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"key_as_string":"2024-05-%02dT00:00:00.000Z","key":%d,"doc_count":%d}`, d+1, 1714521600000+int64(d)*86400000, (i+d)%17)
		}
		b.WriteString(`]}}`)
	}
	b.WriteString(`]}}}`)
	return []byte(b.String())
}

// handAggsResponse is what a user of encoding/json writes by hand for the
// same response, typed keys spelled out in the tags.
type handAggsResponse struct {
	Took     int64 `json:"took"`
	TimedOut bool  `json:"timed_out"`
	Shards   struct {
		Total, Successful, Skipped, Failed int
	} `json:"_shards"`
	Hits struct {
		Total struct {
			Value    int64  `json:"value"`
			Relation string `json:"relation"`
		} `json:"total"`
		MaxScore *float64          `json:"max_score"`
		Hits     []json.RawMessage `json:"hits"`
	} `json:"hits"`
	Aggregations struct {
		ByTag struct {
			DocCountErrorUpperBound int64 `json:"doc_count_error_upper_bound"`
			SumOtherDocCount        int64 `json:"sum_other_doc_count"`
			Buckets                 []struct {
				Key      string `json:"key"`
				DocCount int64  `json:"doc_count"`
				AvgPrice struct {
					Value *float64 `json:"value"`
				} `json:"avg#avg_price"`
				PerDay struct {
					Buckets []struct {
						KeyAsString string `json:"key_as_string"`
						Key         int64  `json:"key"`
						DocCount    int64  `json:"doc_count"`
					} `json:"buckets"`
				} `json:"date_histogram#per_day"`
			} `json:"buckets"`
		} `json:"sterms#by_tag"`
	} `json:"aggregations"`
}

// sdkDaySum decodes with the SDK, as Search does, and adds up every day
// bucket's count.
func sdkDaySum(b testing.TB, data []byte) int64 {
	var r Response
	if err := jsonx.Unmarshal(data, resultBody[json.RawMessage]{&r}); err != nil {
		b.Fatal(err)
	}
	terms, err := r.Aggregations.Terms("by_tag")
	if err != nil {
		b.Fatal(err)
	}
	var sum int64
	for i := range terms.Buckets {
		days, err := terms.Buckets[i].Aggregations.DateHistogram("per_day")
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range days.Buckets {
			sum += d.DocCount
		}
	}
	return sum
}

// handDaySum does the same with encoding/json and the hand-written structs.
func handDaySum(b testing.TB, data []byte) int64 {
	var r handAggsResponse
	if err := json.Unmarshal(data, &r); err != nil {
		b.Fatal(err)
	}
	var sum int64
	for _, t := range r.Aggregations.ByTag.Buckets {
		for _, d := range t.PerDay.Buckets {
			sum += d.DocCount
		}
	}
	return sum
}

func BenchmarkDecodeAggregations(b *testing.B) {
	data := aggsBenchBody()
	want := handDaySum(b, data)
	b.Run("sdk-typed", func(b *testing.B) {
		run(b, len(data), func() int { return int(sdkDaySum(b, data)) }, int(want))
	})
	b.Run("encoding-json-hand-structs", func(b *testing.B) {
		run(b, len(data), func() int { return int(handDaySum(b, data)) }, int(want))
	})
}

// TestAggsBenchBodyDecodesTheSameBothWays keeps the benchmark honest: both
// decoders read the same values.
func TestAggsBenchBodyDecodesTheSameBothWays(t *testing.T) {
	t.Parallel()
	data := aggsBenchBody()
	var hand handAggsResponse
	if err := json.Unmarshal(data, &hand); err != nil {
		t.Fatal(err)
	}
	var r Response
	if err := jsonx.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	terms, err := r.Aggregations.Terms("by_tag")
	if err != nil || len(terms.Buckets) != 100 || terms.SumOtherDocCount != 1234 {
		t.Fatalf("terms %v %v", terms, err)
	}
	for i, hb := range hand.Aggregations.ByTag.Buckets {
		sb := terms.Buckets[i]
		avg, err := sb.Aggregations.Avg("avg_price")
		if err != nil || sb.Key.String() != hb.Key || sb.DocCount != hb.DocCount || *avg.Value != *hb.AvgPrice.Value {
			t.Fatalf("bucket %d: %+v vs %+v (%v)", i, sb, hb, err)
		}
		days, err := sb.Aggregations.DateHistogram("per_day")
		if err != nil || len(days.Buckets) != 10 {
			t.Fatalf("bucket %d days %v %v", i, days, err)
		}
		for d, hd := range hb.PerDay.Buckets {
			sd := days.Buckets[d]
			if sd.Key != hd.Key || sd.KeyAsString != hd.KeyAsString || sd.DocCount != hd.DocCount {
				t.Fatalf("bucket %d day %d: %+v vs %+v", i, d, sd, hd)
			}
		}
	}
	if sdkDaySum(t, data) != handDaySum(t, data) || handDaySum(t, data) == 0 {
		t.Fatal("sums differ")
	}
}
