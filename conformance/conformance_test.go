package conformance_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
	"github.com/clustersearch/clustersearch-go/internal/conformance/story"
	"github.com/clustersearch/clustersearch-go/internal/conformance/yamlrest"
)

const (
	dirEnv      = "CLUSTERSEARCH_CONFORMANCE_DIR"
	updateEnv   = "CLUSTERSEARCH_CONFORMANCE_UPDATE"
	tableEnv    = "CLUSTERSEARCH_CONFORMANCE_TABLE"
	versionEnv  = "CLUSTERSEARCH_CONFORMANCE_VERSION"
	defaultDir  = "../../shared/conformance"
	listFile    = "expected-failures.txt"
	listHeader  = "Conformance tests expected to fail: <id> | #<issue> | <reason>.\nIssues: 13 aggregations, 14 field types and their queries, 20 fidelity of the\nother served APIs (and the APIs their tests need), 21 limits and bad input.\nCI fails when a listed test passes or an unlisted one fails. Regenerate with\nCLUSTERSEARCH_CONFORMANCE_UPDATE=1 and review."
	fallbackVer = "2.19.0"
)

// suite is what both runners offer.
type suite interface {
	Files() ([]string, error)
	RunFile(ctx context.Context, rel string) []conformance.Result
}

func dataDir(t *testing.T, sub string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("conformance suites are not run with -short")
	}
	root := os.Getenv(dirEnv)
	if root == "" {
		root = defaultDir
	}
	dir := filepath.Join(root, sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("conformance data not found at %s (set %s to the shared/conformance folder): %v", dir, dirEnv, err)
	}
	return dir
}

// serverVersion reads the fake's version from GET /, falling back to the
// fake's documented default so a fake without GET / still gets a table.
func serverVersion(t *testing.T, client *http.Client, newTarget conformance.NewTarget) conformance.Version {
	t.Helper()
	target, err := newTarget()
	if err != nil {
		t.Fatalf("the fake cannot start: %v", err)
	}
	defer target.Close()
	v, err := conformance.ServerVersion(context.Background(), client, target.URL())
	if err != nil {
		t.Logf("cannot read the fake's version (%v); checking skips against %s", err, fallbackVer)
		v, _ = conformance.ParseVersion(fallbackVer)
	}
	return v
}

func TestOpenSearchYAML(t *testing.T) {
	dir := dataDir(t, "opensearch")
	client := &http.Client{Timeout: 30 * time.Second}
	targets := newTarget(os.Getenv(versionEnv), openSearchEnvironment())
	r, err := yamlrest.New(context.Background(), yamlrest.Options{
		Dir: dir, Prefix: "opensearch", NewTarget: targets, Client: client, Version: serverVersion(t, client, targets),
	})
	if err != nil {
		t.Fatal(err)
	}
	runSuite(t, "opensearch", fmt.Sprintf("OpenSearch YAML REST tests against the fake (version %s)", r.Version()), r)
}

func TestAPISpecStories(t *testing.T) {
	dir := dataDir(t, "api-spec-tests")
	client := &http.Client{Timeout: 30 * time.Second}
	targets := newTarget(os.Getenv(versionEnv), storyEnvironment(t))
	r, err := story.New(context.Background(), story.Options{
		Dir: dir, Prefix: "api-spec", NewTarget: targets, Client: client, Version: serverVersion(t, client, targets),
	})
	if err != nil {
		t.Fatal(err)
	}
	runSuite(t, "api-spec", fmt.Sprintf("opensearch-api-specification stories against the fake (version %s)", r.Version()), r)
}

// runSuite runs every file in parallel, one subtest per file and per test,
// then checks the results against the expected-failure list and prints the
// table.
func runSuite(t *testing.T, prefix, title string, s suite) {
	files, err := s.Files()
	if err != nil {
		t.Fatal(err)
	}
	all, err := readList()
	if err != nil {
		t.Fatal(err)
	}
	var list, others []conformance.Expectation
	for _, e := range all {
		if strings.HasPrefix(e.ID, prefix+"/") {
			list = append(list, e)
		} else {
			others = append(others, e)
		}
	}
	listed := map[string]conformance.Expectation{}
	for _, e := range list {
		listed[e.ID] = e
	}
	update := os.Getenv(updateEnv) != ""
	// The list describes the default version; under another one the run only
	// reports (it never fails on the list, and never rewrites it).
	reportOnly := os.Getenv(versionEnv) != ""
	if reportOnly && update {
		t.Fatalf("%s and %s together would rewrite the list for another version", updateEnv, versionEnv)
	}

	var mu sync.Mutex
	var results []conformance.Result
	ranFiles := map[string]bool{}
	t.Run("files", func(t *testing.T) {
		for _, f := range files {
			t.Run(f, func(t *testing.T) {
				t.Parallel()
				res := s.RunFile(context.Background(), f)
				mu.Lock()
				results = append(results, res...)
				ranFiles[prefix+"/"+f] = true
				mu.Unlock()
				for _, r := range res {
					report(t, r, listed, update || reportOnly)
				}
			})
		}
	})

	if testing.Verbose() || os.Getenv(tableEnv) != "" {
		var b strings.Builder
		if err := conformance.Table(&b, title, results); err != nil {
			t.Fatal(err)
		}
		if testing.Verbose() {
			fmt.Print(b.String())
		}
		if dir := os.Getenv(tableEnv); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, prefix+".txt"), []byte(b.String()), 0o644); err != nil {
				t.Errorf("writing the table: %v", err)
			}
		}
	}

	if update {
		if len(ranFiles) != len(files) {
			t.Fatalf("%s is set but only %d of %d files ran (-run filter?): not rewriting %s", updateEnv, len(ranFiles), len(files), listFile)
		}
		next := append(others, conformance.Rewrite(results, list, guessIssue)...)
		if err := os.WriteFile(listFile, []byte(conformance.FormatExpectations(listHeader, next)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s: %d %s entries", listFile, len(next)-len(others), prefix)
		return
	}
	if reportOnly {
		t.Logf("%s=%s: expected failures not checked", versionEnv, os.Getenv(versionEnv))
		return
	}
	// Listed tests whose file is gone, or whose file ran without them.
	ran := map[string]bool{}
	for _, r := range results {
		ran[r.ID] = true
	}
	inSuite := map[string]bool{}
	for _, f := range files {
		inSuite[prefix+"/"+f] = true
	}
	for _, e := range list {
		file, _, _ := strings.Cut(e.ID, " :: ")
		switch {
		case !inSuite[file]:
			t.Errorf("%s: in %s but its file is not in the suite: remove it", e.ID, listFile)
		case ranFiles[file] && !ran[e.ID]:
			t.Errorf("%s: in %s but no such test ran: remove or rename it", e.ID, listFile)
		}
	}
}

// report gives one result its own subtest: a skip shows its reason, an
// expected failure is logged, and any disagreement with the list fails. With
// noVerdict (rewriting the list, or another version) failures are logged only.
func report(t *testing.T, r conformance.Result, listed map[string]conformance.Expectation, noVerdict bool) {
	name := r.ID[strings.Index(r.ID, " :: ")+4:]
	t.Run(name, func(t *testing.T) {
		e, isListed := listed[r.ID]
		if noVerdict {
			switch r.Status {
			case conformance.Failed:
				t.Logf("fails: %s", r.Reason)
			case conformance.Skipped:
				t.Skip(r.Reason)
			}
			return
		}
		var expect []conformance.Expectation
		if isListed {
			expect = []conformance.Expectation{e}
		}
		problems := conformance.Check([]conformance.Result{r}, expect)
		for _, p := range problems {
			t.Errorf("%s (see %s)", p.Message, listFile)
		}
		if len(problems) > 0 && len(r.Transcript) > 0 {
			t.Logf("calls made:\n\t%s", strings.Join(r.Transcript, "\n\t"))
		}
		switch {
		case r.Status == conformance.Failed && isListed:
			t.Logf("expected failure (#%d %s): %s", e.Issue, e.Reason, r.Reason)
		case r.Status == conformance.Skipped && !isListed:
			t.Skip(r.Reason)
		}
	})
}

func readList() ([]conformance.Expectation, error) {
	f, err := os.Open(listFile)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	list, err := conformance.ParseExpectations(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", listFile, err)
	}
	return list, nil
}

// guessIssue proposes the issue that will fix a new failure: aggregations
// (#13) by folder or by the failing body, field types and their queries
// (#14) by the fake's own "no handler" or unsupported-query answers, and
// everything else to the fidelity issue (#20). The rewritten list is
// reviewed by hand.
func guessIssue(r conformance.Result) int {
	file, _, _ := strings.Cut(r.ID, " :: ")
	switch {
	case strings.Contains(file, "/search.aggregation/") || strings.Contains(r.Reason, "aggregations (a later issue)"):
		return 13
	case fieldTypeGap.MatchString(r.Reason):
		return 14
	}
	return 20
}

// fieldTypeGap finds the fake's answers for a field type or query it does
// not serve yet.
var fieldTypeGap = regexp.MustCompile(`No handler for type \[|query \[[a-z_]+\] is not supported|\[(ip|geo_point|geo_shape|scaled_float|unsigned_long|date_nanos|flat_object|wildcard|match_only_text|search_as_you_type|[a-z]+_range)\]`)
