package fake

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// pitFixture is a server with index p (two shards) holding n = 1..5, and a
// manual clock.
func pitFixture(t *testing.T) (*Server, *ManualClock) {
	t.Helper()
	clk := NewManualClock(time.UnixMilli(1700000000000))
	s := New(t, WithClock(clk))
	must(t, s, "PUT", "/p", `{"settings":{"number_of_shards":2,"number_of_replicas":0},"mappings":{"properties":{"n":{"type":"integer"}}}}`)
	var bulk strings.Builder
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"p\",\"_id\":\"%d\"}}\n{\"n\":%d}\n", i, i)
	}
	must(t, s, "POST", "/_bulk?refresh=true", bulk.String())
	return s, clk
}

// must sends a request that has to succeed and returns its body.
func must(t *testing.T, s *Server, method, path, body string) string {
	t.Helper()
	code, _, got := call(t, s, method, path, body)
	if code/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, path, code, got)
	}
	return got
}

// openPIT creates a point in time and returns its id.
func openPIT(t *testing.T, s *Server, path string) string {
	t.Helper()
	var out struct {
		PitID string `json:"pit_id"`
	}
	if err := json.Unmarshal([]byte(must(t, s, "POST", path, "")), &out); err != nil || out.PitID == "" {
		t.Fatalf("create pit: %v", err)
	}
	return out.PitID
}

// pitHits runs a search over a point in time and returns the hits as
// "id:n" pairs.
func pitHits(t *testing.T, s *Server, body string) string {
	t.Helper()
	var out struct {
		Hits struct {
			Hits []struct {
				ID     string `json:"_id"`
				Source struct {
					N int `json:"n"`
				} `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(must(t, s, "POST", "/_search", body)), &out); err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, h := range out.Hits.Hits {
		parts = append(parts, fmt.Sprintf("%s:%d", h.ID, h.Source.N))
	}
	return strings.Join(parts, " ")
}

func TestPITFreezesTheView(t *testing.T) {
	s, _ := pitFixture(t)
	created := expect(t, s, "POST", "/p/_search/point_in_time?keep_alive=1m", "", 200,
		`{"pit_id":<*>,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"creation_time":1700000000000}`)
	var c struct {
		PitID string `json:"pit_id"`
	}
	if err := json.Unmarshal([]byte(created), &c); err != nil {
		t.Fatal(err)
	}
	// Writes after the point in time: an update, a delete, a new document,
	// then refreshes (explicit and forced).
	must(t, s, "PUT", "/p/_doc/2?refresh=true", `{"n":20}`)
	must(t, s, "DELETE", "/p/_doc/3?refresh=true", "")
	must(t, s, "PUT", "/p/_doc/6", `{"n":6}`)
	must(t, s, "POST", "/p/_refresh", "")
	must(t, s, "POST", "/p/_forcemerge", "")

	body := `{"pit":{"id":"` + c.PitID + `"},"sort":[{"n":"asc"}],"size":10}`
	if got, want := pitHits(t, s, body), "1:1 2:2 3:3 4:4 5:5"; got != want {
		t.Errorf("point in time sees %q, want %q", got, want)
	}
	if got, want := pitHits(t, s, `{"query":{"match_all":{}},"sort":[{"n":"asc"}]}`), "1:1 4:4 5:5 6:6 2:20"; got != want {
		t.Errorf("a plain search sees %q, want %q", got, want)
	}
	// The whole response: pit_id first, the point in time's shards.
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+c.PitID+`","keep_alive":"2m"},"size":1,"sort":[{"n":"desc"}],"query":{"range":{"n":{"gte":5}}}}`, 200,
		`{"pit_id":"`+c.PitID+`","took":<*>,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},`+
			`"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[{"_index":"p","_id":"5","_score":null,"_source":{"n":5},"sort":[5]}]}}`)
	// Scores use the frozen statistics too: the same query scores the same.
	q := `{"pit":{"id":"` + c.PitID + `"},"query":{"match_all":{}},"size":1}`
	first := must(t, s, "POST", "/_search", q)
	must(t, s, "PUT", "/p/_doc/7?refresh=true", `{"n":7}`)
	if again := must(t, s, "POST", "/_search", q); stripTook(again) != stripTook(first) {
		t.Errorf("the same search over a point in time changed:\n%s\n%s", first, again)
	}
}

func stripTook(s string) string {
	i := strings.Index(s, `"took":`)
	j := strings.Index(s, `"timed_out"`)
	if i < 0 || j < i {
		return s
	}
	return s[:i] + s[j:]
}

func TestPITOnAnEmptyIndexStaysEmpty(t *testing.T) {
	s := New(t)
	must(t, s, "PUT", "/e", `{"settings":{"number_of_shards":1,"refresh_interval":"-1"}}`)
	id := openPIT(t, s, "/e/_search/point_in_time?keep_alive=1m")
	must(t, s, "PUT", "/e/_doc/1?refresh=true", `{"n":1}`)
	if got := pitHits(t, s, `{"pit":{"id":"`+id+`"}}`); got != "" {
		t.Errorf("point in time over an empty index sees %q", got)
	}
}

func TestPITSearchAfterPaging(t *testing.T) {
	s, _ := pitFixture(t)
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	must(t, s, "PUT", "/p/_doc/0?refresh=true", `{"n":0}`)
	var pages []string
	after := ""
	for {
		body := `{"pit":{"id":"` + id + `","keep_alive":"1m"},"size":2,"sort":[{"n":"asc"}]` + after + `}`
		page := pitHits(t, s, body)
		if page == "" {
			break
		}
		pages = append(pages, page)
		last := page[strings.LastIndex(page, ":")+1:]
		after = `,"search_after":[` + last + `]`
	}
	if got, want := strings.Join(pages, " | "), "1:1 2:2 | 3:3 4:4 | 5:5"; got != want {
		t.Errorf("pages %q, want %q", got, want)
	}
}

func TestPITSlices(t *testing.T) {
	s, _ := pitFixture(t)
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	must(t, s, "PUT", "/p/_doc/9?refresh=true", `{"n":9}`)
	seen := map[string]int{}
	for i := 0; i < 2; i++ {
		hits := pitHits(t, s, fmt.Sprintf(`{"pit":{"id":"%s"},"slice":{"id":%d,"max":2},"size":10}`, id, i))
		for _, h := range strings.Fields(hits) {
			seen[h]++
		}
	}
	if len(seen) != 5 {
		t.Errorf("slices together saw %v, want the 5 frozen documents once each", seen)
	}
	for h, n := range seen {
		if n != 1 {
			t.Errorf("%s in %d slices", h, n)
		}
	}
	// Without a point in time or a scroll a slice is still refused.
	expect(t, s, "POST", "/p/_search", `{"slice":{"id":0,"max":2}}`, 500, `{"error":{"root_cause":[{"type":"search_exception","reason":"`+"`slice`"+` cannot be used outside of a scroll context or PIT context"}]<**>`)
}

func TestPITKeepAliveAndExpiry(t *testing.T) {
	s, clk := pitFixture(t)
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	// A shorter keep-alive never lowers the initial 30s of the contexts.
	short := openPIT(t, s, "/p/_search/point_in_time?keep_alive=10s")
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200,
		`{"pits":[{"pit_id":"`+id+`","creation_time":1700000000000,"keep_alive":60000},{"pit_id":"`+short+`","creation_time":1700000000000,"keep_alive":30000}]}`)

	clk.Advance(59 * time.Second)
	// A search renews the keep-alive from now, and a longer one sticks.
	pitHits(t, s, `{"pit":{"id":"`+id+`","keep_alive":"2m"}}`)
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200,
		`{"pits":[{"pit_id":"`+id+`","creation_time":1700000000000,"keep_alive":120000}]}`)
	clk.Advance(119 * time.Second)
	// A search without keep_alive still counts as a use.
	pitHits(t, s, `{"pit":{"id":"`+id+`"}}`)
	clk.Advance(120 * time.Second)
	pitHits(t, s, `{"pit":{"id":"`+id+`"}}`)
	clk.Advance(121 * time.Second)
	missing := `{"error":{"root_cause":[{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"},` +
		`{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"}],` +
		`"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[` +
		`{"shard":0,"index":"p","node":<*>,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"}},` +
		`{"shard":1,"index":"p","node":<*>,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"}}],` +
		`"caused_by":{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"}},"status":404}`
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+id+`"}}`, 404, missing)
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[]}`)
	// Deleting an expired point in time succeeds: its contexts are gone.
	expect(t, s, "DELETE", "/_search/point_in_time", `{"pit_id":"`+id+`"}`, 200, `{"pits":[{"pit_id":"`+id+`","successful":true}]}`)
}

func TestPITDeleteAndList(t *testing.T) {
	s, _ := pitFixture(t)
	expect(t, s, "DELETE", "/_search/point_in_time/_all", "", 200, `{"pits":[]}`)
	var ids []string
	for i := 0; i < 3; i++ {
		ids = append(ids, openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m"))
	}
	got := expect(t, s, "DELETE", "/_search/point_in_time", `{"pit_id":["`+ids[0]+`","`+ids[1]+`","`+ids[0]+`"]}`, 200, "")
	var del struct {
		Pits []struct {
			PitID      string `json:"pit_id"`
			Successful bool   `json:"successful"`
		} `json:"pits"`
	}
	if err := json.Unmarshal([]byte(got), &del); err != nil {
		t.Fatal(err)
	}
	if len(del.Pits) != 2 || !del.Pits[0].Successful || !del.Pits[1].Successful || del.Pits[0].PitID == del.Pits[1].PitID {
		t.Errorf("delete answered %s", got)
	}
	if !strings.Contains(got, `{"pit_id":"`+ids[0]+`","successful":true}`) || !strings.Contains(got, `{"pit_id":"`+ids[1]+`","successful":true}`) {
		t.Errorf("delete answered %s", got)
	}
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[{"pit_id":"`+ids[2]+`","creation_time":1700000000000,"keep_alive":60000}]}`)
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+ids[0]+`"}}`, 404, `<**>"type":"search_context_missing_exception"<**>`)
	expect(t, s, "DELETE", "/_search/point_in_time/_all", "", 200, `{"pits":[{"pit_id":"`+ids[2]+`","successful":true}]}`)
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[]}`)
	// A body naming _all deletes everything too.
	last := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	expect(t, s, "DELETE", "/_search/point_in_time", `{"pit_id":"_all"}`, 200, `{"pits":[{"pit_id":"`+last+`","successful":true}]}`)
}

func TestPITErrors(t *testing.T) {
	s, _ := pitFixture(t)
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	pit := `{"pit":{"id":"` + id + `"}}`
	for _, tt := range []struct {
		method, path, body string
		status             int
		want               string
	}{
		{"POST", "/p/_search/point_in_time", "", 400, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: keep alive not specified;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: keep alive not specified;"},"status":400}`},
		{"POST", "/p/_search/point_in_time?keep_alive=1x", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"failed to parse setting [keep_alive] with value [1x] as a time value: unit is missing or unrecognized"}],"type":"illegal_argument_exception","reason":"failed to parse setting [keep_alive] with value [1x] as a time value: unit is missing or unrecognized"},"status":400}`},
		{"POST", "/p/_search/point_in_time?keep_alive=36h", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Keep alive for request (1.5d) is too large. It must be less than (1d). This limit can be set by changing the [point_in_time.max_keep_alive] cluster level setting."}],"type":"illegal_argument_exception","reason":"Keep alive for request (1.5d) is too large. It must be less than (1d). This limit can be set by changing the [point_in_time.max_keep_alive] cluster level setting."},"status":400}`},
		{"POST", "/missing/_search/point_in_time?keep_alive=1m", "", 404, `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [missing]"<**>`},
		{"POST", "/nothing*/_search/point_in_time?keep_alive=1m", "", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"invalid id: [null]"}],"type":"illegal_argument_exception","reason":"invalid id: [null]","caused_by":{"type":"null_pointer_exception","reason":"Cannot invoke \"String.getBytes(java.nio.charset.Charset)\" because \"<parameter1>\" is null"}},"status":400}`},
		{"POST", "/p/_search", pit, 400, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: [indices] cannot be used with point in time;"}]<**>`},
		{"POST", "/_search?routing=1&preference=_local&expand_wildcards=open&ccs_minimize_roundtrips=true", pit, 400,
			`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: [indicesOptions] cannot be used with point in time;2: [routing] cannot be used with point in time;3: [preference] cannot be used with point in time;4: [ccs_minimize_roundtrips] cannot be used with point in time;"}]<**>`},
		{"POST", "/_search?scroll=1m", pit, 400, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: using [point in time] is not allowed in a scroll context;"}]<**>`},
		{"POST", "/_search", `{"pit":{"id":"` + id + `","keep_alive":"25h"}}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Keep alive for request (1d) is too large. It must be less than (1d). This limit can be set by changing the [search.max_keep_alive] cluster level setting."}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query"<**>`},
		{"POST", "/_search", `{"pit":{"id":"` + id + `","keep_alive":"soon"}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:<*>] [pit] failed to parse field [keep_alive]"}],"type":"x_content_parse_exception","reason":"[1:<*>] [pit] failed to parse field [keep_alive]","caused_by":{"type":"illegal_argument_exception","reason":"failed to parse setting [keep_alive] with value [soon] as a time value: unit is missing or unrecognized"}},"status":400}`},
		{"POST", "/_search", `{"pit":{"id":7}}`, 400, `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:14] [pit] id doesn't support values of type: VALUE_NUMBER"}]<**>`},
		{"POST", "/_search", `{"pit":{"foo":1}}`, 400, `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:9] [pit] unknown field [foo]"}]<**>`},
		{"POST", "/_search", `{"pit":"x"}`, 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown key for a VALUE_STRING in [pit].","line":1,"col":8}]<**>`},
		{"POST", "/_search", `{"pit":{"keep_alive":"1m"}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"point in time id is not provided"}],"type":"illegal_argument_exception","reason":"point in time id is not provided"},"status":400}`},
		{"POST", "/_search", `{"pit":{"id":"a+b="}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"invalid id: [a+b=]"}],"type":"illegal_argument_exception","reason":"invalid id: [a+b=]","caused_by":{"type":"illegal_argument_exception","reason":"Illegal base64 character 2b"}},"status":400}`},
		{"POST", "/_search", `{"pit":{"id":"abcd"}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"invalid id: [abcd]"}],"type":"illegal_argument_exception","reason":"invalid id: [abcd]","caused_by":{"type":"e_o_f_exception","reason":null}},"status":400}`},
		{"DELETE", "/_search/point_in_time", `{"pit_id":[]}`, 400, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: no pit ids specified;"}]<**>`},
		{"DELETE", "/_search/point_in_time", "", 400, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: no pit ids specified;"}]<**>`},
		{"DELETE", "/_search/point_in_time", `{"id":"x"}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Unknown parameter [id] in request body or parameter is of the wrong type[VALUE_STRING] "}]<**>`},
		{"DELETE", "/_search/point_in_time", `{"pit_id":[{}]}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"pit_id array element should only contain pit_id"}]<**>`},
		{"DELETE", "/_search/point_in_time", `{"pit_id":{}}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"pit_id element should only contain pit_id"}]<**>`},
		{"DELETE", "/_search/point_in_time", `[]`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Malformed content, must start with an object"}]<**>`},
		{"DELETE", "/_search/point_in_time", `{"pit_id":["` + id + `","ab"]}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"invalid id: [ab]"}]<**>`},
		{"POST", "/p/_msearch", "{}\n" + pit + "\n", 400, `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: [indices] cannot be used with point in time;"}]<**>`},
		{"POST", "/_msearch", "{\"routing\":\"1\",\"preference\":\"_local\",\"expand_wildcards\":\"all\"}\n" + pit + "\n", 400,
			`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: [indicesOptions] cannot be used with point in time;2: [routing] cannot be used with point in time;3: [preference] cannot be used with point in time;"}]<**>`},
		{"POST", "/_msearch", "{}\n{\"pit\":{\"id\":\"abcd\"}}\n", 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"invalid id: [abcd]"}]<**>`},
		// OpenSearch 2.19 knows no _shard_doc: it is an unmapped field.
		{"POST", "/_search", `{"pit":{"id":"` + id + `"},"sort":[{"_shard_doc":"asc"}]}`, 400, `{"error":{"root_cause":[{"type":"query_shard_exception","reason":"No mapping found for [_shard_doc] in order to sort on"<**>`},
	} {
		expect(t, s, tt.method, tt.path, tt.body, tt.status, tt.want)
	}
	// None of the failures freed or changed the point in time.
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[{"pit_id":"`+id+`","creation_time":1700000000000,"keep_alive":60000}]}`)
}

func TestPITAfterIndexDeletion(t *testing.T) {
	s, _ := pitFixture(t)
	must(t, s, "PUT", "/q", `{"settings":{"number_of_shards":1}}`)
	must(t, s, "PUT", "/q/_doc/1?refresh=true", `{"n":100}`)
	id := openPIT(t, s, "/p,q/_search/point_in_time?keep_alive=1m")
	must(t, s, "DELETE", "/p", "")
	// The shards of the deleted index fail; the others still answer.
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+id+`"}}`, 200,
		`{"pit_id":"`+id+`","took":<*>,"timed_out":false,"_shards":{"total":3,"successful":1,"skipped":0,"failed":2,"failures":[`+
			`{"shard":0,"index":"p","node":<*>,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"}},`+
			`{"shard":1,"index":"p","node":<*>,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [<*>]"}}]},`+
			`"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"q","_id":"1","_score":1.0,"_source":{"n":100}}]}}`)
	expect(t, s, "POST", "/_search?allow_partial_search_results=false", `{"pit":{"id":"`+id+`"}}`, 404,
		`{"error":{"root_cause":[<**>],"type":"search_phase_execution_exception","reason":"Partial shards failure"<**>`)
	// A recreated index of the same name is another index.
	must(t, s, "PUT", "/p", `{}`)
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+id+`"},"query":{"match_all":{}}}`, 200, `<**>"failed":2<**>`)
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[{"pit_id":"`+id+`","creation_time":1700000000000,"keep_alive":60000}]}`)
}

func TestPITMaxOpenContexts(t *testing.T) {
	s := New(t)
	must(t, s, "PUT", "/one", `{"settings":{"number_of_shards":1}}`)
	for i := 0; i < 300; i++ {
		openPIT(t, s, "/one/_search/point_in_time?keep_alive=1m")
	}
	reason := "Trying to create too many Point In Time contexts. Must be less than or equal to: [300]. This limit can be set by changing the [search.max_open_pit_context] setting."
	expect(t, s, "POST", "/one/_search/point_in_time?keep_alive=1m", "", 429,
		`{"error":{"root_cause":[{"type":"rejected_execution_exception","reason":"`+reason+`"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"create_pit","grouped":true,"failed_shards":[`+
			`{"shard":0,"index":"one","node":<*>,"reason":{"type":"rejected_execution_exception","reason":"`+reason+`"}}],"caused_by":{"type":"rejected_execution_exception","reason":"`+reason+`"}},"status":429}`)
	must(t, s, "DELETE", "/_search/point_in_time/_all", "")
	openPIT(t, s, "/one/_search/point_in_time?keep_alive=1m")
}

func TestPITPartialCreation(t *testing.T) {
	s := New(t)
	must(t, s, "PUT", "/two", `{"settings":{"number_of_shards":2}}`)
	must(t, s, "PUT", "/one", `{"settings":{"number_of_shards":1}}`)
	// Fill the node up to one context short of the limit.
	for i := 0; i < 149; i++ {
		openPIT(t, s, "/two/_search/point_in_time?keep_alive=1m")
	}
	openPIT(t, s, "/one/_search/point_in_time?keep_alive=1m")
	expect(t, s, "POST", "/two/_search/point_in_time?keep_alive=1m&allow_partial_pit_creation=false", "", 429,
		`{"error":{"root_cause":[{"type":"rejected_execution_exception"<**>],"type":"search_phase_execution_exception","reason":"Partial shards failure","phase":"create_pit"<**>`)
	expect(t, s, "POST", "/two/_search/point_in_time?keep_alive=1m", "", 200,
		`{"pit_id":<*>,"_shards":{"total":2,"successful":1,"skipped":0,"failed":1,"failures":[{"shard":1,"index":"two","node":<*>,"reason":{"type":"rejected_execution_exception"<**>}}]},"creation_time":<*>}`)
}

func TestPITRoutingAndPreference(t *testing.T) {
	s, _ := pitFixture(t)
	for _, sel := range []string{"preference=_shards:1", "routing=a", "routing=a,b,c"} {
		var created struct {
			PitID  string `json:"pit_id"`
			Shards struct {
				Total int `json:"total"`
			} `json:"_shards"`
		}
		if err := json.Unmarshal([]byte(must(t, s, "POST", "/p/_search/point_in_time?keep_alive=1m&"+sel, "")), &created); err != nil {
			t.Fatal(err)
		}
		want := must(t, s, "POST", "/p/_search?size=10&"+sel, `{"sort":[{"n":"asc"}]}`)
		must(t, s, "PUT", "/p/_doc/x"+sel+"?refresh=true", `{"n":0}`)
		got := must(t, s, "POST", "/_search?size=10", `{"pit":{"id":"`+created.PitID+`"},"sort":[{"n":"asc"}]}`)
		if i := strings.Index(got, `"took"`); i < 0 || stripTook("{"+got[i:]) != stripTook(want) {
			t.Errorf("%s: point in time answered\n%s\nthe same search before the write\n%s", sel, got, want)
		}
		if n := strings.Count(sel, ",") + 1; sel == "preference=_shards:1" && created.Shards.Total != 1 || sel != "preference=_shards:1" && created.Shards.Total > n {
			t.Errorf("%s: %d shards", sel, created.Shards.Total)
		}
	}
}

// pitStats reads the node's search counters that points in time move.
func pitStats(t *testing.T, s *Server) string {
	t.Helper()
	var out struct {
		Nodes map[string]struct {
			Indices struct {
				Search struct {
					OpenContexts int64 `json:"open_contexts"`
					QueryTotal   int64 `json:"query_total"`
					FetchTotal   int64 `json:"fetch_total"`
					PITTotal     int64 `json:"point_in_time_total"`
					PITMillis    int64 `json:"point_in_time_time_in_millis"`
					PITCurrent   int64 `json:"point_in_time_current"`
				} `json:"search"`
			} `json:"indices"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(must(t, s, "GET", "/_nodes/stats/indices/search", "")), &out); err != nil {
		t.Fatal(err)
	}
	for _, n := range out.Nodes {
		x := n.Indices.Search
		return fmt.Sprintf("open=%d query=%d fetch=%d pit_total=%d pit_ms=%d pit_current=%d", x.OpenContexts, x.QueryTotal, x.FetchTotal, x.PITTotal, x.PITMillis, x.PITCurrent)
	}
	t.Fatal("no node")
	return ""
}

func TestPITNodeStats(t *testing.T) {
	s, clk := pitFixture(t)
	must(t, s, "PUT", "/other", `{"settings":{"number_of_shards":3}}`)
	base := pitStats(t, s)
	if base != "open=0 query=0 fetch=0 pit_total=0 pit_ms=0 pit_current=0" {
		t.Fatalf("before: %s", base)
	}
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	if got := pitStats(t, s); got != "open=2 query=0 fetch=0 pit_total=0 pit_ms=0 pit_current=2" {
		t.Errorf("after create: %s", got)
	}
	// A search over the point in time queries and fetches its two shards only.
	pitHits(t, s, `{"pit":{"id":"`+id+`"}}`)
	if got := pitStats(t, s); got != "open=2 query=2 fetch=2 pit_total=0 pit_ms=0 pit_current=2" {
		t.Errorf("after search: %s", got)
	}
	clk.Advance(5 * time.Second)
	must(t, s, "DELETE", "/_search/point_in_time", `{"pit_id":["`+id+`"]}`)
	if got := pitStats(t, s); got != "open=0 query=2 fetch=2 pit_total=2 pit_ms=10000 pit_current=0" {
		t.Errorf("after delete: %s", got)
	}
	// An expired point in time counts its life up to the expiry.
	openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	clk.Advance(90 * time.Second)
	if got := pitStats(t, s); got != "open=0 query=2 fetch=2 pit_total=4 pit_ms=130000 pit_current=0" {
		t.Errorf("after expiry: %s", got)
	}
}

// TestPITShardDocFrom33 checks the _shard_doc tie-breaker of OpenSearch
// 3.3+: (shard << 32) | doc as a long sort value, search_after paging over
// equal primary keys, and the validation outside a point in time.
func TestPITShardDocFrom33(t *testing.T) {
	s := New(t, WithVersion("3.3.0"))
	must(t, s, "PUT", "/d", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"g":{"type":"integer"}}}}`)
	var bulk strings.Builder
	for i := 0; i < 9; i++ {
		fmt.Fprintf(&bulk, "{\"index\":{\"_index\":\"d\",\"_id\":\"%d\"}}\n{\"g\":%d}\n", i, i%2)
	}
	must(t, s, "POST", "/_bulk?refresh=true", bulk.String())
	id := openPIT(t, s, "/d/_search/point_in_time?keep_alive=1m")
	seen := map[string]bool{}
	after := ""
	var order []string
	for page := 0; page < 10; page++ {
		var out struct {
			Hits struct {
				Hits []struct {
					ID    string  `json:"_id"`
					Shard string  `json:"_shard"`
					Sort  []int64 `json:"sort"`
				} `json:"hits"`
			} `json:"hits"`
		}
		body := `{"pit":{"id":"` + id + `"},"size":2,"_source":false,"sort":[{"g":"asc"},{"_shard_doc":"asc"}]` + after + `}`
		if err := json.Unmarshal([]byte(must(t, s, "POST", "/_search", body)), &out); err != nil {
			t.Fatal(err)
		}
		if len(out.Hits.Hits) == 0 {
			break
		}
		for _, h := range out.Hits.Hits {
			if seen[h.ID] {
				t.Errorf("%s seen twice", h.ID)
			}
			seen[h.ID] = true
			order = append(order, fmt.Sprintf("%d/%d", h.Sort[0], h.Sort[1]>>32))
		}
		last := out.Hits.Hits[len(out.Hits.Hits)-1].Sort
		after = fmt.Sprintf(`,"search_after":[%d,%d]`, last[0], last[1])
	}
	if len(seen) != 9 {
		t.Errorf("paged through %d documents, want 9", len(seen))
	}
	// Within each g the keys ascend: shard 0's documents before shard 1's.
	for i := 1; i < len(order); i++ {
		if order[i] < order[i-1] {
			t.Errorf("sort keys out of order: %v", order)
			break
		}
	}
	expect(t, s, "POST", "/d/_search", `{"sort":["_shard_doc"]}`, 400,
		`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: _shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.;"}]<**>`)
	expect(t, s, "POST", "/d/_search?scroll=1m", `{"sort":["_shard_doc",{"_shard_doc":"desc"}]}`, 400,
		`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: _shard_doc cannot be used with scroll. Use PIT + search_after instead.;2: _shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.;3: duplicate _shard_doc sort detected. Specify it at most once.;"}]<**>`)
	expect(t, s, "POST", "/_search?scroll=1m", `{"pit":{"id":"`+id+`"},"sort":["_shard_doc"]}`, 400,
		`{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: using [point in time] is not allowed in a scroll context;2: _shard_doc cannot be used with scroll. Use PIT + search_after instead.;"}]<**>`)
}

// TestPITConcurrentUse creates, searches, lists and deletes points in time
// from several goroutines while documents change (run with -race).
func TestPITConcurrentUse(t *testing.T) {
	s, _ := pitFixture(t)
	done := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func() {
			for i := 0; i < 20; i++ {
				code, _, body := call(t, s, "POST", "/p/_search/point_in_time?keep_alive=1m", "")
				var c struct {
					PitID string `json:"pit_id"`
				}
				if code != 200 || json.Unmarshal([]byte(body), &c) != nil {
					done <- fmt.Errorf("create: %d %s", code, body)
					return
				}
				count := `{"pit":{"id":"` + c.PitID + `"},"size":0,"track_total_hits":true}`
				_, _, before := call(t, s, "POST", "/_search", count)
				call(t, s, "PUT", fmt.Sprintf("/p/_doc/w%d-%d?refresh=true", w, i), `{"n":100}`)
				if code, _, after := call(t, s, "POST", "/_search", count); code != 200 || stripTook(after) != stripTook(before) {
					done <- fmt.Errorf("search: %d %s, before the write %s", code, after, before)
					return
				}
				call(t, s, "GET", "/_search/point_in_time/_all", "")
				if code, _, body := call(t, s, "DELETE", "/_search/point_in_time", `{"pit_id":["`+c.PitID+`"]}`); code != 200 {
					done <- fmt.Errorf("delete: %d %s", code, body)
					return
				}
			}
			done <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	expect(t, s, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[]}`)
}

// TestPITInMultiSearch runs point-in-time searches as _msearch entries: each
// answers like the search would, with its pit_id, and a missing point in
// time fails only its entry.
func TestPITInMultiSearch(t *testing.T) {
	s, _ := pitFixture(t)
	must(t, s, "PUT", "/other", `{"settings":{"number_of_shards":3}}`)
	id := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	gone := openPIT(t, s, "/p/_search/point_in_time?keep_alive=1m")
	must(t, s, "DELETE", "/_search/point_in_time", `{"pit_id":"`+gone+`"}`)
	must(t, s, "PUT", "/p/_doc/9?refresh=true", `{"n":9}`)
	body := "{}\n" + `{"pit":{"id":"` + id + `"},"size":1,"sort":[{"n":"desc"}]}` + "\n" +
		`{"index":"p"}` + "\n" + `{"size":1,"sort":[{"n":"desc"}]}` + "\n" +
		"{}\n" + `{"pit":{"id":"` + gone + `"}}` + "\n"
	expect(t, s, "POST", "/_msearch", body, 200, `{"took":<*>,"responses":[`+
		`{"pit_id":"`+id+`","took":<*>,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":{"value":5,"relation":"eq"},"max_score":null,"hits":[{"_index":"p","_id":"5","_score":null,"_source":{"n":5},"sort":[5]}]},"status":200},`+
		`{"took":<*>,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},"hits":{"total":{"value":6,"relation":"eq"},"max_score":null,"hits":[{"_index":"p","_id":"9","_score":null,"_source":{"n":9},"sort":[9]}]},"status":200},`+
		`{"error":{"root_cause":[{"type":"search_context_missing_exception"<**>"type":"search_phase_execution_exception","reason":"all shards failed"<**>},"status":404}]}`)
	// The point-in-time entry counted on its own two shards only (not on
	// every index, as an entry without one would).
	if got := pitStats(t, s); !strings.Contains(got, "query=4 ") {
		t.Errorf("stats after the multi-search: %s", got)
	}
}

// TestPITMissingAndFailingShards: when the shards still searchable all fail,
// the error lists the ones whose contexts are gone too.
func TestPITMissingAndFailingShards(t *testing.T) {
	s, _ := pitFixture(t)
	must(t, s, "PUT", "/q", `{"settings":{"number_of_shards":1}}`)
	// Contexts open in shard-iterator order (p0, q0, p1), so p's are 1 and 3.
	id := openPIT(t, s, "/p,q/_search/point_in_time?keep_alive=1m")
	must(t, s, "DELETE", "/p", "")
	expect(t, s, "POST", "/_search", `{"pit":{"id":"`+id+`"},"sort":[{"nope":"asc"}]}`, 404,
		`{"error":{"root_cause":[{"type":"search_context_missing_exception","reason":"No search context found for id [1]"},`+
			`{"type":"search_context_missing_exception","reason":"No search context found for id [3]"},`+
			`{"type":"query_shard_exception","reason":"No mapping found for [nope] in order to sort on","index":"q","index_uuid":<*>}],`+
			`"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[`+
			`{"shard":0,"index":"p","node":<*>,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}},`+
			`{"shard":1,"index":"p","node":<*>,"reason":{"type":"search_context_missing_exception","reason":"No search context found for id [3]"}},`+
			`{"shard":0,"index":"q","node":<*>,"reason":{"type":"query_shard_exception","reason":"No mapping found for [nope] in order to sort on","index":"q","index_uuid":<*>}}],`+
			`"caused_by":{"type":"search_context_missing_exception","reason":"No search context found for id [1]"}},"status":404}`)
}

// TestPITFromAnotherCluster: an id naming nodes this cluster lacks cannot be
// deleted (successful: false), and searching it finds no context.
func TestPITFromAnotherCluster(t *testing.T) {
	a, _ := pitFixture(t)
	b, _ := pitFixture(t)
	id := openPIT(t, a, "/p/_search/point_in_time?keep_alive=1m")
	expect(t, b, "DELETE", "/_search/point_in_time", `{"pit_id":["`+id+`"]}`, 200, `{"pits":[{"pit_id":"`+id+`","successful":false}]}`)
	expect(t, b, "POST", "/_search", `{"pit":{"id":"`+id+`"}}`, 404, `<**>"type":"search_context_missing_exception"<**>`)
	expect(t, a, "GET", "/_search/point_in_time/_all", "", 200, `{"pits":[{"pit_id":"`+id+`","creation_time":1700000000000,"keep_alive":60000}]}`)
}
