package fake

import "testing"

// cross_fields blends each term's document frequency across the fields but
// never past a field's own document count: a term in more documents than
// have the field would give a negative idf (BlendedTermQuery.blend).
func TestCrossFieldsBlendedDocFreqCapped(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/cf/_doc/1", `{"color":"orange red yellow"}`, 201, "")
	expect(t, s, "PUT", "/cf/_doc/2", `{"color":"orange red purple","shape":"red square"}`, 201, "")
	expect(t, s, "PUT", "/cf/_doc/3?refresh=true", `{"color":"orange red yellow purple"}`, 201, "")
	// shape has one document: its blended df is 1, idf log(1+0.5/1.5)*boost.
	expect(t, s, "POST", "/cf/_search", `{"query":{"multi_match":{"query":"red","type":"cross_fields","fields":["color","shape^100"],"tie_breaker":0.1}},"_source":false}`, 200,
		`{<**>"hits":[{"_index":"cf","_id":"2","_score":28.817213},{"_index":"cf","_id":"1","_score":0.49005115},{"_index":"cf","_id":"3","_score":0.43445712}]}}`)
}
