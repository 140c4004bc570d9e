package fake

import "testing"

// The shard request cache statistics: a size-0 search (or one asking for
// request_cache=true) misses once per shard, then hits until the shard
// changes; searches the cache does not take (hits wanted, the clock read,
// request_cache=false) count nothing.
func TestRequestCacheStats(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/rc", `{"settings":{"number_of_shards":1,"number_of_replicas":0},"mappings":{"properties":{"k":{"type":"keyword"},"d":{"type":"date"}}}}`, 200, "")
	expect(t, s, "PUT", "/rc/_doc/1?refresh=true", `{"k":"a","d":"2020-01-01"}`, 201, "")
	stats := func(hit, miss string) {
		t.Helper()
		expect(t, s, "GET", "/rc/_stats/request_cache", "", 200,
			`{<**>"_all":{"primaries":{"request_cache":{"memory_size_in_bytes":0,"evictions":0,"hit_count":`+hit+`,"miss_count":`+miss+`}}<**>`)
	}
	body := `{"size":0,"aggs":{"k":{"terms":{"field":"k"}}}}`
	expect(t, s, "POST", "/rc/_search", body, 200, "")
	stats("0", "1")
	expect(t, s, "POST", "/rc/_search", body, 200, "")
	stats("1", "1")
	expect(t, s, "POST", "/rc/_search", `{"size":1}`, 200, "")
	expect(t, s, "POST", "/rc/_search?request_cache=false", body, 200, "")
	expect(t, s, "POST", "/rc/_search", `{"size":0,"query":{"range":{"d":{"lte":"now"}}}}`, 200, "")
	stats("1", "1")
	expect(t, s, "POST", "/rc/_search?request_cache=true", `{"size":1}`, 200, "")
	stats("1", "2")
	// A change to the shard makes a new reader: the same request misses.
	expect(t, s, "PUT", "/rc/_doc/2?refresh=true", `{"k":"b"}`, 201, "")
	expect(t, s, "POST", "/rc/_search", body, 200, "")
	stats("1", "3")
}
