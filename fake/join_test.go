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

func TestJoinQueries(t *testing.T) {
	for _, shards := range []string{"1", "3"} {
		t.Run("shards="+shards, func(t *testing.T) {
			s := joinIndex(t, shards)
			hits := func(body, want string) {
				t.Helper()
				expect(t, s, "POST", "/qa/_search?filter_path=hits.total,hits.hits._id,hits.hits._score", body, 200, want)
			}
			hits(`{"query":{"has_child":{"type":"answer","query":{"match":{"text":"rice"}}}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"q1","_score":1.0}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"match_all":{}},"boost":2}},"sort":["_id"]}`,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"q1","_score":null},{"_id":"q2","_score":null}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"match_all":{}},"min_children":2}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"q1","_score":1.0}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"match_all":{}},"max_children":1}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"q2","_score":1.0}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"function_score":{"field_value_factor":{"field":"votes"}}},"score_mode":"sum"}}}`,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"q1","_score":10.0},{"_id":"q2","_score":1.0}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"function_score":{"field_value_factor":{"field":"votes"}}},"score_mode":"avg"}}}`,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"q1","_score":5.0},{"_id":"q2","_score":1.0}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"function_score":{"field_value_factor":{"field":"votes"}}},"score_mode":"min","boost":3}}}`,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"q1","_score":9.0},{"_id":"q2","_score":3.0}]}}`)
			hits(`{"query":{"has_child":{"type":"answer","query":{"function_score":{"field_value_factor":{"field":"votes"}}},"score_mode":"max"}}}`,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"q1","_score":7.0},{"_id":"q2","_score":1.0}]}}`)
			// A grandchild relation: answers with a comment.
			hits(`{"query":{"has_child":{"type":"comment","query":{"match_all":{}}}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"a2","_score":1.0}]}}`)
			hits(`{"query":{"has_parent":{"parent_type":"question","query":{"term":{"tag":"food"}}}},"sort":["_id"]}`,
				`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"a1","_score":null},{"_id":"a2","_score":null}]}}`)
			hits(`{"query":{"has_parent":{"parent_type":"answer","query":{"function_score":{"field_value_factor":{"field":"votes"}}},"score":true}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"c1","_score":7.0}]}}`)
			hits(`{"query":{"has_parent":{"parent_type":"answer","query":{"parent_id":{"type":"answer","id":"q1"}}}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"c1","_score":1.0}]}}`)
			hits(`{"query":{"parent_id":{"type":"answer","id":"q2"}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"a3","_score":<*>}]}}`)
			hits(`{"query":{"bool":{"must_not":{"has_child":{"type":"answer","query":{"match_all":{}}}},"filter":{"term":{"rel":"question"}}}}}`,
				`{"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_id":"q3","_score":0.0}]}}`)
			hits(`{"query":{"has_child":{"type":"nope","query":{"match_all":{}},"ignore_unmapped":true}}}`,
				`{"hits":{"total":{"value":0,"relation":"eq"}}}`)
		})
	}
}

func TestJoinQueryErrors(t *testing.T) {
	s := joinIndex(t, "1")
	expect(t, s, "PUT", "/plain", `{}`, 200, "")
	bad := func(index, body string, status int, want string) {
		t.Helper()
		expect(t, s, "POST", "/"+index+"/_search", body, status, want)
	}
	bad("qa", `{"query":{"has_child":{"type":"question","query":{"match_all":{}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"query_shard_exception","reason":"[has_child] join field [rel] doesn't hold [question] as a child","index":"qa","index_uuid":<*>}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"qa","node":<*>,"reason":{"type":"query_shard_exception","reason":"[has_child] join field [rel] doesn't hold [question] as a child","index":"qa","index_uuid":<*>}}],"caused_by":{"type":"query_shard_exception","reason":"[has_child] join field [rel] doesn't hold [question] as a child","index":"qa","index_uuid":<*>}},"status":400}`)
	bad("qa", `{"query":{"has_parent":{"parent_type":"comment","query":{"match_all":{}}}}}`, 400,
		`{<**>"reason":"[has_parent] join field [rel] doesn't hold [comment] as a parent"<**>`)
	bad("qa", `{"query":{"parent_id":{"type":"question","id":"1"}}}`, 400,
		`{<**>"reason":"[parent_id] no relation found for child [question]"<**>`)
	bad("plain", `{"query":{"parent_id":{"type":"answer","id":"1"}}}`, 400,
		`{<**>"reason":"[parent_id] no join field found for index [plain]"<**>`)
	bad("plain", `{"query":{"has_child":{"type":"answer","query":{"match_all":{}}}}}`, 400,
		`{<**>"reason":"[has_child] no join field has been configured"<**>`)
	bad("qa", `{"query":{"has_child":{"query":{"match_all":{}}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"[has_child] requires 'type' field"}],"type":"illegal_argument_exception","reason":"[has_child] requires 'type' field"},"status":400}`)
	bad("qa", `{"query":{"has_child":{"type":"answer","query":{"match_all":{}},"min_children":3,"max_children":2}}}`, 400,
		`{<**>"reason":"[has_child] 'max_children' is less than 'min_children'"<**>`)
	bad("qa", `{"query":{"has_child":{"type":"answer","query":{"match_all":{}},"score_mode":"x"}}}`, 400,
		`{<**>"reason":"No score mode for child query [x] found"<**>`)
	bad("qa", `{"query":{"has_parent":{"parent_type":"question","query":{"match_all":{}},"foo":1}}}`, 400,
		`{<**>"reason":"[has_parent] query does not support [foo]"<**>`)
	bad("qa", `{"query":{"parent_id":{"type":"answer","id":{}}}}`, 400,
		`{<**>"reason":"[parent_id] query does not support [id]"<**>`)
}

func TestJoinAggregations(t *testing.T) {
	for _, shards := range []string{"1", "3"} {
		t.Run("shards="+shards, func(t *testing.T) {
			s := joinIndex(t, shards)
			// The children of the matching questions, whether or not they match.
			expect(t, s, "POST", "/qa/_search?filter_path=aggregations&typed_keys", `{"size":0,"query":{"term":{"rel":"question"}},
				"aggs":{"tags":{"terms":{"field":"tag"},"aggs":{"answers":{"children":{"type":"answer"},"aggs":{"votes":{"sum":{"field":"votes"}}}}}}}}`, 200,
				`{"aggregations":{"sterms#tags":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[`+
					`{"key":"bike","doc_count":1,"children#answers":{"doc_count":1,"sum#votes":{"value":1.0}}},`+
					`{"key":"food","doc_count":1,"children#answers":{"doc_count":2,"sum#votes":{"value":10.0}}},`+
					`{"key":"misc","doc_count":1,"children#answers":{"doc_count":0,"sum#votes":{"value":0.0}}}]}}}`)
			// The parents of the matching answers.
			expect(t, s, "POST", "/qa/_search?filter_path=aggregations", `{"size":0,"query":{"range":{"votes":{"gte":2}}},
				"aggs":{"questions":{"parent":{"type":"answer"},"aggs":{"tags":{"terms":{"field":"tag"}}}}}}`, 200,
				`{"aggregations":{"questions":{"doc_count":1,"tags":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"food","doc_count":1}]}}}}`)
			expect(t, s, "POST", "/qa/_search?filter_path=aggregations", `{"size":0,"aggs":{"x":{"children":{"type":"nope"}}}}`, 200,
				`{"aggregations":{"x":{"doc_count":0}}}`)
		})
	}
	s := joinIndex(t, "1")
	expect(t, s, "POST", "/qa/_search", `{"aggs":{"x":{"children":{}}}}`, 400,
		`{<**>"reason":"Missing [child_type] field for children aggregation [x]"<**>`)
	expect(t, s, "POST", "/qa/_search", `{"aggs":{"x":{"parent":{"type":"answer","foo":"bar"}}}}`, 400,
		`{<**>"reason":"Unknown key for a VALUE_STRING in [x]: [foo]."<**>`)
}

func TestJoinInnerHits(t *testing.T) {
	for _, shards := range []string{"1", "2"} {
		t.Run("shards="+shards, func(t *testing.T) {
			s := joinIndex(t, shards)
			expect(t, s, "POST", "/qa/_search?filter_path=hits.hits._id,hits.hits.inner_hits", `{"query":{"has_child":{"type":"answer",
				"query":{"match":{"text":"rice"}},"inner_hits":{"_source":false}}}}`, 200,
				`{"hits":{"hits":[{"_id":"q1","inner_hits":{"answer":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":<*>,"hits":[`+
					`{"_index":"qa","_id":"a2","_score":<*>,"_routing":"q1"},{"_index":"qa","_id":"a1","_score":<*>,"_routing":"q1"}]}}}}]}}`)
			expect(t, s, "POST", "/qa/_search?filter_path=hits.hits._id,hits.hits.inner_hits", `{"query":{"has_child":{"type":"answer",
				"query":{"match_all":{}},"inner_hits":{"name":"best","size":1,"sort":[{"votes":"desc"}],"_source":["votes"]}}},"sort":["_id"]}`, 200,
				`{"hits":{"hits":[{"_id":"q1","inner_hits":{"best":{"hits":{"total":{"value":2,"relation":"eq"},"max_score":null,"hits":[`+
					`{"_index":"qa","_id":"a2","_score":null,"_routing":"q1","_source":{"votes":7},"sort":[7]}]}}}},`+
					`{"_id":"q2","inner_hits":{"best":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":null,"hits":[`+
					`{"_index":"qa","_id":"a3","_score":null,"_routing":"q2","_source":{"votes":1},"sort":[1]}]}}}}]}}`)
			expect(t, s, "POST", "/qa/_search?filter_path=hits.hits._id,hits.hits.inner_hits", `{"query":{"has_parent":{"parent_type":"question",
				"query":{"term":{"tag":"bike"}},"inner_hits":{}}}}`, 200,
				`{"hits":{"hits":[{"_id":"a3","inner_hits":{"question":{"hits":{"total":{"value":1,"relation":"eq"},"max_score":<*>,"hits":[`+
					`{"_index":"qa","_id":"q2","_score":<*>,"_source":{"rel":{"name":"question"},"text":"how to fix a bike","tag":"bike"}}]}}}}]}}`)
		})
	}
}
