package fake

import (
	"context"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/types"
)

// blockErr is the error body of a refused request.
func blockErr(reason string, status int) string {
	r := `{"type":"cluster_block_exception","reason":"` + reason + `"}`
	return `{"error":{"root_cause":[` + r + `],` + r[1:len(r)-1] + `},"status":` + itoa(status) + `}`
}

const (
	writeBlock    = "FORBIDDEN/8/index write (api)"
	readBlock     = "FORBIDDEN/7/index read (api)"
	metaBlock     = "FORBIDDEN/9/index metadata (api)"
	readOnlyBlock = "FORBIDDEN/5/index read-only (api)"
	allowDelBlock = "TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block"
)

// blocked creates index name with one doc and then sets the given block.
func blocked(t *testing.T, s *Server, name, block string) {
	t.Helper()
	expect(t, s, "PUT", "/"+name, `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/"+name+"/_doc/1?refresh=true", `{"a":1}`, 201, "")
	expect(t, s, "PUT", "/"+name+"/_settings", `{"index.blocks.`+block+`":true}`, 200, `{"acknowledged":true}`)
}

func TestWriteBlock(t *testing.T) {
	s := newTestServer(t)
	blocked(t, s, "w", "write")
	want := blockErr("index [w] blocked by: ["+writeBlock+"];", 403)
	expect(t, s, "PUT", "/w/_doc/2", `{"a":2}`, 403, want)
	expect(t, s, "POST", "/w/_doc", `{"a":2}`, 403, want)
	expect(t, s, "PUT", "/w/_create/2", `{"a":2}`, 403, want)
	expect(t, s, "DELETE", "/w/_doc/1", "", 403, want)
	expect(t, s, "POST", "/w/_update/1", `{"doc":{"a":3}}`, 403, want)
	item := `"status":403,"error":{"type":"cluster_block_exception","reason":"index [w] blocked by: [` + writeBlock + `];"}}}`
	expect(t, s, "POST", "/_bulk", `{"index":{"_index":"w","_id":"2"}}
{"a":2}
{"delete":{"_index":"w","_id":"1"}}
{"update":{"_index":"w","_id":"1"}}
{"doc":{"a":3}}
{"index":{"_index":"other","_id":"1"}}
{"a":1}
`, 200, `{"took":<*>,"errors":true,"items":[{"index":{"_index":"w","_id":"2",`+item+`,{"delete":{"_index":"w","_id":"1",`+item+
		`,{"update":{"_index":"w","_id":"1",`+item+`,{"index":{"_index":"other","_id":"1","_version":1,"result":"created"<**>}}]}`)
	// Reads, metadata and settings updates still work; the document is unchanged.
	expect(t, s, "GET", "/w/_doc/1", "", 200, `{"_index":"w","_id":"1","_version":1,"_seq_no":0,"_primary_term":1,"found":true,"_source":{"a":1}}`)
	expect(t, s, "GET", "/w/_count", "", 200, `{"count":1,<**>`)
	expect(t, s, "GET", "/w/_settings/index.blocks.write", "", 200, `{"w":{"settings":{"index":{"blocks":{"write":"true"}}}}}`)
	expect(t, s, "PUT", "/w/_mapping", `{"properties":{"b":{"type":"keyword"}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/w/_settings", `{"index.number_of_replicas":0}`, 200, `{"acknowledged":true}`)
	// Lifting the block lets writes through again.
	expect(t, s, "PUT", "/w/_settings", `{"index.blocks.write":false}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/w/_doc/2", `{"a":2}`, 201, "")
	expect(t, s, "DELETE", "/w", "", 200, `{"acknowledged":true}`)
}

func TestReadBlock(t *testing.T) {
	s := newTestServer(t)
	blocked(t, s, "r", "read")
	expect(t, s, "PUT", "/open", `{"settings":{"number_of_replicas":0}}`, 200, "")
	want := blockErr("index [r] blocked by: ["+readBlock+"];", 403)
	expect(t, s, "GET", "/r/_doc/1", "", 403, want)
	expect(t, s, "GET", "/r/_source/1", "", 403, want)
	expect(t, s, "GET", "/r/_search", "", 403, want)
	expect(t, s, "GET", "/open,r/_search", "", 403, want)
	expect(t, s, "GET", "/r/_count", "", 403, want)
	expect(t, s, "GET", "/r/_explain/1", `{"query":{"match_all":{}}}`, 403, want)
	expect(t, s, "POST", "/r/_search/point_in_time?keep_alive=1m", "", 403, want)
	// Multi-requests fail per item with the same exception.
	inline := `{"root_cause":[{"type":"cluster_block_exception","reason":"index [r] blocked by: [` + readBlock + `];"}],` +
		`"type":"cluster_block_exception","reason":"index [r] blocked by: [` + readBlock + `];"}`
	expect(t, s, "POST", "/_mget", `{"docs":[{"_index":"r","_id":"1"}]}`, 200, `{"docs":[{"_index":"r","_id":"1","error":`+inline+`}]}`)
	expect(t, s, "POST", "/_msearch", "{\"index\":\"r\"}\n{}\n", 200, `{"took":<*>,"responses":[{"error":`+inline+`,"status":403}]}`)
	// Writes and metadata are not blocked.
	expect(t, s, "PUT", "/r/_doc/2", `{"a":2}`, 201, "")
	expect(t, s, "GET", "/r/_mapping", "", 200, `{"r":{"mappings":{"properties":{"a":{"type":"long"}}}}}`)
	expect(t, s, "PUT", "/r/_settings", `{"index":{"blocks":{"read":false}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/r/_count", "", 200, `{"count":<*>,<**>`)
}

func TestMetadataBlock(t *testing.T) {
	s := newTestServer(t)
	blocked(t, s, "m", "metadata")
	want := blockErr("index [m] blocked by: ["+metaBlock+"];", 403)
	expect(t, s, "GET", "/m/_settings", "", 403, want)
	expect(t, s, "GET", "/m/_mapping", "", 403, want)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"b":{"type":"keyword"}}}`, 403, want)
	expect(t, s, "PUT", "/m/_settings", `{"index.number_of_replicas":1}`, 403, want)
	expect(t, s, "POST", "/m/_forcemerge", "", 403, want)
	expect(t, s, "GET", "/m", "", 403, want)
	expect(t, s, "GET", "/m/_alias", "", 403, want)
	expect(t, s, "PUT", "/m/_alias/a", "", 403, want)
	// The alias check reads the names as written: a wildcard gets through.
	expect(t, s, "PUT", "/m*/_alias/a", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/m/_alias/a", "", 403, want)
	expect(t, s, "DELETE", "/m", "", 403, want)
	// Documents are untouched by the metadata block.
	expect(t, s, "PUT", "/m/_doc/2", `{"a":2}`, 201, "")
	expect(t, s, "GET", "/m/_doc/2", "", 200, "")
	// Only an update of index.blocks.metadata alone gets through.
	expect(t, s, "PUT", "/m/_settings", `{"index.blocks.metadata":false,"index.number_of_replicas":0}`, 403, want)
	expect(t, s, "PUT", "/m/_settings", `{"index.blocks.metadata":false}`, 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/m", "", 200, `{"acknowledged":true}`)
}

func TestReadOnlyBlocks(t *testing.T) {
	s := newTestServer(t)
	blocked(t, s, "ro", "read_only")
	blocked(t, s, "rad", "read_only_allow_delete")
	ro := blockErr("index [ro] blocked by: ["+readOnlyBlock+"];", 403)
	rad := blockErr("index [rad] blocked by: ["+allowDelBlock+"];", 429)
	expect(t, s, "PUT", "/ro/_doc/2", `{"a":2}`, 403, ro)
	expect(t, s, "PUT", "/rad/_doc/2", `{"a":2}`, 429, rad)
	expect(t, s, "PUT", "/ro/_mapping", `{"properties":{"b":{"type":"keyword"}}}`, 403, ro)
	expect(t, s, "PUT", "/rad/_mapping", `{"properties":{"b":{"type":"keyword"}}}`, 429, rad)
	expect(t, s, "GET", "/ro/_search", "", 200, "")
	expect(t, s, "GET", "/rad/_mapping", "", 200, "")
	// Both indexes at once: one message per index, in HashMap order ("rad"
	// hashes to bucket 4, "ro" to 13); any non-retryable block makes it a 403.
	both := blockErr("index [rad] blocked by: ["+allowDelBlock+"];index [ro] blocked by: ["+readOnlyBlock+"];", 403)
	expect(t, s, "PUT", "/ro,rad/_settings", `{"index.number_of_replicas":0}`, 403, both)
	// read_only_allow_delete lets the index be deleted; read_only does not.
	expect(t, s, "DELETE", "/ro", "", 403, ro)
	expect(t, s, "DELETE", "/rad", "", 200, `{"acknowledged":true}`)
	// Several blocks on one index are listed in the server's HashSet order.
	expect(t, s, "PUT", "/ro/_settings", `{"index.blocks.metadata":true,"index.blocks.read_only":true}`, 200, "")
	expect(t, s, "PUT", "/ro/_mapping", `{"properties":{"b":{"type":"keyword"}}}`, 403,
		blockErr("index [ro] blocked by: ["+metaBlock+", "+readOnlyBlock+"];", 403))
	// An update holding index.blocks.read_only passes even with other keys.
	expect(t, s, "PUT", "/ro/_settings", `{"index.blocks.read_only":false,"index.blocks.metadata":false}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/ro/_doc/2", `{"a":2}`, 201, "")
	if strings.Contains(expect(t, s, "GET", "/ro/_settings/index.blocks.*", "", 200, ""), "true") {
		t.Error("blocks still set")
	}
}

func TestBlocksByQueryAndReindex(t *testing.T) {
	s := newTestServer(t)
	blocked(t, s, "w", "write")
	blocked(t, s, "r", "read")
	expect(t, s, "PUT", "/src", `{"settings":{"number_of_replicas":0}}`, 200, "")
	expect(t, s, "PUT", "/src/_doc/1?refresh=true", `{"a":1}`, 201, "")
	cause := `"cause":{"type":"cluster_block_exception","reason":"index [w] blocked by: [` + writeBlock + `];"},"status":403}`
	// The response status is the highest failure status (RestBulkByScrollAction).
	expect(t, s, "POST", "/w/_delete_by_query", `{"query":{"match_all":{}}}`, 403,
		`{"took":<*>,"timed_out":false,"total":1,"deleted":0,"batches":1,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[{"index":"w","id":"1",`+cause+`]}`)
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"src"},"dest":{"index":"w"}}`, 403,
		`{"took":<*>,"timed_out":false,"total":1,"updated":0,"created":0,"deleted":0,"batches":1,"version_conflicts":0,"noops":0,"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,"failures":[{"index":"w","id":"1",`+cause+`]}`)
	read := blockErr("index [r] blocked by: ["+readBlock+"];", 403)
	expect(t, s, "POST", "/r/_update_by_query", "", 403, read)
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"r"},"dest":{"index":"src"}}`, 403, read)
	expect(t, s, "GET", "/w/_count", "", 200, `{"count":1,<**>`)
}

// The SDK surfaces a block as a typed API error with the server's status.
func TestBlocksThroughSDK(t *testing.T) {
	s := newTestServer(t)
	blocked(t, s, "sdk", "read_only_allow_delete")
	c, ctx := s.Client(), context.Background()
	_, err := c.Documents.Index(ctx, "sdk", "2", map[string]any{"a": 2}, nil)
	if !types.IsTooManyRequests(err) || !types.IsType(err, "cluster_block_exception") {
		t.Fatalf("Index into a read_only_allow_delete index: %v", err)
	}
	if got, want := err.Error(), "index [sdk] blocked by: ["+allowDelBlock+"];"; !strings.Contains(got, want) {
		t.Errorf("error %q does not contain %q", got, want)
	}
	if _, err := c.Documents.Get(ctx, "sdk", "1", nil); err != nil {
		t.Errorf("Get from a read_only_allow_delete index: %v", err)
	}
}

// The block check comes before the wait for active shard copies: a blocked
// write whose copies are missing fails at once with the block.
func TestBlockBeforeActiveShards(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/two", `{"settings":{"number_of_replicas":1,"index.blocks.write":true}}`, 200, "")
	want := blockErr("index [two] blocked by: ["+writeBlock+"];", 403)
	expect(t, s, "PUT", "/two/_doc/1?wait_for_active_shards=2", `{"a":1}`, 403, want)
	expect(t, s, "POST", "/_bulk?wait_for_active_shards=2", "{\"index\":{\"_index\":\"two\",\"_id\":\"1\"}}\n{\"a\":1}\n", 200,
		`{"took":<*>,"errors":true,"items":[{"index":{"_index":"two","_id":"1","status":403,"error":{"type":"cluster_block_exception","reason":"index [two] blocked by: [`+writeBlock+`];"}}}]}`)
}
