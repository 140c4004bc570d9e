package documents

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func bulkAnswer(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"took":30,"errors":true,"items":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if i%50 == 49 {
			fmt.Fprintf(&b, `{"create":{"_index":"books","_id":"%d","status":409,"error":{"type":"version_conflict_engine_exception","reason":"[%d]: version conflict, document already exists (current version [1])","index":"books","shard":"0","index_uuid":"aAsFqTI0Tc2W0LCWgPNrOA"}}}`, i, i)
			continue
		}
		fmt.Fprintf(&b, `{"index":{"_index":"books","_id":"%d","_version":1,"result":"created","_shards":{"total":2,"successful":1,"failed":0},"_seq_no":%d,"_primary_term":1,"status":201}}`, i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDecodeBulkResponse decodes the answer to a bulk of 1,000 actions (2% failed).
func BenchmarkDecodeBulkResponse(b *testing.B) {
	data := bulkAnswer(1000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		var r BulkResponse
		if err := jsonx.Unmarshal(data, &r); err != nil {
			b.Fatal(err)
		}
		if len(r.Items) != 1000 || len(r.Failed()) != 20 {
			b.Fatalf("%d items, %d failed", len(r.Items), len(r.Failed()))
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
