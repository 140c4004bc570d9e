package fake

import "testing"

func TestIngestSimulateVerbose(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/inner", `{"processors":[{"set":{"field":"inner","value":true}}]}`, 200, "")
	ing := `"_ingest":{"pipeline":"_simulate_pipeline","timestamp":"2023-11-14T22:13:20Z"}`
	innerIng := `"_ingest":{"pipeline":"inner","timestamp":"2023-11-14T22:13:20Z"}`
	expect(t, s, "POST", "/_ingest/pipeline/_simulate?verbose=true", `{"pipeline":{"processors":[
		{"set":{"field":"a","value":1,"tag":"t1","description":"first"}},
		{"uppercase":{"field":"missing","ignore_failure":true}},
		{"set":{"field":"never","value":1,"if":"ctx.a == 2"}},
		{"pipeline":{"name":"inner","if":"ctx.a == 1"}},
		{"rename":{"field":"nope","target_field":"x","on_failure":[{"set":{"field":"handled","value":"{{_ingest.on_failure_processor_type}}"}}]}},
		{"drop":{}},
		{"set":{"field":"after","value":1}}]},
		"docs":[{"_source":{"b":"x"}}]}`, 200,
		// Maps print in Java HashMap order.
		`{"docs":[{"processor_results":[`+
			`{"processor_type":"set","status":"success","description":"first","tag":"t1","doc":{"_index":"_index","_id":"_id","_source":{"a":1,"b":"x"},`+ing+`}},`+
			`{"processor_type":"uppercase","status":"error_ignored","ignored_error":{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"field [missing] not present as part of path [missing]"}],"type":"illegal_argument_exception","reason":"field [missing] not present as part of path [missing]"}},"doc":{"_index":"_index","_id":"_id","_source":{"a":1,"b":"x"},`+ing+`}},`+
			`{"processor_type":"set","status":"skipped","if":{"condition":"ctx.a == 2","result":false}},`+
			`{"processor_type":"pipeline","status":"success","if":{"condition":"ctx.a == 1","result":true}},`+
			`{"processor_type":"set","status":"success","doc":{"_index":"_index","_id":"_id","_source":{"a":1,"b":"x","inner":true},`+innerIng+`}},`+
			`{"processor_type":"rename","status":"error","error":{"root_cause":[{"type":"illegal_argument_exception","reason":"field [nope] doesn't exist"}],"type":"illegal_argument_exception","reason":"field [nope] doesn't exist"}},`+
			`{"processor_type":"set","status":"success","doc":{"_index":"_index","_id":"_id","_source":{"a":1,"b":"x","handled":"rename","inner":true},"_ingest":{"pipeline":"_simulate_pipeline","on_failure_message":"field [nope] doesn't exist","on_failure_processor_tag":null,"timestamp":"2023-11-14T22:13:20Z","on_failure_processor_type":"rename"}}},`+
			`{"processor_type":"drop","status":"dropped"}]}]}`)
	// A failure without a handler ends the document's steps.
	expect(t, s, "POST", "/_ingest/pipeline/inner/_simulate?verbose=true", `{"docs":[{"_source":{}}]}`, 200,
		`{"docs":[{"processor_results":[{"processor_type":"set","status":"success","doc":{"_index":"_index","_id":"_id","_source":{"inner":true},`+innerIng+`}}]}]}`)
	expect(t, s, "POST", "/_ingest/pipeline/_simulate?verbose=true", `{"pipeline":{"processors":[{"fail":{"message":"no"}},{"set":{"field":"x","value":1}}]},"docs":[{"_source":{}}]}`, 200,
		`{"docs":[{"processor_results":[{"processor_type":"fail","status":"error","error":{"root_cause":[{"type":"fail_processor_exception","reason":"no"}],"type":"fail_processor_exception","reason":"no"}}]}]}`)
}
