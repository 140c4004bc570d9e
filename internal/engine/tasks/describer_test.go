package tasks

import (
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
)

// A describer handed over by the handler replaces the registered lazy one,
// but never a description already set or already computed.
func TestSetDescriber(t *testing.T) {
	m := New(clock.NewManual(time.UnixMilli(0)), "n")
	calls := 0
	lazy := func() string { calls++; return "from the body" }

	a := m.Register(Spec{Action: "x", Describe: lazy})
	a.SetDescriber(func() string { return "from the parsed request" })
	if got := a.Description(); got != "from the parsed request" || calls != 0 {
		t.Errorf("handed over: %q (lazy ran %d times)", got, calls)
	}

	b := m.Register(Spec{Action: "x", Describe: lazy})
	if got := b.Description(); got != "from the body" {
		t.Errorf("lazy: %q", got)
	}
	b.SetDescriber(func() string { return "late" })
	if got := b.Description(); got != "from the body" || calls != 1 {
		t.Errorf("after a computed description: %q (lazy ran %d times)", got, calls)
	}

	c := m.Register(Spec{Action: "x", Description: "fixed"})
	c.SetDescriber(func() string { return "late" })
	if got := c.Description(); got != "fixed" {
		t.Errorf("set description replaced: %q", got)
	}
}
