package fake_test

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
)

// Templates are cluster state: they survive a restart on the same data
// directory, a crash included, and still apply afterwards.
func TestIndexTemplatesPersist(t *testing.T) {
	dir := t.TempDir()
	srv, err := fake.NewServer(fake.WithDataDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	must := func(s *fake.Server, method, path, body string, status int, want string) {
		t.Helper()
		code, _, got := doRaw(t, s, method, path, body)
		if code != status || (want != "" && got != want) {
			t.Errorf("%s %s: %d %s\nwant %d %s", method, path, code, got, status, want)
		}
	}
	must(srv, "PUT", "/_component_template/ct", `{"template":{"mappings":{"properties":{"k":{"type":"keyword"}}}}}`, 200, "")
	must(srv, "PUT", "/_index_template/p", `{"index_patterns":["p-*"],"composed_of":["ct"],"template":{"settings":{"number_of_shards":2}},"priority":4}`, 200, "")
	must(srv, "PUT", "/_template/legacy", `{"index_patterns":["q-*"],"order":3,"settings":{"number_of_shards":3},"aliases":{"qa":{}}}`, 200, "")
	check := func(s *fake.Server) {
		t.Helper()
		must(s, "GET", "/_index_template/p", "", 200,
			`{"index_templates":[{"name":"p","index_template":{"index_patterns":["p-*"],"template":{"settings":{"index":{"number_of_shards":"2"}}},"composed_of":["ct"],"priority":4}}]}`)
		must(s, "GET", "/_component_template/ct", "", 200,
			`{"component_templates":[{"name":"ct","component_template":{"template":{"mappings":{"properties":{"k":{"type":"keyword"}}}}}}]}`)
		must(s, "GET", "/_template/legacy", "", 200,
			`{"legacy":{"order":3,"index_patterns":["q-*"],"settings":{"index":{"number_of_shards":"3"}},"mappings":{},"aliases":{"qa":{}}}}`)
	}
	check(fake.New(t, fake.WithDataDir(copyDir(t, dir)))) // a crash: what the log holds
	must(srv, "DELETE", "/_template/legacy", "", 200, "")
	srv.Close()
	again := fake.New(t, fake.WithDataDir(dir))
	must(again, "GET", "/_template", "", 200, `{}`)
	must(again, "GET", "/_index_template/p", "", 200,
		`{"index_templates":[{"name":"p","index_template":{"index_patterns":["p-*"],"template":{"settings":{"index":{"number_of_shards":"2"}}},"composed_of":["ct"],"priority":4}}]}`)
	must(again, "PUT", "/p-1/_doc/1", `{"k":1}`, 201, "")
	must(again, "GET", "/p-1/_mapping", "", 200, `{"p-1":{"mappings":{"properties":{"k":{"type":"keyword"}}}}}`)
}
