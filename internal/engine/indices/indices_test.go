package indices

import (
	"slices"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func newService(t *testing.T, names ...string) *Service {
	t.Helper()
	v, _ := version.Parse(version.Default)
	s := New(clock.NewManual(time.UnixMilli(0)), v)
	for _, n := range names {
		if _, err := s.Create(CreateRequest{Name: n, Settings: settings.Settings{}}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestResolve(t *testing.T) {
	s := newService(t, "a1", "a2", "b1")
	if _, err := s.Create(CreateRequest{Name: ".hidden", Settings: settings.Settings{settings.Hidden: {Str: "true"}}}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		expr string
		o    Options
		want []string
		err  string
	}{
		{"", DefaultOptions(), []string{"a1", "a2", "b1"}, ""},
		{"_all", DefaultOptions(), []string{"a1", "a2", "b1"}, ""},
		{"a*", DefaultOptions(), []string{"a1", "a2"}, ""},
		{"*,-a1", DefaultOptions(), []string{"a2", "b1"}, ""},
		{"b1,a1", DefaultOptions(), []string{"b1", "a1"}, ""},
		{".h*", DefaultOptions(), []string{".hidden"}, ""},
		{"*", Options{AllowNoIndices: true, ExpandOpen: true, ExpandHidden: true}, []string{".hidden", "a1", "a2", "b1"}, ""},
		{"zz", DefaultOptions(), nil, "no such index [zz]"},
		{"zz", Options{IgnoreUnavailable: true, AllowNoIndices: true, ExpandOpen: true}, []string{}, ""},
		{"z*", Options{ExpandOpen: true}, nil, "no such index [z*]"},
		{"_x", DefaultOptions(), nil, "Invalid index name [_x], must not start with '_'."},
	}
	for _, tt := range tests {
		got, err := s.Resolve(tt.expr, tt.o)
		msg := ""
		if err != nil {
			msg = err.Reason
		}
		if msg != tt.err || (tt.err == "" && !slices.Equal(got, tt.want)) {
			t.Errorf("Resolve(%q) = %v, %q; want %v, %q", tt.expr, got, msg, tt.want, tt.err)
		}
	}
}

func TestNoIndicesExist(t *testing.T) {
	s := newService(t)
	for _, expr := range []string{"_all", ""} {
		if _, err := s.Resolve(expr, Options{ExpandOpen: true}); err == nil || err.Reason != "no such index [null] and no indices exist" ||
			len(err.Meta) != 2 || err.Meta[0].Key != "resource.id" || err.Meta[0].Value != "_all" || err.Meta[1].Value != "index_expression" {
			t.Errorf("empty %q: %+v", expr, err)
		}
	}
	if _, err := s.Resolve("*", Options{ExpandOpen: true}); err == nil || err.Reason != "no such index [null]" || err.Meta[0].Value != "*" {
		t.Errorf("empty *: %+v", err)
	}
}

func TestValidateName(t *testing.T) {
	long := make([]byte, 256)
	for i := range long {
		long[i] = 'a'
	}
	for name, want := range map[string]string{
		"ok-name_1.x": "",
		"UP":          "must be lowercase",
		"a b":         `must not contain the following characters [ , ", *, \, <, |, ,, >, /, ?]`,
		"+a":          "must not start with '_', '-', or '+'",
		"a#":          "must not contain '#'",
		string(long):  "index name is too long, (256 > 255)",
	} {
		err := ValidateName(name)
		got := ""
		if err != nil {
			got = err.Reason[len("Invalid index name ["+name+"], "):]
		}
		if got != want {
			t.Errorf("ValidateName(%.20q) = %q, want %q", name, got, want)
		}
	}
}
