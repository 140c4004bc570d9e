package fake

import "testing"

// Completion suggestions with geo contexts: the mapping's precision, points
// given with the input or read from a geo_point path, neighbouring cells
// matched, and the errors.
func TestCompletionGeoContexts(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/hotels", `{"mappings":{"properties":{"loc":{"type":"geo_point"},
		"suggest":{"type":"completion","contexts":[{"name":"place","type":"geo","precision":"5km"}]},
		"by_loc":{"type":"completion","contexts":{"name":"place","type":"GEO","precision":4,"path":"loc"}}}}}`, 200, "")
	expect(t, s, "GET", "/hotels/_mapping?filter_path=*.*.*.suggest.contexts,*.*.*.by_loc.contexts", "", 200,
		`{"hotels":{"mappings":{"properties":{"by_loc":{"contexts":[{"name":"place","type":"GEO","precision":4,"path":"loc"}]},"suggest":{"contexts":[{"name":"place","type":"GEO","precision":5}]}}}}}`)
	expect(t, s, "POST", "/_bulk?refresh=true", `{"index":{"_index":"hotels","_id":"ams"}}
{"suggest":{"input":"Marriot Amsterdam","contexts":{"place":{"lat":52.22,"lon":4.53}}},"by_loc":"Marriot Amsterdam","loc":"52.22,4.53"}
{"index":{"_index":"hotels","_id":"ber"}}
{"suggest":{"input":"Marriot Berlin","contexts":{"place":[13.24,53.31]}},"by_loc":"Marriot Berlin","loc":[13.24,53.31]}
`, 200, `{<**>"errors":false<**>}`)
	suggest := func(field, ctx, want string) {
		t.Helper()
		expect(t, s, "POST", "/hotels/_search?filter_path=suggest.s.options._id,suggest.s.options.contexts",
			`{"suggest":{"s":{"prefix":"mar","completion":{"field":"`+field+`","contexts":{"place":`+ctx+`}}}}}`, 200, want)
	}
	suggest("suggest", `{"lat":52.2263,"lon":4.543}`, `{"suggest":{"s":[{"options":[{"_id":"ams","contexts":{"place":["u171p"]}}]}]}}`)
	suggest("suggest", `"u173"`, `{}`)
	suggest("suggest", `"u171p"`, `{"suggest":{"s":[{"options":[{"_id":"ams","contexts":{"place":["u171p"]}}]}]}}`)
	suggest("suggest", `{"context":"u171","precision":4}`, `{"suggest":{"s":[{"options":[{"_id":"ams","contexts":{"place":["u171p"]}}]}]}}`)
	suggest("suggest", `[{"lat":52.2263,"lon":4.543},{"context":{"lat":53.31,"lon":13.24},"boost":2}]`,
		`{"suggest":{"s":[{"options":[{"_id":"ber","contexts":{"place":["u33rm"]}},{"_id":"ams","contexts":{"place":["u171p"]}}]}]}}`)
	suggest("by_loc", `{"lat":53.3,"lon":13.2}`, `{"suggest":{"s":[{"options":[{"_id":"ber","contexts":{"place":["u33r"]}}]}]}}`)
	expect(t, s, "POST", "/hotels/_search", `{"suggest":{"s":{"prefix":"mar","completion":{"field":"suggest","contexts":{"place":[]}}}}}`, 400,
		`{<**>"reason":"Missing mandatory contexts in context query"<**>`)
	expect(t, s, "POST", "/hotels/_search", `{"suggest":{"s":{"prefix":"mar","completion":{"field":"suggest","contexts":{"place":3}}}}}`, 400,
		`{<**>"reason":"geo context must be an object or string"<**>`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"properties":{"name":{"type":"keyword"},"s":{"type":"completion","contexts":{"name":"p","type":"geo","path":"name"}}}}}`, 400,
		`{<**>"reason":"field [name] referenced in context [p] must be mapped to geo_point, found [keyword]"<**>`)
}
