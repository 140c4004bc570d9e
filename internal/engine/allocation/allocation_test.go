package allocation

import "testing"

func TestNewIndexUnderEachMode(t *testing.T) {
	for _, c := range []struct {
		mode Enable
		want Copies
	}{
		{All, Copies{PrimaryActive: true, AssignedReplicas: 1, UnassignedReplicas: 1}},
		{Primaries, Copies{PrimaryActive: true, AssignedReplicas: 0, UnassignedReplicas: 2}},
		{NewPrimaries, Copies{PrimaryActive: true, AssignedReplicas: 0, UnassignedReplicas: 2}},
		{None, Copies{PrimaryActive: false, AssignedReplicas: 0, UnassignedReplicas: 2}},
	} {
		var tr Tracker
		got := tr.Copies(Index{UUID: "u", Replicas: 2}, 2, c.mode)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.mode, got, c.want)
		}
	}
}

func TestAllocationIsSticky(t *testing.T) {
	var tr Tracker
	old := Index{UUID: "old", Replicas: 1}
	tr.Changed([]Index{old}, 2, All, None) // old was fully allocated before
	if got := tr.Copies(old, 2, None); got != (Copies{PrimaryActive: true, AssignedReplicas: 1}) {
		t.Errorf("allocated copies must stay: %+v", got)
	}
	fresh := Index{UUID: "new", Replicas: 1}
	if got := tr.Copies(fresh, 2, None); got.Active() != 0 || got.Unassigned() != 2 {
		t.Errorf("new index under none: %+v", got)
	}
	// More replicas while allocation is off stay unassigned.
	old.Replicas = 2
	if got := tr.Copies(old, 3, None); got != (Copies{PrimaryActive: true, AssignedReplicas: 1, UnassignedReplicas: 1}) {
		t.Errorf("added replica under none: %+v", got)
	}
	// primaries lets the new index's primary in, not replicas.
	tr.Changed([]Index{old, fresh}, 3, None, Primaries)
	if got := tr.Copies(fresh, 3, Primaries); got != (Copies{PrimaryActive: true, UnassignedReplicas: 1}) {
		t.Errorf("after primaries: %+v", got)
	}
	// Back to all: everything placeable is placed, and nothing is remembered.
	tr.Changed([]Index{old, fresh}, 3, Primaries, All)
	if got := tr.Copies(old, 3, All); got != (Copies{PrimaryActive: true, AssignedReplicas: 2}) {
		t.Errorf("after all: %+v", got)
	}
	if len(tr.indexes) != 0 {
		t.Errorf("state kept under all: %v", tr.indexes)
	}
}

func TestChangedSettlesIndexesCreatedMeanwhile(t *testing.T) {
	var tr Tracker
	// Created under primaries and never looked at: switching to none must
	// not take its primary away.
	tr.Changed(nil, 1, All, Primaries)
	ix := Index{UUID: "x", Replicas: 0}
	tr.Changed([]Index{ix}, 1, Primaries, None)
	if got := tr.Copies(ix, 1, None); !got.PrimaryActive {
		t.Errorf("primary allocated under primaries was lost: %+v", got)
	}
	// Deleted indexes are forgotten at the next change.
	tr.Changed(nil, 1, None, None)
	if len(tr.indexes) != 0 {
		t.Errorf("deleted index kept: %v", tr.indexes)
	}
}
