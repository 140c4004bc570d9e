// Package shareddata finds the project's shared data (the upstream
// conformance suites and OpenAPI specification) for tests: the folder
// named by CLUSTERSEARCH_CONFORMANCE_DIR, or shared/conformance beside the
// repository, which is where CI places it.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvDir names the environment variable that points at the conformance folder.
const EnvDir = "CLUSTERSEARCH_CONFORMANCE_DIR"

// ConformanceDir returns the conformance folder, or "" when there is none.
func ConformanceDir() string {
	if dir := os.Getenv(EnvDir); dir != "" {
		return dir
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	// Walk up to the repository root (the folder with go.mod); shared/ is its sibling.
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			candidate := filepath.Join(filepath.Dir(dir), "shared", "conformance")
			if _, err := os.Stat(candidate); err == nil {
				return candidate
			}
			return ""
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// Path returns the file or folder at rel inside the conformance folder, or
// skips the test, saying why, when the data is not on this machine.
func Path(t testing.TB, rel ...string) string {
	t.Helper()
	root := ConformanceDir()
	if root == "" {
		t.Skipf("the shared conformance data is not here (shared/conformance beside the repository, or %s): this test needs it", EnvDir)
	}
	p := filepath.Join(append([]string{root}, rel...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is not in the shared conformance data: %v", filepath.Join(rel...), err)
	}
	return p
}
