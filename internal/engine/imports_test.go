package engine_test

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/clustersearch/clustersearch-go"

// httpExceptions are the engine packages outside the HTTP layer allowed to
// import net/http, with the reason.
var httpExceptions = map[string]string{
	// The notification plugin delivers messages to webhooks, Slack and
	// Chime: it is an HTTP client of the outside world, not a server.
	"internal/engine/notify": "outbound delivery",
}

// TestEngineImports keeps the engine's layering: no engine package imports
// an SDK package (so a wrong JSON tag cannot pass on both sides), only
// internal/engine/rest (with the packages under it) knows net/http, and no
// engine package below the HTTP layer imports it back. Test files are left
// out: tests may drive the server over HTTP.
func TestEngineImports(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	moduleRoot := filepath.Dir(filepath.Dir(root))
	seen := 0
	walked := map[string]bool{}
	err = filepath.WalkDir(root, func(dir string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		rel, err := filepath.Rel(moduleRoot, dir)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		seen++
		walked[rel] = true
		httpLayer := rel == "internal/engine/rest" || strings.HasPrefix(rel, "internal/engine/rest/")
		for _, imp := range pkg.Imports {
			if imp == "net/http" && !httpLayer && httpExceptions[rel] == "" {
				t.Errorf("%s imports net/http: only internal/engine/rest is the HTTP layer", rel)
			}
			if !httpLayer && (imp == module+"/internal/engine/rest" || strings.HasPrefix(imp, module+"/internal/engine/rest/")) {
				t.Errorf("%s imports %s: the HTTP layer calls the engine, not the other way round", rel, imp)
			}
			if strings.HasPrefix(imp, module) && !strings.HasPrefix(imp, module+"/internal/engine/") {
				t.Errorf("%s imports %s: the engine never imports the SDK", rel, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 20 {
		t.Fatalf("walked only %d engine packages from %s", seen, root)
	}
	// The packages that took the request parsing and orchestration out of
	// the HTTP layer must stay in the walk (a rename would drop them
	// silently).
	for _, p := range []string{"searchreq", "searchexec", "urlparams", "opstats"} {
		if !walked["internal/engine/"+p] {
			t.Errorf("internal/engine/%s was not checked", p)
		}
	}
}
