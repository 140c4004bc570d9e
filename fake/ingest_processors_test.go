package fake

import (
	"strings"
	"testing"
)

// simulate runs one processor over one document and checks the result.
func simulate(t *testing.T, s *Server, processor, doc string, status int, want string) {
	t.Helper()
	expect(t, s, "POST", "/_ingest/pipeline/_simulate", `{"pipeline":{"processors":[`+processor+`]},"docs":[{"_index":"i","_id":"1","_source":`+doc+`}]}`, status, want)
}

func TestIngestTextProcessors(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"bytes":{"field":"b","target_field":"n"}}`, `{"b":"1.5kb"}`, 200, `{"docs":[{"doc":{<**>"_source":{<**>"n":1536<**>}<**>}}]}`)
	simulate(t, s, `{"bytes":{"field":"b"}}`, `{"b":"12"}`, 200, `{"docs":[{"error":{"root_cause":[{"type":"parse_exception","reason":"failed to parse setting [b] with value [12] as a size in bytes: unit is missing or unrecognized"}]<**>`)
	simulate(t, s, `{"urldecode":{"field":"u"}}`, `{"u":"a%20b+c%2Fd"}`, 200, `{"docs":[{"doc":{<**>"_source":{"u":"a b c/d"}<**>}}]}`)
	simulate(t, s, `{"dissect":{"field":"m","pattern":"%{a} %{+a} %{?skip} [%{*k}] %{&k->} %{c}","append_separator":" "}}`, `{"m":"x y z [key] val   end"}`, 200,
		`{"docs":[{"doc":{<**>"_source":{"a":"x y","c":"end","m":"x y z [key] val   end","key":"val"}<**>}}]}`)
	simulate(t, s, `{"dissect":{"field":"m","pattern":"%{a},%{b}"}}`, `{"m":"no commas"}`, 200, `{"docs":[{"error":{"root_cause":[{"type":"find_match","reason":"Unable to find match for dissect pattern: %{a},%{b} against source: no commas"}]<**>`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"dissect":{"field":"m","pattern":"no keys"}}]}`, 500, `<**>"reason":"Unable to parse pattern: no keys Reason: Unable to find any keys or delimiters."<**>`)
	simulate(t, s, `{"kv":{"field":"q","field_split":"&","value_split":"=","target_field":"p","exclude_keys":["x"],"prefix":"k_"}}`, `{"q":"a=1&b=2&a=3&x=9"}`, 200,
		`{"docs":[{"doc":{<**>"p":{<**>"k_a":["1","3"]<**>"k_b":"2"<**>}<**>}}]}`)
	simulate(t, s, `{"kv":{"field":"q","field_split":"&","value_split":"="}}`, `{"q":"a=1&b"}`, 200, `<**>"reason":"field [q] does not contain value_split [=]"<**>`)
}

func TestIngestFieldProcessors(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"copy":{"source_field":"a","target_field":"b.c","remove_source":true}}`, `{"a":{"x":[1]}}`, 200, `{"docs":[{"doc":{<**>"_source":{"b":{"c":{"x":[1]}}}<**>}}]}`)
	simulate(t, s, `{"copy":{"source_field":"a","target_field":"b"}}`, `{"a":1,"b":2}`, 200, `<**>"reason":"target field [b] already exists"<**>`)
	simulate(t, s, `{"copy":{"source_field":"a","target_field":"a"}}`, `{"a":1}`, 200, `<**>"reason":"source field path and target field path cannot be same"<**>`)
	simulate(t, s, `{"remove_by_pattern":{"field_pattern":["fo*","x"]}}`, `{"foo":1,"fob":2,"bar":3,"x":4}`, 200, `{"docs":[{"doc":{<**>"_source":{"bar":3}<**>}}]}`)
	simulate(t, s, `{"remove_by_pattern":{"exclude_field_pattern":"b*"}}`, `{"foo":1,"bar":3}`, 200, `{"docs":[{"doc":{<**>"_source":{"bar":3}<**>}}]}`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"remove_by_pattern":{"field_pattern":"_id"}}]}`, 400,
		`<**>"reason":"[field_pattern] Validation Failed: 1: field_pattern [_id] must not start with '_';"<**>`)
	// The SHA-1 of "|a|1:1|b|3:[x]|" in base64, as FingerprintProcessor writes it.
	simulate(t, s, `{"fingerprint":{"fields":["b","a"]}}`, `{"a":1,"b":["x"]}`, 200, `{"docs":[{"doc":{<**>"fingerprint":"SHA-1@2.16.0:`+sha1Base64("|a|1:1|b|3:[x]|")+`"<**>}}]}`)
	// SHA3-256 of "|m.x|1:v|m.y|4:true|" (nested map keys flattened and sorted).
	simulate(t, s, `{"fingerprint":{"exclude_fields":["a"],"hash_method":"SHA3-256@2.16.0","target_field":"h"}}`, `{"a":1,"m":{"y":true,"x":"v"}}`, 200,
		`{"docs":[{"doc":{<**>"h":"SHA3-256@2.16.0:MfZHTPaSf+Zft5bnd1fhoNaem/3iinTiMg/B9wpVRf0="<**>}}]}`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"fingerprint":{"hash_method":"crc"}}]}`, 400, `<**>"reason":"[hash_method] hash method must be MD5@2.16.0, SHA-1@2.16.0, SHA-256@2.16.0 or SHA3-256@2.16.0"<**>`)
}

// An update's upsert (or doc with doc_as_upsert) goes through the index's
// pipelines before the update runs; an update with neither gets
// TransportBulkAction's deprecation warning instead.
func TestIngestUpdatePipelines(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"seen","value":true}}]}`, 200, "")
	expect(t, s, "PUT", "/t", `{"settings":{"index.default_pipeline":"p"}}`, 200, "")
	expect(t, s, "POST", "/t/_update/1", `{"script":"ctx._source.s = 1","upsert":{"u":1}}`, 201, "")
	expect(t, s, "GET", "/t/_source/1", "", 200, `{"u":1,"seen":true}`) // HashMap order
	expect(t, s, "POST", "/t/_update/2", `{"doc":{"d":1},"doc_as_upsert":true}`, 201, "")
	expect(t, s, "GET", "/t/_source/2", "", 200, `{"d":1,"seen":true}`)
	code, h, _ := call(t, s, "POST", "/t/_update/2", `{"doc":{"d":2}}`)
	if code != 200 || !strings.Contains(h.Get("Warning"), "the index [t] has a default ingest pipeline or a final ingest pipeline") {
		t.Errorf("plain update: %d, Warning %q", code, h.Get("Warning"))
	}
	expect(t, s, "PUT", "/t/_doc/3?pipeline=", `{}`, 400, `<**>"reason":"Validation Failed: 1: pipeline cannot be an empty string;"<**>`)
}

// Nodes info lists the ingest processors the fake runs and the modules whose
// features it serves.
func TestNodesInfoProcessorsAndModules(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_nodes/ingest,plugins", "", 200,
		`{<**>"plugins":[{"name":"opensearch-knn",<**>}],"modules":[{"name":"analysis-common",<**>{"name":"ingest-common",<**>"extended_plugins":["lang-painless"],"has_native_controller":false},{"name":"lang-painless",<**>{"name":"reindex",<**>],"ingest":{"processors":[{"type":"append"},{"type":"bytes"},{"type":"community_id"},{"type":"convert"},{"type":"copy"},<**>{"type":"urldecode"}]}}}}`)
}

func TestIngestRenameRemoveAndPipelineOptions(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"rename":{"field":"a","target_field":"b","override_target":true}}`, `{"a":1,"b":2}`, 200, `{"docs":[{"doc":{<**>"_source":{"b":1}<**>}}]}`)
	simulate(t, s, `{"rename":{"field":"{{x}}","target_field":"b"}}`, `{"a":1}`, 200, `<**>"reason":"field path cannot be null nor empty"<**>`)
	simulate(t, s, `{"remove":{"field":"{{x}}"}}`, `{"x":"nope"}`, 200, `<**>"reason":"field [nope] doesn't exist"<**>`)
	simulate(t, s, `{"remove":{"field":"_index"}}`, `{}`, 200, `<**>"reason":"cannot remove metadata field [_index]"<**>`)
	simulate(t, s, `{"pipeline":{"name":"missing","ignore_missing_pipeline":true}}`, `{"a":1}`, 200, `{"docs":[{"doc":{<**>"_source":{"a":1}<**>}}]}`)
	simulate(t, s, `{"pipeline":{"name":"missing"}}`, `{}`, 200, `{"docs":[{"error":{"root_cause":[{"type":"illegal_state_exception","reason":"Pipeline processor configured for non-existent pipeline [missing]"}]<**>`)
	// Verbose: a missing pipeline fails the request; a cycle is the call's
	// only entry, found by a run on a copy before the traced one.
	expect(t, s, "POST", "/_ingest/pipeline/_simulate?verbose", `{"pipeline":{"processors":[{"pipeline":{"name":"missing"}}]},"docs":[{"_source":{}}]}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Pipeline processor configured for non-existent pipeline [missing]"}]<**>`)
	expect(t, s, "PUT", "/_ingest/pipeline/a", `{"processors":[{"set":{"field":"x","value":1}},{"pipeline":{"name":"b"}}]}`, 200, "")
	expect(t, s, "PUT", "/_ingest/pipeline/b", `{"processors":[{"pipeline":{"name":"a"}}]}`, 200, "")
	expect(t, s, "POST", "/_ingest/pipeline/_simulate?verbose", `{"pipeline":{"processors":[{"pipeline":{"name":"a"}}]},"docs":[{"_source":{}}]}`, 200,
		`{"docs":[{"processor_results":[{"processor_type":"pipeline","status":"error","error":{<**>"reason":"Cycle detected for pipeline: a"<**>}}]}]}`)
}

// Ingest scripts may call the Processors class; other contexts cannot.
func TestIngestScriptProcessorsClass(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"script":{"source":"ctx.b = Processors.bytes(ctx.s); ctx.u = Processors.uppercase(ctx.w); ctx.d = Processors.urlDecode(ctx.q); Processors.json(ctx, 'j')"}}`,
		`{"s":"2kb","w":"abc","q":"a%2Bb+c","j":"{\"k\":[1,2]}"}`, 200, `{"docs":[{"doc":{<**>"b":2048<**>"d":"a+b c","u":"ABC"<**>"k":[1,2]}<**>}}]}`)
	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{"w":"x"}`, 201, "")
	expect(t, s, "POST", "/t/_update/1", `{"script":"ctx._source.w = Processors.uppercase(ctx._source.w)"}`, 400, `<**>"reason":"compile error"<**>`)
}

// A bulk whose items went through a pipeline reports ingest_took; the
// ingest batch size is at least one.
func TestBulkIngestTookAndBatchSize(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"x","value":1}}]}`, 200, "")
	expect(t, s, "POST", "/_bulk", "{\"index\":{\"_index\":\"t\",\"_id\":\"1\",\"pipeline\":\"p\"}}\n{}\n", 200, `{"took":<*>,"ingest_took":0,"errors":false,<**>`)
	expect(t, s, "POST", "/_bulk", "{\"index\":{\"_index\":\"t\",\"_id\":\"2\"}}\n{}\n", 200, `{"took":<*>,"errors":false,<**>`)
	expect(t, s, "POST", "/_bulk?batch_size=0", "{\"index\":{\"_index\":\"t\",\"_id\":\"3\"}}\n{}\n", 400, `<**>"reason":"batch_size must be greater than 0"<**>`)
}

// The Community ID v1 hash of a flow is the same in both directions (the
// spec's TCP example), one-way ICMP keeps its order, and bad input is named.
func TestIngestCommunityID(t *testing.T) {
	s := newTestServer(t)
	proc := `{"community_id":{"source_ip_field":"s","destination_ip_field":"d","source_port_field":"sp","destination_port_field":"dp","protocol_field":"p","icmp_type_field":"t","icmp_code_field":"c"}}`
	simulate(t, s, proc, `{"s":"128.232.110.120","d":"66.35.250.204","sp":34855,"dp":80,"p":"tcp"}`, 200, `<**>"community_id":"1:LQU9qZlK+B5F3KDmev6m5PMibrg="<**>`)
	simulate(t, s, proc, `{"d":"128.232.110.120","s":"66.35.250.204","dp":34855,"sp":80,"p":"TCP"}`, 200, `<**>"community_id":"1:LQU9qZlK+B5F3KDmev6m5PMibrg="<**>`)
	simulate(t, s, proc, `{"s":"1.1.1.1","d":"2.2.2.2","p":"udp","sp":70000,"dp":1}`, 200, `<**>"reason":"both source port and destination port must be between 0 and 65535, but port in the field path [sp] is [70000]"<**>`)
	simulate(t, s, proc, `{"s":"","d":"2.2.2.2","p":"icmp","t":3,"c":1}`, 200, `<**>"reason":"ip address in the field [s] is null or empty"<**>`)
	simulate(t, s, proc, `{"s":"1.1.1.1","d":"::1","p":"icmp","t":3,"c":1}`, 200, `<**>"reason":"source ip and destination ip must have same format"<**>`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"community_id":{"source_ip_field":"s","destination_ip_field":"d","seed":70000}}]}`, 400, `<**>"reason":"[seed] seed must be between 0 and 65535"<**>`)
}
