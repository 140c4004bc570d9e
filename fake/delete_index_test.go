package fake

import "testing"

// TestDeleteIndexOptions follows DeleteIndexRequest's IndicesOptions
// (ignore_unavailable=false, allow_no_indices=true, open and closed, aliases
// ignored) through IndexNameExpressionResolver and TransportDeleteIndexAction
// (nothing to delete answers acknowledged).
func TestDeleteIndexOptions(t *testing.T) {
	s := newTestServer(t)
	for _, n := range []string{"logs-1", "logs-2"} {
		expect(t, s, "PUT", "/"+n, `{"settings":{"number_of_replicas":0}}`, 200, "")
	}
	expect(t, s, "PUT", "/logs-1/_alias/current", "", 200, `{"acknowledged":true}`)
	ack := `{"acknowledged":true}`
	notFound := func(name, typ string) string {
		return `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [` + name + `]","index":"` + name + `","resource.id":"` + name + `","resource.type":"` + typ + `","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [` + name + `]","index":"` + name + `","resource.id":"` + name + `","resource.type":"` + typ + `","index_uuid":"_na_"},"status":404}`
	}
	aliasErr := `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"The provided expression [current] matches an alias, specify the corresponding concrete indices instead."}],"type":"illegal_argument_exception","reason":"The provided expression [current] matches an alias, specify the corresponding concrete indices instead."},"status":400}`

	expect(t, s, "DELETE", "/missing", "", 404, notFound("missing", "index_or_alias"))
	expect(t, s, "DELETE", "/missing?ignore_unavailable=true", "", 200, ack)
	expect(t, s, "DELETE", "/missing?ignore_unavailable=true&allow_no_indices=false", "", 404, notFound("missing", "index_expression"))
	expect(t, s, "DELETE", "/logs-1,missing", "", 404, notFound("missing", "index_or_alias"))
	expect(t, s, "DELETE", "/nomatch*", "", 200, ack)
	expect(t, s, "DELETE", "/nomatch*?allow_no_indices=false", "", 404, notFound("nomatch*", "index_or_alias"))

	// An alias never deletes the index behind it.
	expect(t, s, "DELETE", "/current", "", 400, aliasErr)
	expect(t, s, "DELETE", "/current?ignore_unavailable=true", "", 200, ack)
	expect(t, s, "DELETE", "/current?ignore_unavailable=true&allow_no_indices=false", "", 400, aliasErr)
	expect(t, s, "DELETE", "/curr*", "", 200, ack)
	expect(t, s, "HEAD", "/logs-1", "", 200, "")

	expect(t, s, "DELETE", "/logs-2,missing?ignore_unavailable=true", "", 200, ack)
	expect(t, s, "HEAD", "/logs-2", "", 404, "")
	expect(t, s, "DELETE", "/_all", "", 200, ack)
	expect(t, s, "HEAD", "/logs-1", "", 404, "")
	expect(t, s, "DELETE", "/_all", "", 200, ack)
	expect(t, s, "DELETE", "/*", "", 200, ack)
}
