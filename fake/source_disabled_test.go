package fake

import "testing"

// With _source disabled in the mapping, GET, _source and search hits have no
// source to show.
func TestSourceDisabled(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t", `{"mappings":{"_source":{"enabled":false},"properties":{"f":{"type":"keyword"}}}}`, 200, "")
	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{"f":"a"}`, 201, "")
	expect(t, s, "GET", "/t/_doc/1", "", 200, `{"_index":"t","_id":"1","_version":1,"_seq_no":0,"_primary_term":1,"found":true}`)
	expect(t, s, "GET", "/t/_source/1", "", 404, `{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"Source not found [t]/[1]"}]<**>`)
	expect(t, s, "POST", "/t/_search?filter_path=hits.hits", `{"query":{"term":{"f":"a"}}}`, 200, `{"hits":{"hits":[{"_index":"t","_id":"1","_score":<*>}]}}`)
}

// mget documents take routing, version and version_type; the underscored
// names 2.x dropped are unknown fields.
func TestMgetUnderscoredFieldsRefused(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t/_doc/1", `{}`, 201, "")
	expect(t, s, "POST", "/_mget", `{"docs":[{"_index":"t","_id":"1","_routing":"x"}]}`, 400, `<**>"reason":"failed to parse multi get request. unknown field [_routing]"<**>`)
	expect(t, s, "POST", "/_mget", `{"docs":[{"_index":"t","_id":"1","_version":1}]}`, 400, `<**>"reason":"failed to parse multi get request. unknown field [_version]"<**>`)
}
