package fake

import "testing"

// PUT _mapping as RestPutMappingAction and the mapping parser read it: a
// body typed under _doc is refused, dotted property names are objects,
// "default" names the index's default analyzer, and dynamic takes
// strict_allow_templates (strict, except for what a template maps).
func TestPutMappingFidelity(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/pm", "", 200, "")
	expect(t, s, "PUT", "/pm/_mapping", `{"_doc":{"properties":{"f":{"type":"keyword"}}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Types cannot be provided in put mapping requests"}]<**>`)
	expect(t, s, "PUT", "/pm/_mapping", `{"properties":{"a.b.c":{"type":"text","analyzer":"default"},"a":{"properties":{"x":{"type":"keyword"}}}}}`, 200, "")
	expect(t, s, "GET", "/pm/_mapping", "", 200,
		`{"pm":{"mappings":{"properties":{"a":{"properties":{"b":{"properties":{"c":{"type":"text","analyzer":"default"}}},"x":{"type":"keyword"}}}}}}}`)

	expect(t, s, "PUT", "/sat", `{"mappings":{"dynamic":"strict_allow_templates","dynamic_templates":[{"strings":{"match":"foo*","match_mapping_type":"string","mapping":{"type":"keyword"}}}]}}`, 200, "")
	expect(t, s, "PUT", "/sat/_doc/1", `{"foo1":"x"}`, 201, "")
	expect(t, s, "PUT", "/sat/_doc/2", `{"bar":"x"}`, 400,
		`{"error":{"root_cause":[{"type":"strict_dynamic_mapping_exception","reason":"mapping set to strict_allow_templates, dynamic introduction of [bar] within [_doc] is not allowed"}]<**>`)
	expect(t, s, "GET", "/sat/_mapping", "", 200, `{"sat":{"mappings":{"dynamic":"strict_allow_templates",<**>"properties":{"foo1":{"type":"keyword"}}}}}`)
}

// A query_string regular expression on a text field is normalized by the
// field's analyzer first: /UPPERCASE/ finds the indexed "uppercase".
func TestQueryStringRegexpNormalized(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/qr/_doc/1?refresh=true", `{"text":"sentence with UPPERCASE WORDS"}`, 201, "")
	expect(t, s, "POST", "/qr/_search", `{"query":{"query_string":{"default_field":"text","query":"/UPPER.*/"}}}`, 200,
		`{<**>"hits":{"total":{"value":1,"relation":"eq"},"max_score":1.0,<**>`)
}
