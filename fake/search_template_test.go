package fake

import "testing"

// Search templates: inline and stored mustache templates rendered into
// searches, _render/template and _msearch/template.
func TestSearchTemplates(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/books", `{"settings":{"number_of_shards":2},"mappings":{"properties":{"title":{"type":"text"},"tags":{"type":"keyword"},"year":{"type":"integer"}}}}`, 200, "")
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"books","_id":"1"}}
{"title":"go in action","tags":["go","code"],"year":2015}
{"index":{"_index":"books","_id":"2"}}
{"title":"the go programming language","tags":["go"],"year":2015}
{"index":{"_index":"books","_id":"3"}}
{"title":"rust in action","tags":["rust"],"year":2021}
`, 200, `{<**>"errors":false<**>}`)
	expect(t, s, "POST", "/books/_search/template?filter_path=hits.hits._id", `{"source":"{\"query\":{\"terms\":{\"tags\":{{#toJson}}tags{{/toJson}}}},\"sort\":[\"{{sort}}\"],\"size\":\"{{size}}\"}",
		"params":{"tags":["rust","code"],"sort":"_id","size":5}}`, 200, `{"hits":{"hits":[{"_id":"1"},{"_id":"3"}]}}`)
	expect(t, s, "POST", "/books/_search/template?filter_path=hits.total,hits.hits._id", `{"source":"{\"query\":{\"match\":{\"title\":\"{{q}}\"}},\"sort\":[\"_id\"]{{#limit}},\"size\":{{limit}}{{/limit}}}","params":{"q":"go","limit":1}}`, 200,
		`{"hits":{"total":{"value":2,"relation":"eq"},"hits":[{"_id":"1"}]}}`)
	expect(t, s, "PUT", "/_scripts/by_year", `{"script":{"lang":"mustache","source":{"query":{"term":{"year":"{{year}}"}},"sort":["_id"]}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "GET", "/_scripts/by_year", "", 200,
		`{"_id":"by_year","found":true,"script":{"lang":"mustache","source":"{\"query\":{\"term\":{\"year\":\"{{year}}\"}},\"sort\":[\"_id\"]}"}}`)
	expect(t, s, "GET", "/books/_search/template?filter_path=hits.hits._id", `{"id":"by_year","params":{"year":2015}}`, 200, `{"hits":{"hits":[{"_id":"1"},{"_id":"2"}]}}`)
	expect(t, s, "POST", "/_render/template/by_year", `{"params":{"year":2021}}`, 200,
		`{"template_output":{"query":{"term":{"year":"2021"}},"sort":["_id"]}}`)
	expect(t, s, "POST", "/_render/template", `{"source":"{\"query\":{\"match\":{\"title\":\"{{q}}\"}}}","params":{"q":"say \"hi\""}}`, 200,
		`{"template_output":{"query":{"match":{"title":"say \"hi\""}}}}`)
	expect(t, s, "POST", "/books/_msearch/template?filter_path=responses.hits.hits._id", `{}
{"id":"by_year","params":{"year":2021}}
{"index":"books"}
{"source":{"query":{"ids":{"values":["{{id}}"]}}},"params":{"id":"2"}}
`, 200, `{"responses":[{"hits":{"hits":[{"_id":"3"}]}},{"hits":{"hits":[{"_id":"2"}]}}]}`)

	expect(t, s, "POST", "/books/_search/template", `{"id":"nope"}`, 404,
		`{"error":{"root_cause":[{"type":"resource_not_found_exception","reason":"unable to find script [nope] in cluster state"}],"type":"resource_not_found_exception","reason":"unable to find script [nope] in cluster state"},"status":404}`)
	expect(t, s, "POST", "/books/_search/template", `{"params":{}}`, 400,
		`{<**>"reason":"Validation Failed: 1: template's script is missing;2: template's script type is missing;"<**>`)
	expect(t, s, "POST", "/books/_search/template", `{"source":"{{#a}}","foo":1}`, 400,
		`{<**>"reason":"[1:20] [search_template] unknown field [foo]"<**>`)
	expect(t, s, "POST", "/_render/template", `{"source":"{{#a}}x"}`, 400,
		`{"error":{"root_cause":[{"type":"script_exception","reason":"Failed to close 'a' tag @[query-template:1]","script_stack":[],"script":"{{#a}}x","lang":"mustache"}],"type":"script_exception","reason":"Failed to close 'a' tag @[query-template:1]","script_stack":[],"script":"{{#a}}x","lang":"mustache","caused_by":{"type":"mustache_exception","reason":"Failed to close 'a' tag @[query-template:1]"}},"status":400}`)
	// A source that is not valid JSON once rendered fails as a search body does.
	expect(t, s, "POST", "/books/_search/template", `{"source":"{\"query\":{{q}}}","params":{"q":"x"}}`, 400, "")
}
