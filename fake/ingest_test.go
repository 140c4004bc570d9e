package fake

import "testing"

func TestIngestPipelineCRUD(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p1", `{"description":"d","processors":[{"set":{"field":"a","value":1}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_ingest/pipeline/p1", "", 200, `{"p1":{"description":"d","processors":[{"set":{"field":"a","value":1}}]}}`)
	expect(t, s, "GET", "/_ingest/pipeline/p*", "", 200, `{"p1":{"description":"d","processors":[{"set":{"field":"a","value":1}}]}}`)
	expect(t, s, "GET", "/_ingest/pipeline/nope", "", 404, `{}`)
	expect(t, s, "DELETE", "/_ingest/pipeline/p1", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/_ingest/pipeline/p1", "", 404,
		`{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"pipeline [p1] is missing"}],"type":"resource_not_found_exception","reason":"pipeline [p1] is missing"},"status":404}`)
}

func TestIngestPipelineValidation(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"nope":{}}]}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"No processor type exists with name [nope]","processor_type":"nope"}],"type":"parse_exception","reason":"No processor type exists with name [nope]","processor_type":"nope"},"status":400}`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"value":1}}]}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"[field] required property is missing",<**>"status":400}`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"description":"x"}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"[processors] required property is missing","property_name":"processors"}]<**>`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"geoip":{"field":"a"}}]}`, 400,
		`{"error":{"root_cause":[{"type":"parse_exception","reason":"the [geoip] processor is not supported by clustersearch-fake yet"<**>`)
}

func TestIngestOnIndexAndBulk(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/t", `{"processors":[
		{"split":{"field":"title","separator":"\\s+","target_field":"words"}},
		{"script":{"lang":"painless","source":"ctx.length = ctx.words.length"}},
		{"remove":{"field":"year"}},
		{"lowercase":{"field":"title","if":"ctx.length > 3"}},
		{"drop":{"if":"ctx.title == 'x'"}}]}`, 200, "")
	expect(t, s, "PUT", "/m/_doc/1?pipeline=t&refresh=true", `{"title":"Beauty and the Beast","year":1991}`, 201, "")
	expect(t, s, "GET", "/m/_doc/1", "", 200,
		`{"_index":"m","_id":"1","_version":1,"_seq_no":0,"_primary_term":1,"found":true,"_source":{"words":["Beauty","and","the","Beast"],"length":4,"title":"beauty and the beast"}}`)
	expect(t, s, "POST", "/_bulk?pipeline=t", "{\"index\":{\"_index\":\"m\",\"_id\":\"2\"}}\n{\"title\":\"x\",\"year\":2}\n{\"index\":{\"_index\":\"m\",\"_id\":\"3\",\"pipeline\":\"_none\"}}\n{\"title\":\"X\"}\n{\"index\":{\"_index\":\"m\",\"_id\":\"4\"}}\n{\"year\":1}\n", 200,
		`{"took":<*>,"ingest_took":<*>,"errors":true,"items":[`+
			`{"index":{"_index":"m","_id":"2","_version":-3,"result":"noop","_shards":{"total":0,"successful":0,"failed":0},"status":200}},`+
			`{"index":{"_index":"m","_id":"3","_version":1,"result":"created",<**>"status":201}},`+
			`{"index":{"_index":"m","_id":"4","status":400,"error":{"type":"illegal_argument_exception","reason":"field [title] not present as part of path [title]"}}}]}`)
	expect(t, s, "PUT", "/m/_doc/5?pipeline=missing", `{}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"pipeline with id [missing] does not exist"}]<**>`)
}

func TestIngestDefaultAndFinalPipeline(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/d", `{"processors":[{"set":{"field":"d","value":"{{a}}-{{_index}}"}}]}`, 200, "")
	expect(t, s, "PUT", "/_ingest/pipeline/f", `{"processors":[{"convert":{"field":"n","type":"integer"}},{"append":{"field":"tags","value":["f"]}}]}`, 200, "")
	expect(t, s, "PUT", "/i", `{"settings":{"index.default_pipeline":"d","index.final_pipeline":"f"}}`, 200, "")
	expect(t, s, "PUT", "/i/_doc/1", `{"a":"x","n":"12"}`, 201, "")
	expect(t, s, "GET", "/i/_source/1", "", 200, `{"a":"x","d":"x-i","n":12,"tags":["f"]}`)
	expect(t, s, "PUT", "/i/_doc/2?pipeline=_none", `{"a":"y","n":"7"}`, 201, "")
	expect(t, s, "GET", "/i/_source/2", "", 200, `{"a":"y","n":7,"tags":["f"]}`)
}

func TestIngestFailureHandling(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[
		{"rename":{"field":"a","target_field":"b","tag":"r1","on_failure":[{"set":{"field":"err","value":"{{_ingest.on_failure_message}} {{_ingest.on_failure_processor_tag}}"}}]}},
		{"gsub":{"field":"s","pattern":"(\\d+)","replacement":"<$1>","ignore_failure":true}},
		{"fail":{"message":"stop {{c}}","if":"ctx.c != null"}}]}`, 200, "")
	expect(t, s, "PUT", "/x/_doc/1?pipeline=p", `{"s":"a1b22"}`, 201, "")
	expect(t, s, "GET", "/x/_source/1", "", 200, `{"s":"a<1>b<22>","err":"field [a] doesn't exist r1"}`)
	expect(t, s, "PUT", "/x/_doc/2?pipeline=p", `{"a":1,"c":"now"}`, 500,
		`{"error":{"root_cause":[{"type":"fail_processor_exception","reason":"stop now"}],"type":"fail_processor_exception","reason":"stop now"},"status":500}`)
}

func TestIngestSimulate(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "POST", "/_ingest/pipeline/_simulate", `{"pipeline":{"processors":[{"uppercase":{"field":"a"}},{"trim":{"field":"b"}},{"join":{"field":"l","separator":"-"}},{"json":{"field":"j"}}]},
		"docs":[{"_index":"i","_id":"1","_source":{"a":"x","b":" y ","l":[1,"z"],"j":"{\"k\":[true]}"}},{"_source":{"a":1}}]}`, 200,
		`{"docs":[{"doc":{"_index":"i","_id":"1","_source":{"a":"X","b":"y","j":{"k":[true]},"l":"1-z"},"_ingest":{"timestamp":"2023-11-14T22:13:20Z"}}},`+
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"field [a] of type [java.lang.Integer] cannot be cast to [java.lang.String]"}],"type":"illegal_argument_exception","reason":"field [a] of type [java.lang.Integer] cannot be cast to [java.lang.String]"}}]}`)
	expect(t, s, "PUT", "/_ingest/pipeline/dt", `{"processors":[{"date":{"field":"t","formats":["dd/MM/yyyy HH:mm","UNIX_MS"]}}]}`, 200, "")
	expect(t, s, "POST", "/_ingest/pipeline/dt/_simulate", `{"docs":[{"_source":{"t":"05/01/2024 10:30"}},{"_source":{"t":1700000000000}},{"_source":{"t":"bad"}}]}`, 200,
		`{"docs":[{"doc":{"_index":"_index","_id":"_id","_source":{"@timestamp":"2024-01-05T10:30:00.000Z","t":"05/01/2024 10:30"}<**>"@timestamp":"2023-11-14T22:13:20.000Z"<**>"reason":"unable to parse date [bad]"<**>`)
}

func TestIngestReindexAndUpdateByQuery(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"p","value":"{{_index}}"}},{"drop":{"if":"ctx.k == 'drop'"}}]}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", "{\"index\":{\"_index\":\"src\",\"_id\":\"1\"}}\n{\"k\":\"a\"}\n{\"index\":{\"_index\":\"src\",\"_id\":\"2\"}}\n{\"k\":\"drop\"}\n", 200, "")
	expect(t, s, "POST", "/_reindex?refresh=true", `{"source":{"index":"src"},"dest":{"index":"dst","pipeline":"p"}}`, 200,
		`{"took":<*>,"timed_out":false,"total":2,"updated":0,"created":1,"deleted":0,"batches":1,"version_conflicts":0,"noops":1,<**>`)
	expect(t, s, "GET", "/dst/_source/1", "", 200, `{"p":"dst","k":"a"}`)
	expect(t, s, "GET", "/dst/_doc/2", "", 404, "")
	expect(t, s, "POST", "/src/_update_by_query?pipeline=p&refresh=true", "", 200,
		`{"took":<*>,"timed_out":false,"total":2,"updated":1,"deleted":0,"batches":1,"version_conflicts":0,"noops":1,<**>`)
	expect(t, s, "GET", "/src/_source/1", "", 200, `{"p":"src","k":"a"}`)
	expect(t, s, "GET", "/src/_source/2", "", 200, `{"k":"drop"}`)
}

// TestReindexWithoutSource: a source index with _source disabled fails the
// reindex with Reindexer's message instead of copying documents.
func TestReindexWithoutSource(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/nosrc", `{"mappings":{"_source":{"enabled":false}}}`, 200, "")
	expect(t, s, "PUT", "/nosrc/_doc/1?refresh=true", `{"age":23}`, 201, "")
	expect(t, s, "POST", "/_reindex", `{"source":{"index":"nosrc"},"dest":{"index":"dest"}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[nosrc][1] didn't store _source"}],"type":"illegal_argument_exception","reason":"[nosrc][1] didn't store _source"},"status":400}`)
}

func TestIngestNodeStats(t *testing.T) {
	s := newTestServer(t, WithNodes(2))
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"a","value":1,"tag":"t"}},{"fail":{"message":"no","if":"ctx.b != null"}}]}`, 200, "")
	expect(t, s, "PUT", "/i/_doc/1?pipeline=p", `{}`, 201, "")
	expect(t, s, "PUT", "/i/_doc/2?pipeline=p", `{"b":1}`, 500, "")
	body := expect(t, s, "GET", "/_nodes/stats/ingest?filter_path=nodes.*.ingest", "", 200, "")
	node0 := `{"total":{"count":2,"time_in_millis":0,"current":0,"failed":1},"pipelines":{"p":{"count":2,"time_in_millis":0,"current":0,"failed":1,"processors":[` +
		`{"set:t":{"type":"set","stats":{"count":2,"time_in_millis":0,"current":0,"failed":0}}},{"fail":{"type":"fail","stats":{"count":1,"time_in_millis":0,"current":0,"failed":1}}}]}}}`
	zero := `{"total":{"count":0,"time_in_millis":0,"current":0,"failed":0},"pipelines":{"p":{"count":0,"time_in_millis":0,"current":0,"failed":0,"processors":[` +
		`{"set:t":{"type":"set","stats":{"count":0,"time_in_millis":0,"current":0,"failed":0}}},{"fail":{"type":"fail","stats":{"count":0,"time_in_millis":0,"current":0,"failed":0}}}]}}}`
	node0, zero = `{"ingest":`+node0+`}`, `{"ingest":`+zero+`}`
	if !jsonLike(`{"nodes":{<*>:`+node0+`,<*>:`+zero+`}}`, body) && !jsonLike(`{"nodes":{<*>:`+zero+`,<*>:`+node0+`}}`, body) {
		t.Errorf("ingest stats %s", body)
	}
}

// TestIngestNotOnUpdate: default and final pipelines apply to index requests,
// not to the partial document of an update.
func TestIngestNotOnUpdate(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"by","value":"p"}}]}`, 200, "")
	expect(t, s, "PUT", "/u", `{"settings":{"index.default_pipeline":"p","index.final_pipeline":"p"}}`, 200, "")
	expect(t, s, "PUT", "/u/_doc/2", `{"a":2}`, 201, "")
	expect(t, s, "POST", "/u/_update/2", `{"doc":{"a":3}}`, 200, "")
	expect(t, s, "GET", "/u/_source/2", "", 200, `{"a":3,"by":"p"}`)
}

func TestIngestHelpers(t *testing.T) {
	s := newTestServer(t)
	if err := s.PutPipeline("h", map[string]any{"processors": []any{map[string]any{"uppercase": map[string]any{"field": "a"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutPipeline("bad", `{"processors":[{"nope":{}}]}`); err == nil || err.Error() != "parse_exception: No processor type exists with name [nope]" {
		t.Errorf("bad pipeline: %v", err)
	}
	expect(t, s, "PUT", "/h/_doc/1?pipeline=h", `{"a":"x"}`, 201, "")
	expect(t, s, "GET", "/h/_source/1", "", 200, `{"a":"X"}`)
	if err := s.DeletePipeline("h*"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeletePipeline("h"); err == nil {
		t.Error("deleted a missing pipeline")
	}
}
