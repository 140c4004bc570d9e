package fake

import "testing"

// Simulated documents keep _if_seq_no and _if_primary_term, and take the
// numeric metadata only as whole numbers (SimulatePipelineRequest.parseDocs).
func TestSimulateNumericMetadata(t *testing.T) {
	s := newTestServer(t)
	pipeline := `{"pipeline":{"processors":[{"set":{"field":"f","value":"v"}}]},"docs":[`
	expect(t, s, "POST", "/_ingest/pipeline/_simulate", pipeline+`{"_id":"id","_version":100,"_if_seq_no":12333333333333333,"_if_primary_term":1,"_source":{"a":1}}]}`, 200,
		`{"docs":[{"doc":{"_index":"_index","_id":"id","_version":"100","_if_seq_no":"12333333333333333","_if_primary_term":"1","_source":{"a":1,"f":"v"},<**>}}]}`)
	for _, k := range []string{"_version", "_if_seq_no", "_if_primary_term"} {
		expect(t, s, "POST", "/_ingest/pipeline/_simulate", pipeline+`{"`+k+`":"1","_source":{}}]}`, 400,
			`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Failed to parse parameter [`+k+`], only int or long is accepted"}]<**>`)
	}
}
