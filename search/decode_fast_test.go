package search

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
)

// typedSource is a typed _source for SearchAs.
type typedSource struct {
	Title string   `json:"title"`
	Tags  []string `json:"tags"`
}

// fastDecodeBodies are search responses of every shape the decoder reads
// by hand or hands to the codec, and malformed ones.
func fastDecodeBodies(t testing.TB) []string {
	const hit = `{"_index":"books","_id":"1","_score":1.5,"_source":{"title":"a","tags":["x"]}}`
	bodies := []string{
		`{"took":3,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.5,"hits":[` + hit + `,` + hit + `]}}`,
		`{"took":3,"hits":{"total":7,"max_score":null,"hits":[]}}`,
		`{"hits":{"total":null,"hits":null}}`,
		`{"hits":{"hits":[null,` + hit + `]}}`,
		`{"hits":{"hits":[{"_id":"2","_score":null,"_source":null}]}}`,
		`{"hits":{"hits":[{"_id":"3"}]}}`,
		`{"hits":{"hits":[{"_id":"caf\u00e9 \"q\"","_index":"b\u00fccher","_routing":"r\\n"}]}}`,
		`{"hits":{"hits":[{"_id":"é","_index":"ü"}]}}`,
		`{"hits":{"hits":[{"_id":"1","_version":3,"_seq_no":0,"_primary_term":1,"_shard":"[i][0]","_node":"n1","sort":[1,"a",null],"highlight":{"title":["<em>a</em>"]},"fields":{"f":[1]},"matched_queries":["q"],"_ignored":["x"],"_nested":{"field":"c","offset":0},"inner_hits":{"c":{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"1","_source":{"n":1}}]}}},"_explanation":{"value":1.0,"description":"d","details":[]}}]}}`,
		`{"hits":{"hits":[],"collapse_field":"f","collapse_values":["a",1]}}`,
		`{"_scroll_id":"abc","pit_id":"p","terminated_early":true,"num_reduce_phases":2,"phase_took":{"query":1},"_clusters":{"total":1,"successful":1,"skipped":0},"hits":{"hits":[]}}`,
		`{"took":1,"hits":{"hits":[]},"aggregations":{"sterms#tags":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2}]}},"suggest":{"term#s":[]},"ext":{"x":1},"processor_results":[{"a":1}],"profile":{"shards":[]}}`,
		`{"took":1,"unknown":{"deep":[1,{"x":"}"}]},"hits":{"future":true,"hits":[{"_id":"1","_new_field":[1,2]}]}}`,
		"{\n  \"took\" : 3 ,\n  \"hits\" : {\n    \"hits\" : [ {\n      \"_id\" : \"1\" , \"_source\" : { \"a\" : [ 1 , 2 ] }\n    } ]\n  }\n}\n",
		`{"took":-1,"hits":{"max_score":1e-3,"hits":[{"_score":-2.5E+2,"_version":9223372036854775807}]}}`,
		`{"took":null,"timed_out":null,"_shards":null,"hits":{"hits":[{"_id":null,"_version":null,"_score":null}]}}`,
		`{"took":1,"took":2,"hits":{"hits":[{"_id":"a"}]},"hits":{"hits":[{"_id":"b"}]}}`,
		`{"hits":{"total":{"value":3,"relation":"gte","extra":1},"hits":[]}}`,
		`{}`,
		// The codec matches a member whatever its case, or spelled with escapes.
		`{"TOOK":5,"hits":{"hits":[]}}`,
		`{"hits":{"hits":[{"_ID":"x"}]}}`,
		`{"hits":{"total":{"Value":3},"hits":[]}}`,
		`{"t\u006fok":5}`,
		// Values the decoder leaves to the codec.
		`{"took":1.5}`,
		`{"took":"3"}`,
		`{"took":99999999999999999999}`,
		`{"hits":{"max_score":"1.0"}}`,
		`{"hits":{"hits":[{"_version":1.0}]}}`,
		`{"_shards":{"total":1,"failures":[{"shard":0,"index":"i","reason":{"type":"t","reason":"r"}}]}}`,
		// Malformed: both must fail.
		`{"took":3`,
		`{"took":3}x`,
		`{"took":3,}`,
		`{"took":3,,"hits":{}}`,
		`{"took":03}`,
		`{"took":-}`,
		`{"hits":{"hits":[{"_source":{"a":tru}}]}}`,
		`{"hits":{"hits":[{"_source":{"a":1,}}]}}`,
		`{"hits":{"hits":[{"_source":"bad \q escape"}]}}`,
		"{\"hits\":{\"hits\":[{\"_id\":\"control \x01 char\"}]}}",
		`{"hits":{"hits":[{"_source":{"a":"\u12"}}]}}`,
		`{"hits":{"hits":[{"_source":[1 2]}]}}`,
		`{"hits":{"hits":[1]}}`,
		`{"hits":[]}`,
		`["took"]`,
		``,
		`nul`,
	}
	for _, name := range []string{"search_full.json", "search_inner_hits.json", "search_no_total.json", "search_sorted_int_total.json", "explain.json", "profile_219.json"} {
		bodies = append(bodies, string(sdktest.Fixture(t, name)))
	}
	return bodies
}

// The hand-written decoder gives what the codec gives, raw sources and
// typed ones alike, or gives up; decodeBody then falls back to the codec.
func TestDecodeFastDecodesAsTheCodecDoes(t *testing.T) {
	t.Parallel()
	for _, body := range fastDecodeBodies(t) {
		checkFastDecode[json.RawMessage](t, []byte(body))
		checkFastDecode[typedSource](t, []byte(body))
		checkFastDecode[*typedSource](t, []byte(body))
	}
}

func checkFastDecode[S any](t *testing.T, body []byte) {
	t.Helper()
	var want Result[S]
	wantErr := jsonx.Unmarshal(body, &want)
	var fast Result[S]
	if fast.decodeFast(body) {
		if wantErr != nil {
			t.Errorf("%T, %s: fast decoder accepts a body the codec refuses (%v)", fast, body, wantErr)
		} else if !reflect.DeepEqual(fast, want) {
			t.Errorf("%T, %s:\n fast  %+v\n codec %+v", fast, body, fast, want)
		}
	}
	var viaSearch Result[S]
	err := jsonx.Unmarshal(body, resultBody[S]{&viaSearch})
	if (err != nil) != (wantErr != nil) {
		t.Errorf("%T, %s: error %v, codec's %v", viaSearch, body, err, wantErr)
	}
	if err == nil && !reflect.DeepEqual(viaSearch, want) {
		t.Errorf("%T, %s, as Search does:\n got   %+v\n codec %+v", viaSearch, body, viaSearch, want)
	}
}

// The bodies the server writes take the fast path (it would be no faster
// if they fell back).
func TestDecodeFastReadsTheServersBodies(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"search_full.json", "search_inner_hits.json", "search_no_total.json", "search_sorted_int_total.json"} {
		var r Response
		if !r.decodeFast(sdktest.Fixture(t, name)) {
			t.Errorf("%s falls back to the codec", name)
		}
	}
}

// Raw sources are copies: the body can be reused, and appending to one
// source leaves the next alone.
func TestDecodeFastSourcesAreCappedCopies(t *testing.T) {
	t.Parallel()
	body := []byte(`{"hits":{"hits":[{"_id":"1","_source":{"a":1}},{"_id":"2","_source":{"b":2}}]}}`)
	var r Response
	if !r.decodeFast(body) {
		t.Fatal("fell back")
	}
	for i := range body {
		body[i] = 'x'
	}
	first := r.Hits.Hits[0].Source
	_ = append(first, `,"c":3}`...)
	if string(r.Hits.Hits[0].Source) != `{"a":1}` || string(r.Hits.Hits[1].Source) != `{"b":2}` {
		t.Fatalf("sources changed: %s %s", r.Hits.Hits[0].Source, r.Hits.Hits[1].Source)
	}
	if r.Hits.Hits[0].ID != "1" || r.Hits.Hits[1].ID != "2" {
		t.Fatalf("ids changed: %q %q", r.Hits.Hits[0].ID, r.Hits.Hits[1].ID)
	}
}

// FuzzDecodeFast: whatever the fast decoder accepts, the codec accepts and
// decodes to the same response.
func FuzzDecodeFast(f *testing.F) {
	for _, body := range fastDecodeBodies(f) {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if strings.Contains(string(body), "aggregations") {
			// Aggregations decode with their own decoder either way; its
			// errors are its own fuzz target's.
			return
		}
		checkFastDecode[json.RawMessage](t, body)
	})
}
