package shard

import (
	"testing"
	"time"
)

// TestForceMergeKeepsPinnedVersions: a merge drops superseded versions from
// the postings unless a pinned view still sees them, and the current view's
// statistics count only the live versions either way.
func TestForceMergeKeepsPinnedVersions(t *testing.T) {
	s := New(0, t0)
	fields := map[string]*Fields{}
	w := func(id string, f *Fields) {
		fields[id] = f
		if _, c := s.Index(&Write{ID: id, Source: []byte(id), Fields: f, IfSeqNo: NoSeqNo, Now: t0, GCDeletes: time.Minute}); c != nil {
			t.Fatal(c)
		}
	}
	w("1", textDoc("body", "old"))
	w("2", textDoc("body", "old"))
	s.Refresh(t0)
	pinned := s.MaybeRefresh(t0, 0)
	release := s.Pin(pinned)
	w("1", textDoc("body", "new"))
	s.Refresh(t0)
	// The map holds each id's latest fields; the first version of 1 (seq_no
	// 0) had "old".
	old := textDoc("body", "old")
	reindex := func(d *Doc, add func(f *Fields)) {
		if d.SeqNo == 0 {
			add(old)
			return
		}
		add(fields[string(d.Source)])
	}
	s.ForceMerge(reindex)
	count := func(v View, term string) int {
		n := 0
		s.Read(&v, func(r *Reader) {
			it := r.Postings("body", term)
			if it == nil {
				return
			}
			for it.Next() {
				if r.Live(it.Doc) {
					n++
				}
			}
		})
		return n
	}
	if got := count(pinned, "old"); got != 2 {
		t.Errorf("pinned view finds %d old documents after the merge, want 2", got)
	}
	current := s.MaybeRefresh(t0, 0)
	if got := count(current, "old"); got != 1 {
		t.Errorf("current view finds %d old documents, want 1", got)
	}
	if st := current.Stats["body"]; st.DocCount != 2 {
		t.Errorf("current statistics count %d documents, want the 2 live ones", st.DocCount)
	}
	release()
	s.ForceMerge(reindex)
	if got := count(pinned, "old"); got != 1 {
		t.Errorf("after the release a merge keeps %d old documents for the old view, want 1 (the superseded one is gone)", got)
	}
}
