package rest

import (
	"encoding/json"
	"testing"
)

// FuzzPITRequests sends arbitrary bodies to a search and to the delete API
// of points in time (seeded with a live id): no panic, and every rejection
// is an OpenSearch-shaped 4xx.
func FuzzPITRequests(f *testing.F) {
	_, hs := searchServer(f)
	loadArticles(f, hs, 2)
	code, out := call(f, hs, "POST", "/idx/_search/point_in_time?keep_alive=1h", "")
	var created struct {
		PitID string `json:"pit_id"`
	}
	if err := json.Unmarshal([]byte(out), &created); code != 200 || err != nil {
		f.Fatalf("create: %d %s", code, out)
	}
	id := created.PitID
	for _, s := range []string{
		`{"pit":{"id":"` + id + `","keep_alive":"1m"},"sort":["views"],"search_after":[3]}`,
		`{"pit":{"id":"` + id + `"},"slice":{"id":1,"max":2}}`,
		`{"pit":{"id":"` + id + `","keep_alive":"30h"}}`,
		`{"pit":{"id":"` + id[:len(id)/2] + `"}}`,
		`{"pit":{"id":"` + id + `","x":1}}`,
		`{"pit":null}`,
		`{"pit":{"keep_alive":5}}`,
		`{"pit_id":["` + id + `"]}`,
		`{"pit_id":"_all"}`,
		`{"pit_id":[1,true,null]}`,
		`{"pit_id":[["a"]]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		code, out := call(t, hs, "POST", "/_search", body)
		checkShaped(t, code, out)
		code, out = call(t, hs, "DELETE", "/_search/point_in_time", body)
		checkShaped(t, code, out)
	})
}
