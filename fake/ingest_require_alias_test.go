package fake

import "testing"

// require_alias is checked on the index a pipeline sends the document to,
// after the pipeline ran, and nothing is created when it fails.
func TestRequireAliasAfterPipelineSetsIndex(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"set":{"field":"_index","value":"the_alias"}}]}`, 200, "")
	expect(t, s, "PUT", "/ra/_doc/1?pipeline=p&require_alias=true", `{"foo":"bar"}`, 404,
		`{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [the_alias] and [require_alias] request flag is [true] and [the_alias] is not an alias",<**>`)
	expect(t, s, "HEAD", "/ra", "", 404, "")
	expect(t, s, "HEAD", "/the_alias", "", 404, "")
	expect(t, s, "PUT", "/backing", `{"aliases":{"the_alias":{}}}`, 200, "")
	expect(t, s, "PUT", "/ra/_doc/1?pipeline=p&require_alias=true&refresh=true", `{"foo":"bar"}`, 201, `{"_index":"backing",<**>`)
	expect(t, s, "GET", "/backing/_doc/1", "", 200, `{<**>"_source":{"foo":"bar"}}`)
}
