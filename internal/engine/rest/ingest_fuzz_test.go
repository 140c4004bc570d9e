package rest

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzIngest sends arbitrary pipeline bodies, simulate requests and
// documents through the ingest APIs and the write path: every answer is a
// well-formed JSON response, never a panic.
func FuzzIngest(f *testing.F) {
	f.Add(`{"processors":[{"set":{"field":"a.b","value":"{{c}}"}},{"split":{"field":"s","separator":","}}]}`,
		`{"docs":[{"_source":{"c":1,"s":"x,y"}}]}`, `{"c":"v","s":"1,2"}`)
	f.Add(`{"processors":[{"script":{"source":"ctx.n = ctx.s.length()","if":"ctx.s != null"}},{"drop":{"if":"ctx.n == 0"}}]}`,
		`{"docs":[{"_index":"x","_id":"1","_routing":"r","_source":{"s":""}}]}`, `{"s":""}`)
	f.Add(`{"processors":[{"rename":{"field":"a","target_field":"_index"}},{"convert":{"field":"n","type":"auto"}}],"on_failure":[{"set":{"field":"e","value":"{{_ingest.on_failure_message}}"}}]}`,
		`{"docs":[]}`, `{"a":"other","n":"1.5"}`)
	f.Add(`{"processors":[{"json":{"field":"j","add_to_root":true}},{"join":{"field":"l","separator":"-"}},{"date":{"field":"d","formats":["UNIX"]}}]}`,
		`{"pipeline":{"processors":[]},"docs":[{"_source":{}}]}`, `{"j":"{\"_id\":\"z\"}","l":[1,2],"d":"12.5"}`)
	f.Fuzz(func(t *testing.T, pipeline, simulate, doc string) {
		b := newBackend()
		d := NewDocOps(b)
		srv := NewServer(append(b.Routes(), d.Routes()...)...)
		srv.Wrap(LayerTasks, d.Hook)
		defer d.Close()
		for _, call := range [][3]string{
			{"PUT", "/_ingest/pipeline/p", pipeline},
			{"POST", "/_ingest/pipeline/p/_simulate", simulate},
			{"POST", "/_ingest/pipeline/_simulate", simulate},
			{"PUT", "/i/_doc/1?pipeline=p", doc},
			{"POST", "/_bulk?pipeline=p", "{\"index\":{\"_index\":\"i\"}}\n" + strings.ReplaceAll(doc, "\n", " ") + "\n"},
			{"GET", "/_ingest/pipeline", ""},
		} {
			req := httptest.NewRequest(call[0], call[1], strings.NewReader(call[2]))
			req.Header.Set("Content-Type", "application/json")
			if strings.Contains(call[1], "_bulk") {
				req.Header.Set("Content-Type", "application/x-ndjson")
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			out := rec.Body.Bytes()
			if rec.Code == 500 && strings.Contains(string(out), "internal error") {
				t.Fatalf("%s %s: panic: %s", call[0], call[1], out)
			}
			if len(out) > 0 && !json.Valid(out) {
				t.Fatalf("%s %s: invalid JSON %q", call[0], call[1], out)
			}
		}
	})
}
