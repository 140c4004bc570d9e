package shareddata

import (
	"path/filepath"
	"testing"
)

func TestEnvironmentWins(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvDir, dir)
	if got := ConformanceDir(); got != dir {
		t.Fatalf("ConformanceDir() = %q, want %q", got, dir)
	}
}

func TestFoundBesideTheRepository(t *testing.T) {
	t.Setenv(EnvDir, "")
	got := ConformanceDir()
	if got == "" {
		t.Skip("no shared/conformance beside this checkout (outside the project's CI layout)")
	}
	if filepath.Base(got) != "conformance" || filepath.Base(filepath.Dir(got)) != "shared" {
		t.Fatalf("ConformanceDir() = %q", got)
	}
	if p := Path(t, "openapi"); filepath.Base(p) != "openapi" {
		t.Fatalf("Path = %q", p)
	}
}
