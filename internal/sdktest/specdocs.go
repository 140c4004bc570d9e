package sdktest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// SpecDocs reads OpenAPI specification files, each once, and follows $refs
// between them.
type SpecDocs struct {
	t     testing.TB
	files map[string]map[string]any
}

// NewSpecDocs returns an empty SpecDocs that fails t on a file it cannot read.
func NewSpecDocs(t testing.TB) *SpecDocs {
	return &SpecDocs{t: t, files: map[string]map[string]any{}}
}

// Load returns the YAML document at path.
func (d *SpecDocs) Load(path string) map[string]any {
	if f, ok := d.files[path]; ok {
		return f
	}
	b, err := os.ReadFile(path)
	if err != nil {
		d.t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(b, &doc); err != nil {
		d.t.Fatalf("%s: %v", path, err)
	}
	d.files[path] = doc
	return doc
}

// Resolve follows a $ref ("other.yaml#/pointer" or "#/pointer") relative to
// the file it appears in: the schema it names and the file that holds it.
func (d *SpecDocs) Resolve(ref, file string) (map[string]any, string) {
	target, pointer, _ := strings.Cut(ref, "#")
	if target != "" {
		file = filepath.Join(filepath.Dir(file), target)
	}
	var node any = d.Load(file)
	for _, p := range strings.Split(strings.Trim(pointer, "/"), "/") {
		m, ok := node.(map[string]any)
		if !ok {
			d.t.Fatalf("bad $ref %s in %s", ref, file)
		}
		node = m[strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")]
	}
	m, ok := node.(map[string]any)
	if !ok {
		d.t.Fatalf("$ref %s in %s is not a schema", ref, file)
	}
	return m, file
}
