package rest

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
)

// TestWrappersRunInLayerOrder installs the layers innermost first and
// checks they still run persist, stats, tasks, handler, each seeing the
// metadata of the row the dispatcher matched.
func TestWrappersRunInLayerOrder(t *testing.T) {
	var calls []string
	own := opRow("test:own", "search", Cancellable, PersistNothing)
	s := NewServer(
		Route{Op: "search", Method: "GET", Path: "/a", Handler: func(*Request) (*Response, error) { calls = append(calls, "handler"); return OK(nil), nil }},
		Route{Op: "test.own", Method: "GET", Path: "/b", Meta: own, Handler: func(*Request) (*Response, error) { calls = append(calls, "handler"); return OK(nil), nil }},
	)
	layer := func(name string) Wrapper {
		return func(next Hook) Hook {
			return func(r *Request, h Handler) (*Response, error) {
				calls = append(calls, name+":"+r.Meta().Action)
				return callNext(next, r, h)
			}
		}
	}
	s.Wrap(LayerTasks, layer("tasks"))
	s.Wrap(LayerStats, layer("stats"))
	s.Wrap(LayerPersist, layer("persist"))
	for path, want := range map[string][]string{
		"/a": {"persist:indices:data/read/search", "stats:indices:data/read/search", "tasks:indices:data/read/search", "handler"},
		"/b": {"persist:test:own", "stats:test:own", "tasks:test:own", "handler"},
	} {
		calls = nil
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusOK || !slices.Equal(calls, want) {
			t.Errorf("GET %s: status %d, calls %v, want %v", path, w.Code, calls, want)
		}
	}
	// Replacing a layer keeps its place.
	s.Wrap(LayerStats, layer("stats2"))
	calls = nil
	s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/b", nil))
	if want := []string{"persist:test:own", "stats2:test:own", "tasks:test:own", "handler"}; !slices.Equal(calls, want) {
		t.Errorf("after replacing the stats layer: %v, want %v", calls, want)
	}
}
