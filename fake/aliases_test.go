package fake

import "testing"

func TestAliases(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/i1", `{"aliases":{"a1":{},"a2":{"routing":"b"},"a3":{"filter":{"term":{"f":"v"}}},"w":{"is_write_index":true}}}`, 200, "")
	expect(t, s, "GET", "/i1/_alias", "", 200, `{"i1":{"aliases":{"a1":{},"a2":{"index_routing":"b","search_routing":"b"},"a3":{"filter":{"term":{"f":"v"}}},"w":{"is_write_index":true}}}}`)
	expect(t, s, "PUT", "/i2", "", 200, "")
	expect(t, s, "PUT", "/i2/_alias/a1", "", 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_alias/a1", "", 200, `{"i1":{"aliases":{"a1":{}}},"i2":{"aliases":{"a1":{}}}}`)
	expect(t, s, "GET", "/_alias/a1,zz", "", 404, `{"error":"alias [zz] missing","status":404,"i1":{"aliases":{"a1":{}}},"i2":{"aliases":{"a1":{}}}}`)
	expect(t, s, "GET", "/a1/_settings?filter_path=*.settings.index.provided_name", "", 200, `{"i1":{"settings":{"index":{"provided_name":"i1"}}},"i2":{"settings":{"index":{"provided_name":"i2"}}}}`)
	expect(t, s, "GET", "/i1?filter_path=*.aliases.a1", "", 200, `{"i1":{"aliases":{"a1":{}}}}`)

	// Writes through aliases: a1 has two indexes and no write index.
	expect(t, s, "PUT", "/a1/_doc/1", `{}`, 400, `<**>"reason":"no write index is defined for alias [a1]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index"<**>`)
	expect(t, s, "PUT", "/w/_doc/1", `{"f":"v"}`, 201, `{"_index":"i1","_id":"1",<**>`)
	expect(t, s, "PUT", "/a2/_doc/2", `{}`, 201, `{"_index":"i1","_id":"2",<**>`)
	expect(t, s, "GET", "/i1/_doc/2?filter_path=_routing", "", 200, `{"_routing":"b"}`)
	expect(t, s, "GET", "/a2/_doc/2?filter_path=found", "", 200, `{"found":true}`)
	expect(t, s, "GET", "/a1/_doc/1", "", 400, `<**>"reason":"alias [a1] has more than one index associated with it [i1, i2], can't execute a single index op"<**>`)
	expect(t, s, "PUT", "/i3/_doc/1?require_alias=true", `{}`, 404, `<**>"reason":"no such index [i3] and [require_alias] request flag is [true] and [i3] is not an alias"<**>`)
	expect(t, s, "PUT", "/w/_doc/3?require_alias=true", `{}`, 201, "")
	expect(t, s, "POST", "/a1/_refresh", "", 200, "")
	expect(t, s, "POST", "/a1/_count?filter_path=count", "", 200, `{"count":3}`)
	expect(t, s, "POST", "/a3/_count?filter_path=count", "", 200, `{"count":1}`) // only doc 1 has f:v

	expect(t, s, "PUT", "/i1/_alias/i2", "", 400, `<**>"type":"invalid_alias_name_exception","reason":"Invalid alias name [i2]: an index or data stream exists with the same name as the alias"<**>`)
	expect(t, s, "PUT", "/a1", "", 400, `<**>"reason":"Invalid index name [a1], already exists as alias"<**>`)
	expect(t, s, "DELETE", "/i2/_alias/a1", "", 200, `{"acknowledged":true}`)
	expect(t, s, "DELETE", "/i2/_alias/a1", "", 404, `{"error":{"root_cause":[{"type":"aliases_not_found_exception","reason":"aliases [a1] missing","resource.type":"aliases","resource.id":"a1"}],<**>`)
	expect(t, s, "PUT", "/a1/_doc/9", `{}`, 201, `{"_index":"i1",<**>`)
	expect(t, s, "PUT", "/_alias", `{"index":"i2","alias":"b1"}`, 200, `{"acknowledged":true}`)
	expect(t, s, "POST", "/i2/_aliases", `{"aliases":["b2","b3"]}`, 200, "")
	expect(t, s, "PUT", "/_alias/b4", `{"indices":["i1","i2"]}`, 200, "")
	expect(t, s, "GET", "/i2/_alias/b*", "", 200, `{"i2":{"aliases":{"b1":{},"b2":{},"b3":{},"b4":{}}}}`)
	expect(t, s, "PUT", "/_alias", `{"alias":"x"}`, 400, `<**>"reason":"One of [index] or [indices] is required"<**>`)
	expect(t, s, "PUT", "/i2/_alias", `{}`, 400, `<**>"reason":"One of [alias] or [aliases] is required"<**>`)
}

// POST /_aliases runs its actions in order; remove's must_exist decides
// when a missing alias fails; HEAD _alias answers 200 or 404.
func TestUpdateAliasesAndExists(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t", "", 200, "")
	expect(t, s, "HEAD", "/_alias/al", "", 404, "")
	expect(t, s, "POST", "/_aliases", `{"actions":[{"add":{"index":"t","alias":"al","routing":"r"}},{"add":{"indices":["t"],"aliases":["b1","b2"],"search_routing":"s"}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "HEAD", "/_alias/al", "", 200, "")
	expect(t, s, "HEAD", "/t/_alias/b*", "", 200, "")
	expect(t, s, "GET", "/t/_alias", "", 200, `{"t":{"aliases":{"al":{"index_routing":"r","search_routing":"r"},"b1":{"search_routing":"s"},"b2":{"search_routing":"s"}}}}`)
	// index_routing wins over routing whatever the order; a number is its text.
	expect(t, s, "POST", "/_aliases", `{"actions":[{"add":{"index":"t","alias":"r1","index_routing":"i","routing":"r"}},{"add":{"index":"t","alias":"r2","routing":5}}]}`, 200, "")
	expect(t, s, "GET", "/t/_alias/r*", "", 200, `{"t":{"aliases":{"r1":{"index_routing":"i","search_routing":"r"},"r2":{"index_routing":"5","search_routing":"5"}}}}`)
	// Removing then adding the same alias keeps it.
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove":{"index":"t","alias":"al"}},{"add":{"index":"t","alias":"al"}}]}`, 200, "")
	expect(t, s, "GET", "/_alias/al", "", 200, `{"t":{"aliases":{"al":{}}}}`)
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove":{"index":"t","alias":"nope"}}]}`, 404,
		`{"error":{"root_cause":[{"type":"aliases_not_found_exception","reason":"aliases [nope] missing","resource.type":"aliases","resource.id":"nope"}],<**>`)
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove":{"index":"t","aliases":["b1","nope"],"must_exist":true}}]}`, 404, `<**>"reason":"aliases [nope] missing"<**>`)
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove":{"index":"t","aliases":["b1","nope"]}}]}`, 200, "")
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove":{"index":"t","aliases":["x","y"],"must_exist":false}}]}`, 200, "")
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove":{"index":"t","aliases":[]}}]}`, 400, `<**>"reason":"[aliases] can't be empty"<**>`)
	expect(t, s, "HEAD", "/_alias/b1", "", 404, "")
	expect(t, s, "POST", "/_aliases", `{"actions":[{"remove_index":{"index":"t"}}]}`, 200, "")
	expect(t, s, "HEAD", "/t", "", 404, "")
}

// The put-alias body's index and alias override the path's; an unknown key
// is refused.
func TestPutAliasBodyOverridesPath(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t", "", 200, "")
	expect(t, s, "PUT", "/unknown/_alias/a1", `{"index":"t"}`, 200, "")
	expect(t, s, "PUT", "/t/_alias/ignored", `{"alias":"a2","indexRouting":"x"}`, 200, "")
	expect(t, s, "GET", "/t/_alias", "", 200, `{"t":{"aliases":{"a1":{},"a2":{"index_routing":"x"}}}}`)
	expect(t, s, "PUT", "/t/_alias/a3", `{"abc":1}`, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"unknown field [abc]"}],<**>`)
}
