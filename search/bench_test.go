package search

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// benchDoc is a typical document of about ten source fields.
type benchDoc struct {
	Title     string   `json:"title"`
	Author    string   `json:"author"`
	Year      int      `json:"year"`
	Price     float64  `json:"price"`
	InStock   bool     `json:"in_stock"`
	Tags      []string `json:"tags"`
	ISBN      string   `json:"isbn"`
	Pages     int      `json:"pages"`
	Publisher string   `json:"publisher"`
	Published string   `json:"published"`
}

// searchBody renders a realistic search response with n hits.
func searchBody(n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"took":%d,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":%d,"relation":"eq"},"max_score":1.2039728,"hits":[`, n/10+1, n)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"_index":"books","_id":"%d","_score":%s,"_source":{"title":"The quick brown fox, volume %d","author":"Author Number %d",`+
			`"year":%d,"price":%d.99,"in_stock":%t,"tags":["fiction","animals","tag-%d"],"isbn":"978-3-16-148410-%d","pages":%d,`+
			`"publisher":"Publisher %d","published":"20%02d-03-04T10:00:00Z"}}`,
			i, strconv.FormatFloat(1.2039728-float64(i)/float64(n+1), 'f', 7, 64), i, i%97, 1950+i%70, 5+i%50, i%3 != 0, i%13, i%10, 100+i%900, i%17, i%25)
	}
	b.WriteString("]}}")
	return []byte(b.String())
}

// cpuTime is the CPU time used by the process so far (all threads, user and system). The
// benchmarks report it per operation as cpu-ns/op beside the wall-clock ns/op: on a shared
// machine it is the steadier figure for comparing the two codecs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// run times f b.N times and reports the CPU time per call.
func run(b *testing.B, size int, f func() int, want int) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if got := f(); got != want {
			b.Fatalf("decoded %d hits, want %d", got, want)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

func BenchmarkDecodeSearchResponse(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		data := searchBody(n)
		b.Run(fmt.Sprintf("hits=%d/raw-source/jsonx", n), func(b *testing.B) {
			run(b, len(data), func() int {
				var r Response
				if err := jsonx.Unmarshal(data, &r); err != nil {
					b.Fatal(err)
				}
				return len(r.Hits.Hits)
			}, n)
		})
		b.Run(fmt.Sprintf("hits=%d/raw-source/encoding-json", n), func(b *testing.B) {
			run(b, len(data), func() int {
				var r Response
				if err := json.Unmarshal(data, &r); err != nil {
					b.Fatal(err)
				}
				return len(r.Hits.Hits)
			}, n)
		})
		b.Run(fmt.Sprintf("hits=%d/typed-source/jsonx", n), func(b *testing.B) {
			run(b, len(data), func() int {
				var r Result[benchDoc]
				if err := jsonx.Unmarshal(data, &r); err != nil {
					b.Fatal(err)
				}
				return len(r.Hits.Hits)
			}, n)
		})
		b.Run(fmt.Sprintf("hits=%d/typed-source/encoding-json", n), func(b *testing.B) {
			run(b, len(data), func() int {
				var r Result[benchDoc]
				if err := json.Unmarshal(data, &r); err != nil {
					b.Fatal(err)
				}
				return len(r.Hits.Hits)
			}, n)
		})
	}
}

// TestBenchBodyDecodesTheSameWithBothCodecs keeps the benchmark honest: both codecs must
// produce the same values from its input.
func TestBenchBodyDecodesTheSameWithBothCodecs(t *testing.T) {
	t.Parallel()
	data := searchBody(50)
	var a, b Result[benchDoc]
	if err := jsonx.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) || len(a.Hits.Hits) != 50 || a.Hits.Hits[49].Source.Pages != 149 {
		t.Fatalf("codecs disagree:\n%s\n%s", ja, jb)
	}
}
