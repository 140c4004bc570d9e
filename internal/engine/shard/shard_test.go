package shard

import (
	"testing"
	"time"
)

var t0 = time.UnixMilli(1700000000000)

func textDoc(field string, terms ...string) *Fields {
	f := &Fields{Text: []TextValue{{Field: field, Norm: byte(len(terms))}}}
	for i, t := range terms {
		f.Text[0].Tokens = append(f.Text[0].Tokens, Token{Term: t, Position: int32(i)})
	}
	return f
}

func TestVersionsAndSeqNos(t *testing.T) {
	s := New(0, t0)
	r, c := s.Index(&Write{ID: "1", Source: []byte(`{}`), IfSeqNo: NoSeqNo, Now: t0, GCDeletes: time.Minute})
	if c != nil || !r.Created || r.Version != 1 || r.SeqNo != 0 || r.PrimaryTerm != 1 {
		t.Fatalf("first index: %+v %v", r, c)
	}
	r, _ = s.Index(&Write{ID: "1", Source: []byte(`{"a":1}`), IfSeqNo: NoSeqNo, Now: t0, GCDeletes: time.Minute})
	if r.Created || r.Version != 2 || r.SeqNo != 1 {
		t.Fatalf("overwrite: %+v", r)
	}
	if _, c := s.Index(&Write{ID: "1", IfSeqNo: 0, IfPrimaryTerm: 1, Now: t0}); c == nil ||
		c.Explanation != "required seqNo [0], primary term [1]. current document has seqNo [1] and primary term [1]" {
		t.Fatalf("stale if_seq_no: %v", c)
	}
	r, _ = s.Delete(&Write{ID: "1", IfSeqNo: NoSeqNo, Now: t0, GCDeletes: time.Minute})
	if !r.Found || r.Version != 3 || r.SeqNo != 2 {
		t.Fatalf("delete: %+v", r)
	}
	// Within gc_deletes the tombstone keeps the version going.
	r, _ = s.Index(&Write{ID: "1", Source: []byte(`{}`), IfSeqNo: NoSeqNo, Now: t0.Add(time.Second), GCDeletes: time.Minute})
	if !r.Created || r.Version != 4 {
		t.Fatalf("re-create after delete: %+v", r)
	}
	s.Delete(&Write{ID: "1", IfSeqNo: NoSeqNo, Now: t0, GCDeletes: time.Minute})
	// After gc_deletes the version starts again at 1.
	r, _ = s.Index(&Write{ID: "1", Source: []byte(`{}`), IfSeqNo: NoSeqNo, Now: t0.Add(2 * time.Minute), GCDeletes: time.Minute})
	if r.Version != 1 {
		t.Fatalf("after gc_deletes: %+v", r)
	}
}

func TestRefreshViewAndStats(t *testing.T) {
	s := New(0, t0)
	w := func(id string, f *Fields) {
		if _, c := s.Index(&Write{ID: id, Source: []byte(`{}`), Fields: f, IfSeqNo: NoSeqNo, Now: t0}); c != nil {
			t.Fatal(c)
		}
	}
	w("1", textDoc("body", "a", "b", "a"))
	w("2", textDoc("body", "b"))
	s.Refresh(t0)
	w("1", textDoc("body", "c")) // overwrite after the refresh: invisible until the next one
	w("3", textDoc("body", "a"))

	var slots []int32
	s.Read(nil, func(r *Reader) {
		if r.MaxDoc() != 2 {
			t.Errorf("MaxDoc = %d, want 2", r.MaxDoc())
		}
		for i := int32(0); i < r.MaxDoc(); i++ {
			if r.Live(i) {
				slots = append(slots, i)
			}
		}
		st, _ := r.FieldStats("body")
		if st != (FieldStats{DocCount: 2, SumTotalTermFreq: 4, SumDocFreq: 3}) {
			t.Errorf("stats at refresh = %+v", st)
		}
		if n := r.DocFreq("body", "a"); n != 1 {
			t.Errorf("docFreq(a) = %d, want 1 (doc 3 is after the refresh)", n)
		}
		it := r.Postings("body", "a")
		if !it.Next() || it.Doc != 0 || it.Freq() != 2 || it.Next() {
			t.Errorf("postings(a) should hold only slot 0 with freq 2")
		}
	})
	if len(slots) != 2 {
		t.Errorf("live slots before refresh = %v", slots)
	}
	s.Refresh(t0)
	s.Read(nil, func(r *Reader) {
		live := 0
		for i := int32(0); i < r.MaxDoc(); i++ {
			if r.Live(i) {
				live++
			}
		}
		if live != 3 || r.MaxDoc() != 4 {
			t.Errorf("after refresh: %d live of %d", live, r.MaxDoc())
		}
		// The overwritten version still counts in the statistics until a merge.
		st, _ := r.FieldStats("body")
		if st.DocCount != 4 || st.SumTotalTermFreq != 6 {
			t.Errorf("stats after refresh = %+v", st)
		}
		if n := r.DocFreq("body", "a"); n != 2 {
			t.Errorf("docFreq(a) = %d, want 2", n)
		}
		if r.Slot("1") != 2 || r.Norm("body", 2) != 1 {
			t.Errorf("Slot(1) = %d, norm %d", r.Slot("1"), r.Norm("body", 2))
		}
	})
}

func TestDocValues(t *testing.T) {
	s := New(0, t0)
	s.Index(&Write{ID: "1", Source: []byte(`{}`), IfSeqNo: NoSeqNo, Now: t0, Fields: &Fields{
		Keywords: []KeywordValue{{Field: "tag", Value: "x"}, {Field: "tag", Value: "y"}, {Field: "tag", Value: "x"}},
		Longs:    []LongValue{{"n", 5}, {"n", -1}},
		Doubles:  []DoubleValue{{"f", 1.5}},
	}})
	s.Refresh(t0)
	s.Read(nil, func(r *Reader) {
		if got := r.Keywords("tag", 0, nil); len(got) != 3 || got[0] != "x" || got[1] != "y" {
			t.Errorf("keywords = %v", got)
		}
		if got := r.Longs("n", 0, nil); len(got) != 2 || got[0] != 5 || got[1] != -1 {
			t.Errorf("longs = %v", got)
		}
		if got := r.Doubles("f", 0, nil); len(got) != 1 || got[0] != 1.5 {
			t.Errorf("doubles = %v", got)
		}
		if r.DocFreq("tag", "x") != 1 || !r.HasValue("n", 0) || r.HasValue("zz", 0) {
			t.Error("keyword postings or HasValue wrong")
		}
	})
}
