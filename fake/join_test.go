package fake

import "testing"

// joinIndex creates a two-shard index with a question/answer/comment join
// and a small family of documents, children routed to their parent.
func joinIndex(t *testing.T, shards string) *Server {
	t.Helper()
	s := newTestServer(t)
	expect(t, s, "PUT", "/qa", `{"settings":{"number_of_shards":`+shards+`},"mappings":{"properties":{
		"rel":{"type":"join","relations":{"question":"answer","answer":"comment"}},
		"text":{"type":"text"},"votes":{"type":"integer"},"tag":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"qa","_id":"q1"}}
{"rel":"question","text":"how to cook rice","tag":"food"}
{"index":{"_index":"qa","_id":"q2"}}
{"rel":{"name":"question"},"text":"how to fix a bike","tag":"bike"}
{"index":{"_index":"qa","_id":"q3"}}
{"rel":"question","text":"an unanswered question","tag":"misc"}
{"index":{"_index":"qa","_id":"a1","routing":"q1"}}
{"rel":{"name":"answer","parent":"q1"},"text":"boil the rice in water","votes":3}
{"index":{"_index":"qa","_id":"a2","routing":"q1"}}
{"rel":{"name":"answer","parent":"q1"},"text":"steam rice rice rice","votes":7}
{"index":{"_index":"qa","_id":"a3","routing":"q2"}}
{"rel":{"name":"answer","parent":"q2"},"text":"take it to a shop","votes":1}
{"index":{"_index":"qa","_id":"c1","routing":"q1"}}
{"rel":{"name":"comment","parent":"a2"},"text":"rice is great"}
`, 200, `{<**>"errors":false<**>}`)
	return s
}

func TestJoinMapping(t *testing.T) {
	s := joinIndex(t, "1")
	expect(t, s, "GET", "/qa/_mapping?filter_path=*.*.*.rel", "", 200,
		`{"qa":{"mappings":{"properties":{"rel":{"type":"join","eager_global_ordinals":true,"relations":{"question":"answer","answer":"comment"}}}}}}`)
	expect(t, s, "PUT", "/qa/_doc/x?routing=q1", `{"rel":{"name":"nope","parent":"q1"}}`, 400,
		`{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"failed to parse"}],"type":"mapper_parsing_exception","reason":"failed to parse","caused_by":{"type":"illegal_argument_exception","reason":"unknown join name [nope] for field [rel]"}},"status":400}`)
	expect(t, s, "PUT", "/qa/_doc/x", `{"rel":{"name":"answer","parent":"q1"}}`, 400,
		`{<**>"caused_by":{"type":"illegal_argument_exception","reason":"[routing] is missing for join field [rel]"}},"status":400}`)
	expect(t, s, "PUT", "/qa/_doc/x?routing=q1", `{"rel":{"name":"answer"}}`, 400,
		`{<**>"caused_by":{"type":"illegal_argument_exception","reason":"[parent] is missing for join field [rel]"}},"status":400}`)
	expect(t, s, "PUT", "/qa/_doc/x?routing=q1", `{"rel":{"name":"answer","parent":"q1","x":"y"}}`, 400,
		`{<**>"caused_by":{"type":"illegal_argument_exception","reason":"unknown field name [x] in join field [rel]"}},"status":400}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"o":{"properties":{"j":{"type":"join","relations":{"a":"b"}}}}}}}`, 400,
		`{<**>"reason":"Failed to parse mapping [_doc]: join field [o.j] cannot be added inside an object or in a multi-field"<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"j":{"type":"join","relations":{"a":"b","c":["b","d"]}}}}}`, 400,
		`{<**>"reason":"Failed to parse mapping [_doc]: invalid definition for join field [j]:\n[[b] cannot have multiple parents]"<**>`)
	expect(t, s, "PUT", "/qa/_mapping", `{"properties":{"rel":{"type":"join","relations":{"question":"answer"}}}}`, 400,
		`{<**>"reason":"Mapper for [rel] conflicts with existing mapping:\n[cannot remove parent [answer] in join field [rel]]"<**>`)
	expect(t, s, "PUT", "/qa/_mapping", `{"properties":{"rel":{"type":"join","relations":{"question":["answer","note"],"answer":"comment"}}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "POST", "/qa/_search?filter_path=hits.hits._id", `{"query":{"term":{"rel":"answer"}},"sort":["_id"]}`, 200,
		`{"hits":{"hits":[{"_id":"a1"},{"_id":"a2"},{"_id":"a3"}]}}`)
	expect(t, s, "POST", "/qa/_search?filter_path=hits.hits._id", `{"query":{"term":{"rel#question":"q1"}},"sort":["_id"]}`, 200,
		`{"hits":{"hits":[{"_id":"a1"},{"_id":"a2"},{"_id":"q1"}]}}`)
}
