package urlparams

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// The boolean overloads differ on an empty value: the primitive one reads
// ?flag as true, the boxed one as the default.
func TestBooleans(t *testing.T) {
	p := Params{"empty": "", "yes": "true", "no": "false", "bad": "yes"}
	for _, c := range []struct {
		name       string
		def        bool
		bool, boxd bool
	}{{"empty", false, true, false}, {"yes", false, true, true}, {"no", true, false, false}, {"absent", true, true, true}} {
		if got, err := p.Bool(c.name, c.def); err != nil || got != c.bool {
			t.Errorf("Bool(%s) = %v, %v", c.name, got, err)
		}
		if got, err := p.BoolOrDefault(c.name, c.def); err != nil || got != c.boxd {
			t.Errorf("BoolOrDefault(%s) = %v, %v", c.name, got, err)
		}
	}
	_, err := p.Bool("bad", false)
	if e, ok := err.(*apierr.Error); !ok || e.Reason != "Failed to parse value [yes] as only [true] or [false] are allowed." {
		t.Errorf("bad boolean: %v", err)
	}
}

func TestIntDurationList(t *testing.T) {
	p := Params{"n": "12", "x": "1a", "t": "2s", "l": "a,b"}
	if n, err := p.Int("n", 0); err != nil || n != 12 {
		t.Errorf("Int = %d, %v", n, err)
	}
	_, err := p.Int("x", 0)
	if e, ok := err.(*apierr.Error); !ok || e.Reason != "Failed to parse int parameter [x] with value [1a]" || e.Cause == nil || e.Cause.Reason != `For input string: "1a"` {
		t.Errorf("bad int: %v", err)
	}
	if d, err := p.Duration("t", 0); err != nil || d.Seconds() != 2 {
		t.Errorf("Duration = %v, %v", d, err)
	}
	if l := p.List("l"); len(l) != 2 || l[1] != "b" {
		t.Errorf("List = %q", l)
	}
	if p.List("absent") != nil || p.Has("absent") || !p.Has("n") {
		t.Error("absent parameter seen")
	}
}
