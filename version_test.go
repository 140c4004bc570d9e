package clustersearch_test

import (
	"os"
	"regexp"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
)

// The Version constant names the newest release of CHANGELOG.md.
func TestVersionMatchesTheChangelog(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^## \[([^\]]+)\]`).FindSubmatch(data)
	if m == nil {
		t.Fatal("CHANGELOG.md has no \"## [version]\" heading")
	}
	if string(m[1]) != clustersearch.Version {
		t.Fatalf("CHANGELOG.md's newest entry is %s, the Version constant %s", m[1], clustersearch.Version)
	}
}
