// Package allocation decides which shard copies of the simulated cluster are
// assigned, as OpenSearch's allocation deciders would for a cluster whose
// nodes never fail: every primary and as many replicas as there are other
// data nodes, unless cluster.routing.allocation.enable forbids it
// (EnableAllocationDecider).
//
// Allocation is sticky: a copy once assigned stays assigned when the setting
// later forbids new allocations, and a copy left unassigned waits for a
// setting that allows it. The tracker therefore remembers, per index, what
// was assigned while the setting was not "all"; under "all" every copy that
// can be placed is, so nothing needs remembering.
package allocation

import "sync"

// Enable is a value of cluster.routing.allocation.enable.
type Enable string

// The values of cluster.routing.allocation.enable (EnableAllocationDecider.Allocation).
const (
	All          Enable = "all"           // every copy may be allocated
	Primaries    Enable = "primaries"     // primaries only
	NewPrimaries Enable = "new_primaries" // primaries of new indexes only
	None         Enable = "none"          // nothing new is allocated
)

// Copies is the allocation of each shard of one index (all shards of an
// index are alike in the fake: they are created and decided together).
type Copies struct {
	PrimaryActive      bool
	AssignedReplicas   int
	UnassignedReplicas int
}

// Active is the number of active copies of each shard.
func (c Copies) Active() int {
	if !c.PrimaryActive {
		return 0
	}
	return 1 + c.AssignedReplicas
}

// Unassigned is the number of unassigned copies of each shard.
func (c Copies) Unassigned() int {
	n := c.UnassignedReplicas
	if !c.PrimaryActive {
		n++
	}
	return n
}

// Index names an index for a reroute: its uuid (a recreated index is a new
// index) and its current replica count.
type Index struct {
	UUID     string
	Replicas int
}

// state is what is assigned of an index while the setting is not "all".
type state struct {
	primary  bool
	replicas int
}

// Tracker holds the sticky allocation state. The zero value is ready; it is
// safe for concurrent use.
type Tracker struct {
	mu      sync.Mutex
	indexes map[string]*state // by index uuid
}

// full is the allocation "all" reaches: the primary and one replica per other
// data node.
func full(replicas, dataNodes int) Copies {
	free := dataNodes - 1
	if free < 0 {
		free = 0
	}
	assigned := min(replicas, free)
	return Copies{PrimaryActive: true, AssignedReplicas: assigned, UnassignedReplicas: replicas - assigned}
}

// reroute applies one allocation round under mode: an unassigned primary of
// a new index is allocated unless mode is none; replicas are allocated only
// under all (and after their primary); replicas removed by a lower replica
// count go away whatever the mode.
func (s *state) reroute(replicas, dataNodes int, mode Enable) {
	if !s.primary && mode != None {
		// The fake's unassigned primaries always belong to new indexes
		// (recovery from an empty store), which new_primaries allows.
		s.primary = true
	}
	if s.primary && mode == All {
		s.replicas = full(replicas, dataNodes).AssignedReplicas
	}
	s.replicas = min(s.replicas, replicas)
}

func (s *state) copies(replicas int) Copies {
	return Copies{PrimaryActive: s.primary, AssignedReplicas: s.replicas, UnassignedReplicas: replicas - s.replicas}
}

// Copies reports the allocation of an index under the current mode. An
// index not seen before under a restricting mode is a new index: its copies
// start unassigned and get what mode allows.
func (t *Tracker) Copies(ix Index, dataNodes int, mode Enable) Copies {
	t.mu.Lock()
	defer t.mu.Unlock()
	st, ok := t.indexes[ix.UUID]
	if mode == All {
		if ok {
			delete(t.indexes, ix.UUID)
		}
		return full(ix.Replicas, dataNodes)
	}
	if !ok {
		st = &state{}
		if t.indexes == nil {
			t.indexes = map[string]*state{}
		}
		t.indexes[ix.UUID] = st
	}
	st.reroute(ix.Replicas, dataNodes, mode)
	return st.copies(ix.Replicas)
}

// Changed applies a change of the setting from old to cur to the existing
// indexes, as the reroute that follows a settings update does: first what
// old allowed (settling indexes created since the last reroute), then cur.
// Indexes not listed (deleted ones) are forgotten.
func (t *Tracker) Changed(existing []Index, dataNodes int, old, cur Enable) {
	t.mu.Lock()
	defer t.mu.Unlock()
	next := make(map[string]*state, len(existing))
	for _, ix := range existing {
		st, ok := t.indexes[ix.UUID]
		switch {
		case !ok && old == All:
			f := full(ix.Replicas, dataNodes)
			st = &state{primary: true, replicas: f.AssignedReplicas}
		case !ok:
			st = &state{}
		}
		st.reroute(ix.Replicas, dataNodes, old)
		st.reroute(ix.Replicas, dataNodes, cur)
		next[ix.UUID] = st
	}
	if cur == All {
		next = nil // everything that can be placed is
	}
	t.indexes = next
}

// ForNew is the allocation an index created now would get: what mode lets
// in of copies that all start unassigned.
func ForNew(replicas, dataNodes int, mode Enable) Copies {
	var st state
	st.reroute(replicas, dataNodes, mode)
	return st.copies(replicas)
}
