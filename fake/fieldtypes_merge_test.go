package fake

import "testing"

// Mapping updates with the newer types: repeating a definition is a no-op,
// changing a fixed parameter is OpenSearch's conflict, and an alias added
// by an update is checked against the merged mapping.
func TestNewTypesMappingUpdates(t *testing.T) {
	s := newTestServer(t)
	body := `{"properties":{"a":{"type":"ip"},"p":{"type":"scaled_float","scaling_factor":10},"g":{"type":"geo_point"},"s":{"type":"search_as_you_type"},` +
		`"c":{"type":"constant_keyword","value":"x"},"al":{"type":"alias","path":"a"},"f":{"type":"flat_object"},"r":{"type":"date_range"}}}`
	expect(t, s, "PUT", "/m", `{"mappings":`+body+`}`, 200, "")
	expect(t, s, "PUT", "/m/_mapping", body, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"p":{"type":"scaled_float","scaling_factor":100}}}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Mapper for [p] conflicts with existing mapper:\n\tCannot update parameter [scaling_factor] from [10.0] to [100.0]"}]<**>`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"al2":{"type":"alias","path":"g"}}}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/m/_mapping", `{"properties":{"al3":{"type":"alias","path":"al"}}}`, 400,
		`{<**>"reason":"Invalid [path] value [al] for field alias [al3]: an alias cannot refer to another alias."<**>`)
}
