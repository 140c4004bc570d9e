package fake

import "testing"

// Types OpenSearch knows but the fake does not model answer the fake's 501
// naming the type; unknown types keep OpenSearch's "No handler" error.
func TestUnmodelledFieldTypes(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/j", `{"mappings":{"properties":{"shape":{"type":"xy_shape"}}}}`, 501,
		`{"error":{"root_cause":[{"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the [xy_shape] field type yet"}],"type":"unsupported_operation_exception","reason":"clustersearch-fake does not support the [xy_shape] field type yet"},"status":501}`)
	expect(t, s, "PUT", "/j", `{"mappings":{"properties":{"x":{"type":"no_such_type"}}}}`, 400,
		`{<**>"reason":"Failed to parse mapping [_doc]: No handler for type [no_such_type] declared on field [x]"<**>`)
}
