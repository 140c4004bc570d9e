package shard

import "testing"

// withNested is a root document with the given hidden nested documents.
func withNested(root *Fields, nested ...*Fields) *Fields {
	for _, n := range nested {
		root.Nested = append(root.Nested, *n)
	}
	return root
}

func TestNestedDocumentsAreHiddenSlots(t *testing.T) {
	s := New(0, t0)
	index := func(id string, f *Fields) {
		if _, c := s.Index(&Write{ID: id, Source: []byte(`{}`), Fields: f, IfSeqNo: NoSeqNo, Now: t0}); c != nil {
			t.Fatal(c)
		}
	}
	index("1", withNested(textDoc("title", "red", "shoe"), textDoc("c", "red", "red"), textDoc("c", "blue")))
	index("2", withNested(textDoc("title", "blue")))
	s.Refresh(t0)
	check := func(maxDoc int32, live []int32, c FieldStats, titles int64, liveDocs, deleted int) {
		t.Helper()
		s.Read(nil, func(r *Reader) {
			if r.MaxDoc() != maxDoc || r.AllLive() {
				t.Errorf("MaxDoc %d AllLive %v, want %d false", r.MaxDoc(), r.AllLive(), maxDoc)
			}
			var got []int32
			for i := int32(0); i < r.MaxDoc(); i++ {
				if r.Live(i) {
					got = append(got, i)
				}
			}
			if len(got) != len(live) || (len(got) > 0 && got[0] != live[0]) || (len(got) > 1 && got[1] != live[1]) {
				t.Errorf("live slots %v, want %v", got, live)
			}
			if st, _ := r.FieldStats("c"); st != c {
				t.Errorf("stats of c = %+v, want %+v", st, c)
			}
			// Nested values are on the hidden slots only.
			if it := r.Postings("c", "red"); it == nil || !it.Next() || it.Doc != 0 || it.Freq() != 2 || it.Next() {
				t.Error("postings of c:red should hold hidden slot 0 only")
			}
			if st, _ := r.FieldStats("title"); st.DocCount != titles {
				t.Errorf("title docCount %d, want %d (roots only)", st.DocCount, titles)
			}
		})
		if l, d := s.Stats(); l != liveDocs || d != deleted {
			t.Errorf("Stats = %d live %d deleted, want %d %d", l, d, liveDocs, deleted)
		}
		if n := s.Count(s.MaybeRefresh(t0, 0)); n != len(live) {
			t.Errorf("Count = %d, want %d", n, len(live))
		}
	}
	// Slots: 0, 1 hidden; 2 root "1"; 3 root "2".
	check(4, []int32{2, 3}, FieldStats{DocCount: 2, SumTotalTermFreq: 3, SumDocFreq: 2}, 2, 4, 0)

	// Overwriting "1" supersedes its block: the old nested documents count as
	// deleted and stay in the statistics until a merge, as in Lucene.
	index("1", withNested(textDoc("title", "red"), textDoc("c", "green")))
	s.Refresh(t0)
	check(6, []int32{3, 5}, FieldStats{DocCount: 3, SumTotalTermFreq: 4, SumDocFreq: 3}, 3, 3, 3)
	s.ForceMerge(func(d *Doc, add func(f *Fields)) {
		if d.ID == "1" {
			add(withNested(textDoc("title", "red"), textDoc("c", "green")))
		} else {
			add(textDoc("title", "blue"))
		}
	})
	s.Read(nil, func(r *Reader) {
		if st, _ := r.FieldStats("c"); st != (FieldStats{DocCount: 1, SumTotalTermFreq: 1, SumDocFreq: 1}) {
			t.Errorf("stats of c after merge = %+v", st)
		}
		if it := r.Postings("c", "green"); it == nil || !it.Next() || it.Doc != 4 {
			t.Error("the merge should keep the hidden slot of c:green")
		}
	})
	s.Delete(&Write{ID: "1", IfSeqNo: NoSeqNo, Now: t0, GCDeletes: -1})
	if l, d := s.Stats(); l != 1 || d != 5 {
		t.Errorf("after delete Stats = %d %d, want 1 5", l, d)
	}
}

func TestNestedSlotsInTheBlock(t *testing.T) {
	s := New(0, t0)
	b0, b1, c0 := textDoc("b.x", "1"), textDoc("b.x", "2"), textDoc("c.x", "3")
	b0.Path, b1.Path, c0.Path = "b", "b", "c"
	s.Index(&Write{ID: "0", Source: []byte(`{}`), Fields: textDoc("t", "x"), IfSeqNo: NoSeqNo, Now: t0})
	s.Index(&Write{ID: "1", Source: []byte(`{}`), Fields: withNested(textDoc("t", "y"), b0, c0, b1), IfSeqNo: NoSeqNo, Now: t0})
	s.Refresh(t0)
	s.Read(nil, func(r *Reader) {
		// Slots: root 0; hidden b (1), c (2), b (3); root 1 at 4.
		if r.BlockStart(4) != 1 || r.BlockStart(0) != 0 {
			t.Errorf("BlockStart = %d, %d", r.BlockStart(4), r.BlockStart(0))
		}
		got := []int32{r.NestedSlot(4, "b", 0), r.NestedSlot(4, "b", 1), r.NestedSlot(4, "c", 0), r.NestedSlot(4, "b", 2), r.NestedSlot(0, "b", 0)}
		if want := []int32{1, 3, 2, -1, -1}; len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] || got[4] != want[4] {
			t.Errorf("NestedSlot = %v, want %v", got, want)
		}
		if r.Slot("b") != -1 || r.Live(1) {
			t.Error("a hidden document must not be found by its path")
		}
	})
}
