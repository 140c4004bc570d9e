package conformance

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// Status is the outcome of one test.
type Status int

// The outcomes of a test.
const (
	Passed Status = iota
	Failed
	Skipped
)

// String names the status: passed, failed or skipped.
func (s Status) String() string {
	switch s {
	case Passed:
		return "passed"
	case Failed:
		return "failed"
	default:
		return "skipped"
	}
}

// Result is the outcome of one test (a YAML test section or a story chapter).
type Result struct {
	// ID is stable across runs: "<suite>/<file> :: <test name>".
	ID string
	// Group is the API folder the test belongs to, e.g. "opensearch/search".
	Group  string
	Status Status
	// Reason says why the test failed or was skipped; empty when it passed.
	Reason string
	// Transcript lists the calls a failed test made ("METHOD URL -> status"),
	// for debugging; empty otherwise.
	Transcript []string
}

// Table writes one row per group (passed, failed, skipped), a total row, and
// then every skipped test with its reason.
func Table(w io.Writer, title string, results []Result) error {
	type counts struct{ passed, failed, skipped int }
	byGroup := map[string]*counts{}
	var total counts
	for _, r := range results {
		c := byGroup[r.Group]
		if c == nil {
			c = &counts{}
			byGroup[r.Group] = c
		}
		for _, k := range []*counts{c, &total} {
			switch r.Status {
			case Passed:
				k.passed++
			case Failed:
				k.failed++
			default:
				k.skipped++
			}
		}
	}
	groups := make([]string, 0, len(byGroup))
	for g := range byGroup {
		groups = append(groups, g)
	}
	sort.Strings(groups)

	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", title)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "folder\tpassed\tfailed\tskipped\n")
	for _, g := range groups {
		c := byGroup[g]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\n", g, c.passed, c.failed, c.skipped)
	}
	fmt.Fprintf(tw, "total\t%d\t%d\t%d\n", total.passed, total.failed, total.skipped)
	if err := tw.Flush(); err != nil {
		return err
	}
	skips := make([]Result, 0, total.skipped)
	for _, r := range results {
		if r.Status == Skipped {
			skips = append(skips, r)
		}
	}
	sort.Slice(skips, func(i, j int) bool { return skips[i].ID < skips[j].ID })
	if len(skips) > 0 {
		fmt.Fprintf(&b, "skipped:\n")
		for _, r := range skips {
			fmt.Fprintf(&b, "  %s: %s\n", r.ID, r.Reason)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
