package dsl

import "testing"

// FuzzNewQueries parses arbitrary bodies of the geo, boosting, wrapper,
// match_bool_prefix, distance_feature and terms_set queries: a query or an
// OpenSearch-shaped error, never a panic.
func FuzzNewQueries(f *testing.F) {
	for _, s := range []string{
		`{"geo_distance":{"distance":"1km","pin":[1,2]}}`,
		`{"geo_bounding_box":{"pin":{"wkt":"BBOX (1, 2, 3, 0)"}}}`,
		`{"geo_polygon":{"pin":{"points":["1,2","3,4",[5,6]]}}}`,
		`{"boosting":{"positive":{"match_all":{}},"negative":{"match_none":{}},"negative_boost":0.1}}`,
		`{"wrapper":{"query":"eyJtYXRjaF9hbGwiOnt9fQ=="}}`,
		`{"match_bool_prefix":{"f":{"query":"a b","fuzziness":1}}}`,
		`{"distance_feature":{"field":"d","origin":"now","pivot":"7d"}}`,
		`{"terms_set":{"f":{"terms":[1,"a"],"minimum_should_match_field":"n"}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		q, err := ParseJSON([]byte(body))
		if err != nil {
			if e, ok := err.(*Error); ok && (e.Type == "" || e.Reason == "") {
				t.Fatalf("shapeless error for %s: %+v", body, e)
			}
			return
		}
		if q == nil {
			t.Fatalf("no query and no error for %s", body)
		}
	})
}
