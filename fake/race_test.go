package fake

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestParallelMixedLoad runs writes, bulk, reads, counts, refreshes, dynamic
// mapping updates and settings changes at once; run with -race. Every
// document written must be readable and counted at the end.
func TestParallelMixedLoad(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/p", `{"settings":{"number_of_shards":3,"number_of_replicas":0}}`, 200, "")
	const workers, perWorker = 4, 25
	var wg sync.WaitGroup
	errs := make(chan string, workers*perWorker*4)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < perWorker; i++ {
				id := fmt.Sprintf("%d-%d", w, i)
				// A new field per document exercises concurrent dynamic mapping updates.
				if code, _, b := call(t, s, "PUT", "/p/_doc/"+id, fmt.Sprintf(`{"w":%d,"f%d_%d":"x"}`, w, w, i)); code != 201 {
					errs <- "index: " + b
				}
				var bulk strings.Builder
				fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"p\",\"_id\":\"b%s\"}}\n{\"w\":%d}\n", id, w)
				if code, _, b := call(t, s, "POST", "/_bulk", bulk.String()); code != 200 || strings.Contains(b, `"errors":true`) {
					errs <- "bulk: " + b
				}
				if code, _, b := call(t, s, "GET", "/p/_doc/"+id, ""); code != 200 {
					errs <- "get: " + b
				}
				call(t, s, "POST", "/p/_count", `{"query":{"term":{"w":1}}}`)
				if i%10 == 0 {
					call(t, s, "POST", "/p/_refresh", "")
					call(t, s, "PUT", "/p/_settings", fmt.Sprintf(`{"index.max_result_window":%d}`, 1000+i))
					call(t, s, "GET", "/p/_settings", "")
					call(t, s, "GET", "/p/_mapping", "")
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	expect(t, s, "POST", "/p/_refresh", "", 200, "")
	expect(t, s, "GET", "/p/_count?filter_path=count", "", 200, fmt.Sprintf(`{"count":%d}`, 2*workers*perWorker))
	expect(t, s, "POST", "/p/_count?filter_path=count", `{"query":{"term":{"w":1}}}`, 200, fmt.Sprintf(`{"count":%d}`, 2*perWorker))
}
