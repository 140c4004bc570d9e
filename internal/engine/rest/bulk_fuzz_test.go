package rest

import "testing"

// FuzzParseBulk feeds arbitrary NDJSON to the bulk parser: it must return
// items or an API error, never panic.
func FuzzParseBulk(f *testing.F) {
	f.Add("{\"index\":{\"_index\":\"a\",\"_id\":\"1\"}}\n{\"x\":1}\n{\"delete\":{\"_index\":\"a\",\"_id\":\"1\"}}\n")
	f.Add("{\"update\":{\"_id\":\"1\",\"if_seq_no\":1,\"if_primary_term\":1}}\n{\"doc\":{}}\n")
	f.Add("{\"update\":{\"_id\":\"1\",\"_source\":{\"includes\":[\"a\"],\"excludes\":\"b\"}}}\n{\"doc\":{}}\n")
	f.Add("{\"update\":{\"_id\":\"1\",\"_source\":[\"a\"],\"version\":2}}\n{\"script\":\"x\"}\n")
	f.Add("{}\n")
	f.Add("{\"create\":{}}")
	f.Fuzz(func(t *testing.T, body string) {
		items, err := parseBulk([]byte(body), "d", "", false)
		if err == nil {
			for _, it := range items {
				if it.action == "" {
					t.Fatal("item without action")
				}
			}
		}
	})
}
