package conformance

import (
	"net/http"
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	results := []Result{
		{ID: "s/search/a.yml :: one", Group: "s/search", Status: Passed},
		{ID: "s/search/a.yml :: two", Group: "s/search", Status: Failed, Reason: "boom"},
		{ID: "s/bulk/b.yml :: x", Group: "s/bulk", Status: Skipped, Reason: "needs plugin"},
		{ID: "s/bulk/b.yml :: y", Group: "s/bulk", Status: Passed},
	}
	var b strings.Builder
	if err := Table(&b, "YAML tests (server 2.19.0)", results); err != nil {
		t.Fatal(err)
	}
	want := `YAML tests (server 2.19.0)
folder    passed  failed  skipped
s/bulk    1       0       1
s/search  1       1       0
total     2       1       1
skipped:
  s/bulk/b.yml :: x: needs plugin
`
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestParseExpectations(t *testing.T) {
	in := `# header
a.yml :: t1 | #6 | scoring differs

b.yaml :: Chapter. [GET] | #5 | status 404
`
	list, err := ParseExpectations(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0] != (Expectation{"a.yml :: t1", 6, "scoring differs"}) || list[1].ID != "b.yaml :: Chapter. [GET]" {
		t.Fatalf("got %+v", list)
	}
	for _, bad := range []string{"x | 5 | r", "x | #0 | r", "x | #5", "x | #5 |  ", "x | #5 | r\nx | #6 | r"} {
		if _, err := ParseExpectations(strings.NewReader(bad)); err == nil {
			t.Errorf("ParseExpectations(%q) succeeded", bad)
		}
	}
}

func TestFormatExpectationsRoundTrip(t *testing.T) {
	list := []Expectation{{"z :: b", 7, "line one\nline two"}, {"a :: x", 5, "has | a bar"}, {"m :: ends in a space ", 13, "r"}}
	text := FormatExpectations("Expected failures.\nSecond line.", list)
	want := "# Expected failures.\n# Second line.\na :: x | #5 | has / a bar\nm :: ends in a space  | #13 | r\nz :: b | #7 | line one\n"
	if text != want {
		t.Fatalf("got\n%s\nwant\n%s", text, want)
	}
	back, err := ParseExpectations(strings.NewReader(text))
	if err != nil || len(back) != 3 || back[1].ID != "m :: ends in a space " {
		t.Fatalf("re-parse: %v %+v", err, back)
	}
}

func TestCheck(t *testing.T) {
	results := []Result{
		{ID: "f :: passes-listed", Status: Passed},
		{ID: "f :: fails-listed", Status: Failed, Reason: "x"},
		{ID: "f :: fails-unlisted", Status: Failed, Reason: "status 500"},
		{ID: "f :: skipped-listed", Status: Skipped, Reason: "needs feature"},
		{ID: "f :: passes", Status: Passed},
	}
	list := []Expectation{
		{"f :: passes-listed", 5, "r"},
		{"f :: fails-listed", 6, "r"},
		{"f :: skipped-listed", 7, "r"},
		{"f :: gone", 8, "r"},
	}
	problems := Check(results, list)
	var got []string
	for _, p := range problems {
		got = append(got, p.ID)
	}
	want := "f :: fails-unlisted,f :: gone,f :: passes-listed,f :: skipped-listed"
	if strings.Join(got, ",") != want {
		t.Fatalf("problems for %v, want %s", got, want)
	}
	if !strings.Contains(problems[0].Message, "status 500") || !strings.Contains(problems[2].Message, "passes now") {
		t.Fatalf("messages: %+v", problems)
	}
}

func TestRewrite(t *testing.T) {
	results := []Result{
		{ID: "a", Status: Failed, Reason: "new failure\ndetail"},
		{ID: "b", Status: Failed, Reason: "changed text"},
		{ID: "c", Status: Passed},
		{ID: "d", Status: Failed, Reason: "test step 1 (do x): status 400"},
	}
	reviewed := "post-2.19 feature without a skip marker: a real 2.19 cluster fails it too"
	old := []Expectation{{"b", 6, "kept reason"}, {"c", 5, "now passes"}, {"d", 20, reviewed}}
	got := Rewrite(results, old, func(Result) int { return 7 })
	want := []Expectation{{"a", 7, "new failure"}, {"b", 6, "changed text"}, {"d", 20, reviewed}}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestWarnings(t *testing.T) {
	h := http.Header{}
	h.Add("Warning", `299 OpenSearch-2.19.0-abc "[types removal] \"x\" is deprecated" "Sun, 22 Nov 2026 01:00:00 GMT"`)
	h.Add("Warning", `299 OpenSearch-2.19.0 "one", 299 OpenSearch-2.19.0 "two"`)
	h.Add("Warning", "not a warning")
	got, unmatched := Warnings(h)
	want := []string{`[types removal] "x" is deprecated`, "one", "two"}
	if strings.Join(got, "|") != strings.Join(want, "|") || len(unmatched) != 1 || unmatched[0] != "not a warning" {
		t.Fatalf("got %q %q, want %q and one unmatched", got, unmatched, want)
	}
}

func FuzzParseExpectations(f *testing.F) {
	f.Add("a :: b | #5 | reason\n# c\n")
	f.Add("x | #1 | y | z")
	f.Add("|||")
	f.Fuzz(func(t *testing.T, s string) {
		list, err := ParseExpectations(strings.NewReader(s))
		if err != nil {
			return
		}
		back, err := ParseExpectations(strings.NewReader(FormatExpectations("h", list)))
		if err != nil || len(back) != len(list) {
			t.Fatalf("format/parse round trip failed for %q: %v", s, err)
		}
	})
}
