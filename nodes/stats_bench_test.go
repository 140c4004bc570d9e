package nodes_test

import (
	"encoding/json"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/nodes"
)

// BenchmarkStatsDecode decodes a 3-node response with every group and 24 thread
// pools into StatsResponse, with the SDK's codec and with encoding/json for comparison.
func BenchmarkStatsDecode(b *testing.B) {
	data := sdktest.Fixture(b, "stats_3nodes.json")
	b.Run("jsonx", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for range b.N {
			var r nodes.StatsResponse
			if err := jsonx.Unmarshal(data, &r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for range b.N {
			var r nodes.StatsResponse
			if err := json.Unmarshal(data, &r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
