package fake

import "testing"

// dynamic_templates map new fields by name, path and detected type, with
// {name} and {dynamic_type} substituted; GET _mapping prints them back.
func TestDynamicTemplates(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/dt", `{"mappings":{"dynamic_templates":[
		{"ids":{"match":"*_id","match_mapping_type":"string","mapping":{"type":"keyword"}}},
		{"longs_as_ints":{"match_mapping_type":"long","unmatch":"big_*","mapping":{"type":"integer"}}},
		{"geo":{"path_match":"places.*","mapping":{"type":"geo_point"}}},
		{"copy":{"match_pattern":"regex","match":"^t\\d+$","mapping":{"type":"{dynamic_type}","analyzer":"whitespace","meta":{"src":"{name}"}}}}
	]}}`, 200, "")
	expect(t, s, "PUT", "/dt/_doc/1?refresh=true", `{"user_id":"U-1","count":3,"big_count":4,"places":{"home":"52.37,4.89"},"t1":"Hello World","other":"x"}`, 201, "")
	expect(t, s, "GET", "/dt/_mapping", "", 200, `{"dt":{"mappings":{"dynamic_templates":[`+
		`{"ids":{"match":"*_id","match_mapping_type":"string","mapping":{"type":"keyword"}}},`+
		`{"longs_as_ints":{"unmatch":"big_*","match_mapping_type":"long","mapping":{"type":"integer"}}},`+
		`{"geo":{"path_match":"places.*","mapping":{"type":"geo_point"}}},`+
		`{"copy":{"match":"^t\\d+$","match_pattern":"regex","mapping":{"analyzer":"whitespace","meta":{"src":"{name}"},"type":"{dynamic_type}"}}}],`+
		`"properties":{"big_count":{"type":"long"},"count":{"type":"integer"},"other":{"type":"text","fields":{"keyword":{"type":"keyword","ignore_above":256}}},`+
		`"places":{"properties":{"home":{"type":"geo_point"}}},"t1":{"type":"text","analyzer":"whitespace","meta":{"src":"t1"}},"user_id":{"type":"keyword"}}}}}`)
	expect(t, s, "POST", "/dt/_search?filter_path=hits.total.value", `{"query":{"term":{"t1":"Hello"}}}`, 200, `{"hits":{"total":{"value":1}}}`)
	expect(t, s, "PUT", "/bad", `{"mappings":{"dynamic_templates":[{"x":{"match_mapping_type":"text","mapping":{}}}]}}`, 400,
		`{<**>"reason":"No field type matched on [text], possible values are [object, string, long, double, boolean, date, binary]"<**>`)
}

// dynamic_date_formats replace the formats date detection tries.
func TestDynamicDateFormats(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/dd", `{"mappings":{"dynamic_date_formats":["dd.MM.yyyy"],"numeric_detection":true}}`, 200, "")
	expect(t, s, "PUT", "/dd/_doc/1", `{"day":"27.11.2026","iso":"2026-11-27","n":"42","f":"1.5"}`, 201, "")
	expect(t, s, "GET", "/dd/_mapping", "", 200, `{"dd":{"mappings":{"dynamic_date_formats":["dd.MM.yyyy"],"numeric_detection":true,"properties":{"day":{"type":"date","format":"dd.MM.yyyy"},"f":{"type":"float"},`+
		`"iso":{"type":"text","fields":{"keyword":{"type":"keyword","ignore_above":256}}},"n":{"type":"long"}}}}}`)
}
