package conformance

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Expectation is one line of the expected-failure list: a test known to fail,
// why, and the issue that will fix it.
type Expectation struct {
	ID     string
	Issue  int
	Reason string
}

// sep separates the fields of an expected-failure line.
const sep = " | "

// ParseExpectations reads the expected-failure list. Each non-blank line that
// does not start with '#' is "<id> | #<issue> | <reason>".
func ParseExpectations(r io.Reader) ([]Expectation, error) {
	var out []Expectation
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.SplitN(text, sep, 3)
		if len(fields) != 3 {
			return nil, fmt.Errorf("line %d: want \"<id> | #<issue> | <reason>\", got %q", line, text)
		}
		// Test names may end in a space ("top 1 ordered by metrics "), so
		// the id keeps everything up to the separator.
		id, issueText, reason := fields[0], strings.TrimSpace(fields[1]), strings.TrimSpace(fields[2])
		issue, err := strconv.Atoi(strings.TrimPrefix(issueText, "#"))
		if !strings.HasPrefix(issueText, "#") || err != nil || issue <= 0 {
			return nil, fmt.Errorf("line %d: issue must look like #5, got %q", line, issueText)
		}
		if id == "" || reason == "" {
			return nil, fmt.Errorf("line %d: id and reason must not be empty", line)
		}
		if prev, dup := seen[id]; dup {
			return nil, fmt.Errorf("line %d: %q is already listed on line %d", line, id, prev)
		}
		seen[id] = line
		out = append(out, Expectation{ID: id, Issue: issue, Reason: reason})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// FormatExpectations renders the list sorted by id, after a header comment.
func FormatExpectations(header string, list []Expectation) string {
	sorted := append([]Expectation(nil), list...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		b.WriteString("# " + l + "\n")
	}
	for _, e := range sorted {
		fmt.Fprintf(&b, "%s%s#%d%s%s\n", e.ID, sep, e.Issue, sep, oneLine(e.Reason))
	}
	return b.String()
}

// Problem is a disagreement between a run and the expected-failure list.
type Problem struct {
	ID      string
	Message string
}

// Check compares results with the list: an unlisted failure, a listed test
// that passed or was skipped, and a listed id that did not run at all are
// problems. The list can therefore only shrink.
func Check(results []Result, list []Expectation) []Problem {
	listed := map[string]Expectation{}
	for _, e := range list {
		listed[e.ID] = e
	}
	var problems []Problem
	ran := map[string]bool{}
	for _, r := range results {
		ran[r.ID] = true
		e, isListed := listed[r.ID]
		switch {
		case r.Status == Failed && !isListed:
			problems = append(problems, Problem{r.ID, "failed and is not in the expected-failure list: " + r.Reason})
		case r.Status == Passed && isListed:
			problems = append(problems, Problem{r.ID, fmt.Sprintf("passes now: remove it from the expected-failure list (was: #%d %s)", e.Issue, e.Reason)})
		case r.Status == Skipped && isListed:
			problems = append(problems, Problem{r.ID, "is skipped (" + r.Reason + ") but listed as an expected failure: remove it from the list"})
		}
	}
	for _, e := range list {
		if !ran[e.ID] {
			problems = append(problems, Problem{e.ID, "is in the expected-failure list but no such test ran: remove or rename it"})
		}
	}
	sort.Slice(problems, func(i, j int) bool { return problems[i].ID < problems[j].ID })
	return problems
}

// Rewrite returns the list a run implies: every failed result with its
// current failure message as the reason; ids already listed keep their issue
// (which a reviewer may have set), new ones take the issue guess gives.
func Rewrite(results []Result, old []Expectation, guess func(Result) int) []Expectation {
	prev := map[string]Expectation{}
	for _, e := range old {
		prev[e.ID] = e
	}
	var out []Expectation
	for _, r := range results {
		if r.Status != Failed {
			continue
		}
		issue, reason := guess(r), oneLine(r.Reason)
		if e, ok := prev[r.ID]; ok {
			issue = e.Issue
			if Reviewed(e.Reason) {
				reason = e.Reason
			}
		}
		out = append(out, Expectation{ID: r.ID, Issue: issue, Reason: reason})
	}
	return out
}

// Reviewed reports whether a reason was written by a reviewer to say why
// the test stays listed, so that a rewrite keeps it: it says that a real
// 2.19 cluster fails the test too, that the API is not served by the
// fake, or that OpenSearch's own runner cannot parse the file either.
func Reviewed(reason string) bool {
	for _, mark := range []string{"real 2.19 cluster", "not served by the fake", "cannot parse it either"} {
		if strings.Contains(reason, mark) {
			return true
		}
	}
	return false
}

// oneLine keeps the first line of a message, cut to a readable length.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = strings.ReplaceAll(s, sep, " / ")
	const limit = 200
	if len(s) > limit {
		cut := limit
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	if s == "" {
		s = "no message"
	}
	return s
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
