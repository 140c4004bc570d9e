package fake

import "testing"

// Stored scripts: put (compiled first when a context is named), get, delete,
// and their use by id in updates, update by query and search scripts.
func TestStoredScripts(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_scripts/bump", `{"script":{"lang":"painless","source":"ctx._source.n += params.by"}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_scripts/bump", "", 200, `{"_id":"bump","found":true,"script":{"lang":"painless","source":"ctx._source.n += params.by"}}`)
	expect(t, s, "GET", "/_scripts/nope", "", 404, `{"_id":"nope","found":false}`)
	expect(t, s, "POST", "/_scripts/bad/score", `{"script":{"lang":"painless","source":"_score * foo bar"}}`, 400, `{"error":{"root_cause":[{"type":"script_exception","reason":"compile error",<**>`)
	expect(t, s, "GET", "/_scripts/bad", "", 404, "")
	expect(t, s, "PUT", "/_scripts/x", `{"script":{"source":"1"}}`, 400, `<**>"reason":"must specify lang for stored script"<**>`)

	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{"n":1}`, 201, "")
	expect(t, s, "POST", "/t/_update/1?refresh=true", `{"script":{"id":"bump","params":{"by":2}}}`, 200, `{<**>"result":"updated"<**>}`)
	expect(t, s, "GET", "/t/_source/1", "", 200, `{"n":3}`)
	expect(t, s, "POST", "/t/_update_by_query?refresh=true", `{"script":{"id":"bump","params":{"by":10}}}`, 200, `{<**>"updated":1,<**>}`)
	expect(t, s, "GET", "/t/_source/1", "", 200, `{"n":13}`)

	expect(t, s, "PUT", "/_scripts/twice", `{"script":{"lang":"painless","source":"doc['n'].value * 2"}}`, 200, "")
	expect(t, s, "POST", "/t/_search", `{"query":{"script_score":{"query":{"match_all":{}},"script":{"id":"twice"}}}}`, 200, `{<**>"max_score":26.0,<**>}`)

	expect(t, s, "DELETE", "/_scripts/bump", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/_scripts/bump", "", 404, `{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"stored script [bump] does not exist"}],<**>`)
	expect(t, s, "POST", "/t/_update/1", `{"script":{"id":"bump"}}`, 400, `<**>"reason":"unable to find script [bump] in cluster state"<**>`)
}
