package fake

import "testing"

// simError is the simulate body of one document that failed with typ and reason.
func simError(typ, reason string) string {
	e := `{"type":"` + typ + `","reason":"` + reason + `"}`
	return `{"docs":[{"error":{"root_cause":[` + e + `],` + e[1:len(e)-1] + `}}]}`
}

// simDoc is the simulate body of one document that came out with source.
func simDoc(source string) string {
	return `{"docs":[{"doc":{"_index":"i","_id":"1","_source":` + source + `,` + simulateTS + `}}]}`
}

// configErr is a put-pipeline configuration error body.
func configErr(reason, meta string) string {
	e := `{"type":"parse_exception","reason":"` + reason + `",` + meta + `}`
	return `{"error":{"root_cause":[` + e + `],` + e[1:len(e)-1] + `},"status":400}`
}

func TestIngestDotExpander(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"dot_expander":{"field":"a.b"}}`, `{"a.b":1}`, 200, simDoc(`{"a":{"b":1}}`))
	simulate(t, s, `{"dot_expander":{"field":"a.b"}}`, `{"a.b":1,"a":2}`, 200,
		simError("illegal_argument_exception", "cannot expend [a.b], because [a] is not an object field, but a value field"))
	// DotExpanderProcessor.Factory names "tag" as the processor type.
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"dot_expander":{"field":"ab","tag":"x"}}]}`, 400,
		configErr("[field] field does not contain a dot", `"processor_type":"tag","processor_tag":"x","property_name":"field"`))
}

func TestIngestForeach(t *testing.T) {
	s := newTestServer(t)
	upper := `{"foreach":{"field":"l","processor":{"uppercase":{"field":"_ingest._value"}}}}`
	simulate(t, s, upper, `{"l":["a","b"]}`, 200,
		`{"docs":[{"doc":{"_index":"i","_id":"1","_source":{"l":["A","B"]},"_ingest":{"_value":null,"timestamp":"2023-11-14T22:13:20Z"}}}]}`)
	simulate(t, s, upper, `{"l":["a",1]}`, 200,
		simError("illegal_argument_exception", "field [_ingest._value] of type [java.lang.Integer] cannot be cast to [java.lang.String]"))
	// Verbose: one step for the foreach, none for its inner processor.
	expect(t, s, "POST", "/_ingest/pipeline/_simulate?verbose", `{"pipeline":{"processors":[`+upper+`]},"docs":[{"_index":"i","_id":"1","_source":{"l":["a"]}}]}`, 200,
		`{"docs":[{"processor_results":[{"processor_type":"foreach","status":"success","doc":{"_index":"i","_id":"1","_source":{"l":["A"]},"_ingest":{"pipeline":"_simulate_pipeline","_value":null,"timestamp":"2023-11-14T22:13:20Z"}}}]}]}`)
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"foreach":{"field":"l","processor":{}}}]}`, 400,
		configErr("[processor] Must specify exactly one processor type", `"processor_type":"foreach","property_name":"processor"`))
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"foreach":{"field":"l","processor":{"nope":{}}}}]}`, 400,
		configErr("No processor type exists with name [nope]", `"processor_type":"nope"`))
}

func TestIngestSort(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"sort":{"field":"l","order":"desc"}}`, `{"l":[1,3,2]}`, 200, simDoc(`{"l":[3,2,1]}`))
	simulate(t, s, `{"sort":{"field":"l"}}`, `{"l":[{"a":1},"b"]}`, 200,
		simError("class_cast_exception", "class java.util.HashMap cannot be cast to class java.lang.Comparable (java.util.HashMap and java.lang.Comparable are in module java.base of loader 'bootstrap')"))
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"sort":{"field":"l","order":"x"}}]}`, 400,
		configErr("[order] Sort direction [x] not recognized. Valid values are: [asc, desc]", `"processor_type":"sort","property_name":"order"`))
}

func TestIngestHTMLStripAndCSV(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"html_strip":{"field":"h"}}`, `{"h":"<div>a<br/>b &lt;3</div>"}`, 200, simDoc(`{"h":"\na\nb <3\n"}`))
	simulate(t, s, `{"html_strip":{"field":"h"}}`, `{"h":null}`, 200, simError("illegal_argument_exception", "field [h] is null, cannot process it."))
	simulate(t, s, `{"csv":{"field":"c","target_fields":["x","y"]}}`, `{"c":"1,\"two, three\""}`, 200, simDoc(`{"c":"1,\"two, three\"","x":"1","y":"two, three"}`))
	simulate(t, s, `{"csv":{"field":"c","target_fields":["x"]}}`, `{"c":"\"x"}`, 200, simError("illegal_argument_exception", "Unmatched quote"))
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"csv":{"field":"c","target_fields":["a"],"separator":";;"}}]}`, 400,
		configErr("[separator] separator has to be single character like , or ;", `"processor_type":"csv","property_name":"separator"`))
}

// date_index_name sets a date math _index that simulate shows as is and
// the index request resolves.
func TestIngestDateIndexName(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"date_index_name":{"field":"d","index_name_prefix":"logs-","date_rounding":"M"}}`, `{"d":"2016-04-25T12:24:17.000+0000"}`, 200,
		`{"docs":[{"doc":{"_index":"<logs-{2016-04-25||/M{yyyy-MM-dd|UTC}}>","_id":"1","_source":{"d":"2016-04-25T12:24:17.000+0000"},`+simulateTS+`}}]}`)
	expect(t, s, "PUT", "/_ingest/pipeline/dn", `{"processors":[{"date_index_name":{"field":"d","index_name_prefix":"logs-","date_rounding":"M","date_formats":["yyyy-MM-dd"]}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/x/_doc/1?pipeline=dn", `{"d":"2016-04-25"}`, 201, `{"_index":"logs-2016-04-01","_id":"1",<**>`)
	expect(t, s, "GET", "/logs-2016-04-01/_source/1", "", 200, `{"d":"2016-04-25"}`)
	simulate(t, s, `{"date_index_name":{"field":"d","date_rounding":"d","date_formats":["UNIX_MS"]}}`, `{"d":"soon"}`, 200,
		simError("illegal_argument_exception", "unable to parse date [soon]"))
	expect(t, s, "PUT", "/_ingest/pipeline/p", `{"processors":[{"date_index_name":{"field":"d","date_rounding":"M","timezone":"Mars/Base"}}]}`, 500,
		`{"error":{"root_cause":[{"type":"zone_rules_exception","reason":"Unknown time-zone ID: Mars/Base"}],"type":"zone_rules_exception","reason":"Unknown time-zone ID: Mars/Base"},"status":500}`)
}

// Nodes info lists every ingest-common processor of 2.19.
func TestNodesInfoListsIngestCommon(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "GET", "/_nodes/ingest", "", 200, `{<**>"ingest":{"processors":[{"type":"append"},{"type":"bytes"},{"type":"community_id"},{"type":"convert"},{"type":"copy"},{"type":"csv"},{"type":"date"},{"type":"date_index_name"},{"type":"dissect"},{"type":"dot_expander"},{"type":"drop"},{"type":"fail"},{"type":"fingerprint"},{"type":"foreach"},{"type":"grok"},{"type":"gsub"},{"type":"html_strip"},{"type":"join"},{"type":"json"},{"type":"kv"},{"type":"lowercase"},{"type":"pipeline"},{"type":"remove"},{"type":"remove_by_pattern"},{"type":"rename"},{"type":"script"},{"type":"set"},{"type":"sort"},{"type":"split"},{"type":"trim"},{"type":"uppercase"},{"type":"urldecode"}]}}}}`)
}
