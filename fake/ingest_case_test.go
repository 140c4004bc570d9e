package fake

import "testing"

// lowercase, uppercase and trim change a string or each string of a list,
// into target_field when given; anything else is a cast error.
func TestIngestCaseProcessors(t *testing.T) {
	s := newTestServer(t)
	simulate(t, s, `{"uppercase":{"field":"a","target_field":"b"}}`, `{"a":"Mixed Case"}`, 200, `{"docs":[{"doc":{<**>"_source":{"a":"Mixed Case","b":"MIXED CASE"}<**>}}]}`)
	simulate(t, s, `{"lowercase":{"field":"a"}}`, `{"a":["X","Yz"]}`, 200, `{"docs":[{"doc":{<**>"_source":{"a":["x","yz"]}<**>}}]}`)
	simulate(t, s, `{"trim":{"field":"a"}}`, `{"a":" p "}`, 200, `{"docs":[{"doc":{<**>"_source":{"a":"p"}<**>}}]}`)
	simulate(t, s, `{"lowercase":{"field":"a"}}`, `{"a":["X",1]}`, 200, `<**>"reason":"value [1] of type [java.lang.Integer] in list field [a] cannot be cast to [java.lang.String]"<**>`)
	simulate(t, s, `{"uppercase":{"field":"a"}}`, `{"a":true}`, 200, `<**>"reason":"field [a] of type [java.lang.Boolean] cannot be cast to [java.lang.String]"<**>`)
	simulate(t, s, `{"trim":{"field":"a"}}`, `{"a":null}`, 200, `<**>"reason":"field [a] is null, cannot process it."<**>`)
	simulate(t, s, `{"trim":{"field":"a","ignore_missing":true}}`, `{"b":1}`, 200, `{"docs":[{"doc":{<**>"_source":{"b":1}<**>}}]}`)
}
