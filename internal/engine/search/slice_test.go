package search

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"testing"
)

// Uid.encodeId: numeric ids packed, base64 ids decoded (escaped when the
// first byte could be a marker), the rest UTF-8 behind 0xff.
func TestEncodeID(t *testing.T) {
	cases := []struct {
		id   string
		want []byte
	}{
		{"1234", []byte{0xfe, 0x12, 0x34}},
		{"123", []byte{0xfe, 0x12, 0x3f}},
		{"AAAA", []byte{0, 0, 0}},
		{"abc", []byte{0x69, 0xb7}},
		{"_w", []byte{0xfd, 0xff}},
		{"ab", []byte{0xff, 'a', 'b'}}, // 'b' would leave stray bits
		{"a", []byte{0xff, 'a'}},
		{"é", []byte{0xff, 0xc3, 0xa9}},
		{"doc-1!", []byte{0xff, 'd', 'o', 'c', '-', '1', '!'}},
	}
	for _, c := range cases {
		if got := encodeID(c.id); !bytes.Equal(got, c.want) {
			t.Errorf("encodeID(%q) = %x, want %x", c.id, got, c.want)
		}
	}
	if floorMod(-7, 3) != 2 || floorMod(7, 3) != 1 {
		t.Error("floorMod is Math.floorMod")
	}
}

func sliceIDs(t *testing.T, f *fixture, s *Slice) []string {
	t.Helper()
	req := f.request("")
	req.Size, req.Scroll, req.Slice = 100, true, s
	res := Run(req)
	if len(res.Failures) > 0 {
		t.Fatalf("slice %+v: %v", s, res.Failures[0].Err)
	}
	var ids []string
	for _, h := range res.Hits {
		ids = append(ids, h.Doc.ID)
	}
	sort.Strings(ids)
	return ids
}

func TestSlicePartitions(t *testing.T) {
	var docs [][2]string
	for i := 0; i < 40; i++ {
		src := fmt.Sprintf(`{"n":%d}`, i*7)
		if i%10 == 0 {
			src = `{}`
		}
		docs = append(docs, [2]string{fmt.Sprintf("d%d", i), src})
	}
	for _, shards := range []int{1, 2, 3} {
		f := newFixture(t, shards, `{"properties":{"n":{"type":"long"},"k":{"type":"keyword"}}}`, docs...)
		for _, field := range []string{"_id", "n"} {
			for _, max := range []int{2, 3, 5} {
				var all []string
				for id := 0; id < max; id++ {
					got := sliceIDs(t, f, &Slice{Field: field, ID: id, Max: max})
					all = append(all, got...)
				}
				sort.Strings(all)
				if len(all) != 40 || len(slices.Compact(slices.Clone(all))) != 40 {
					t.Errorf("%d shards, %s, max %d: slices hold %d documents, %d distinct; want each of 40 once", shards, field, max, len(all), len(slices.Compact(slices.Clone(all))))
				}
			}
		}
	}
	// One shard: membership is the hash of the encoded _id, or BitMixer of
	// the value (no value: slice 0).
	f := newFixture(t, 1, `{"properties":{"n":{"type":"long"}}}`, docs...)
	var want0 []string
	for _, d := range docs {
		if floorMod(int64(murmur3(encodeID(d[0]), termsSliceSeed)), 3) == 0 {
			want0 = append(want0, d[0])
		}
	}
	sort.Strings(want0)
	if got := sliceIDs(t, f, &Slice{Field: "_id", ID: 0, Max: 3}); !slices.Equal(got, want0) {
		t.Errorf("_id slice 0/3: %v, want %v", got, want0)
	}
	var wantN []string
	for i, d := range docs {
		if i%10 == 0 || floorMod(int64(int32(mix64(int64(i*7)))), 2) == 0 {
			wantN = append(wantN, d[0])
		}
	}
	sort.Strings(wantN)
	if got := sliceIDs(t, f, &Slice{Field: "n", ID: 0, Max: 2}); !slices.Equal(got, wantN) {
		t.Errorf("n slice 0/2: %v, want %v", got, wantN)
	}
	// Three shards, two slices: whole shards are dealt out (shard % max).
	f3 := newFixture(t, 3, "", docs...)
	var want1 []string
	for _, d := range docs {
		if f3.x.Routing.Shard(d[0], "") == 1 {
			want1 = append(want1, d[0])
		}
	}
	sort.Strings(want1)
	if got := sliceIDs(t, f3, &Slice{Field: "_id", ID: 1, Max: 2}); !slices.Equal(got, want1) {
		t.Errorf("3 shards, slice 1/2: %v, want shard 1's %v", got, want1)
	}
}

// Searching a subset of the shards (routing, _shards preference) numbers
// the searched shards from 0 in shard order, as SliceBuilder does.
func TestSliceShardSubset(t *testing.T) {
	var docs [][2]string
	for i := 0; i < 30; i++ {
		docs = append(docs, [2]string{fmt.Sprintf("d%d", i), `{}`})
	}
	f := newFixture(t, 3, "", docs...)
	onShard := func(sh int) []string {
		var out []string
		for _, d := range docs {
			if f.x.Routing.Shard(d[0], "") == sh {
				out = append(out, d[0])
			}
		}
		sort.Strings(out)
		return out
	}
	for id, sh := range []int{1, 2} {
		req := f.request("")
		req.Targets = req.Targets[1:]
		req.Size, req.Scroll, req.Slice = 100, true, &Slice{Field: "_id", ID: id, Max: 2}
		var got []string
		for _, h := range Run(req).Hits {
			got = append(got, h.Doc.ID)
		}
		sort.Strings(got)
		if want := onShard(sh); len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("slice %d/2 of shards 1,2: %v, want shard %d's %v", id, got, sh, want)
		}
	}
}

func TestSliceErrors(t *testing.T) {
	f := newFixture(t, 1, `{"properties":{"k":{"type":"keyword"}}}`, [2]string{"1", `{"k":"a"}`})
	for _, c := range []struct {
		scroll bool
		s      Slice
		typ    string
		want   string
	}{
		{false, Slice{Field: "_id", ID: 0, Max: 2}, "search_exception", "`slice` cannot be used outside of a scroll context or PIT context"},
		{true, Slice{Field: "nope", ID: 0, Max: 2}, "illegal_argument_exception", "field nope not found"},
		{true, Slice{Field: "k", ID: 0, Max: 2}, "illegal_argument_exception", "cannot load numeric doc values on k"},
	} {
		req := f.request("")
		req.Scroll, req.Slice = c.scroll, &c.s
		res := Run(req)
		if len(res.Failures) != 1 || res.Failures[0].Err.Type != c.typ || res.Failures[0].Err.Reason != c.want {
			t.Errorf("%+v: %v, want %s %q", c.s, res.Failures, c.typ, c.want)
		}
	}
}
