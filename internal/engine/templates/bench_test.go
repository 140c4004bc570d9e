package templates

import (
	"fmt"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// BenchmarkApply measures resolving the templates of a new index among
// 200 composable templates (each composed of two component templates) and
// 50 legacy ones: the work an auto-created index adds to its first write.
func BenchmarkApply(b *testing.B) {
	s := New()
	for i := 0; i < 2; i++ {
		c, err := ParseComponent([]byte(fmt.Sprintf(`{"template":{"settings":{"number_of_shards":%d},"mappings":{"properties":{"f%d":{"type":"keyword"}}}}}`, i+1, i)))
		if err != nil {
			b.Fatal(err)
		}
		if err := s.PutComponent(fmt.Sprintf("ct%d", i), c, false); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 200; i++ {
		c, err := ParseComposable([]byte(fmt.Sprintf(`{"index_patterns":["app%03d-*"],"priority":%d,"composed_of":["ct0","ct1"],"template":{"mappings":{"properties":{"g":{"type":"text"}}},"aliases":{"{index}-a":{}}}}`, i, i)))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.PutComposable(fmt.Sprintf("t%03d", i), c, false); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 50; i++ {
		l, err := ParseLegacy([]byte(fmt.Sprintf(`{"index_patterns":["old%02d-*"],"order":%d,"settings":{"number_of_replicas":0}}`, i, i)), LegacyRequest{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.PutLegacy(fmt.Sprintf("l%02d", i), l, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, matched, err := s.Apply(indices.CreateRequest{Name: "app150-2024", Settings: settings.Settings{}}, true)
		if err != nil || !matched || out.Mapping == nil {
			b.Fatal(err, matched)
		}
	}
}
