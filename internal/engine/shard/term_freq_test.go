package shard

import "testing"

func TestTotalTermFreqFollowsTheView(t *testing.T) {
	s := New(0, t0)
	index := func(id string, f *Fields) {
		if _, c := s.Index(&Write{ID: id, Source: []byte(`{}`), Fields: f, IfSeqNo: NoSeqNo, Now: t0}); c != nil {
			t.Fatal(c)
		}
	}
	index("1", textDoc("body", "a", "b", "a"))
	index("2", textDoc("body", "a"))
	s.Refresh(t0)
	// A document indexed after the refresh is not counted yet.
	index("3", textDoc("body", "a", "a"))
	s.Read(nil, func(r *Reader) {
		if n := r.TotalTermFreq("body", "a"); n != 3 {
			t.Errorf("ttf(a) = %d, want 3", n)
		}
		if n := r.TotalTermFreq("body", "b") + r.TotalTermFreq("body", "zz") + r.TotalTermFreq("nope", "a"); n != 1 {
			t.Errorf("ttf(b)+missing = %d, want 1", n)
		}
	})
	s.Refresh(t0)
	s.Read(nil, func(r *Reader) {
		if n := r.TotalTermFreq("body", "a"); n != 5 {
			t.Errorf("after refresh ttf(a) = %d, want 5", n)
		}
	})
}
