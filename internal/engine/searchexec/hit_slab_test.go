package searchexec

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// TestHitSlabWritesWhatPlainValuesWrite: an answer whose hits hold the
// slab's boxed ids, scores and sources encodes (plainly, filtered while
// writing, and pretty) to the same bytes as one holding the plain values.
func TestHitSlabWritesWhatPlainValuesWrite(t *testing.T) {
	type hit struct {
		id     string
		score  float32
		source []byte
	}
	hits := []hit{
		{"1", 1.5, []byte(`{"title":"a \"b\"","n":1}`)},
		{"a\"b\\c\n\u00e9\x01\xff", float32(math.NaN()), []byte(`{"nested":{"x":[1,2,{"y":null}]}}`)},
		{"", 0, nil},
		{"3", 2, []byte(` { "spaced" : true } `)},
	}
	slab := newHitSlab(len(hits))
	var plain, slabbed []jsonout.Object
	for _, h := range hits {
		plain = append(plain, jsonout.Object{{Key: "_index", Value: "idx"}, {Key: "_id", Value: h.id},
			{Key: "_score", Value: scoreOrNull(h.score)}, {Key: "_source", Value: json.RawMessage(h.source)}})
		o := slab.object()
		o = append(o, jsonout.Field{Key: "_index", Value: "idx"}, jsonout.Field{Key: "_id", Value: slab.str(h.id)},
			jsonout.Field{Key: "_score", Value: slab.score(h.score)}, jsonout.Field{Key: "_source", Value: slab.source(h.source)})
		slabbed = append(slabbed, o)
	}
	body := func(list any) jsonout.Object {
		return jsonout.Object{{Key: "hits", Value: jsonout.Object{{Key: "hits", Value: list}}}}
	}
	plainAny := make([]any, len(plain))
	for i := range plain {
		plainAny[i] = plain[i]
	}
	want, err := jsonout.Append(nil, body(plainAny))
	if err != nil {
		t.Fatal(err)
	}
	got, err := jsonout.Append(nil, body(slabbed))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("slab encodes\n%s\nplain encodes\n%s", got, want)
	}
	if !bytes.Equal(jsonout.Pretty(got), jsonout.Pretty(want)) {
		t.Fatal("pretty outputs differ")
	}
	for _, fp := range []string{"hits.hits._id", "hits.hits._source.title", "-hits.hits._source", "hits.hits._score,hits.hits._source.nested.x", "**.y"} {
		f := jsonout.ParseFilter(fp)
		w, wok := jsonout.AppendFiltered(nil, body(plainAny), f)
		g, gok := jsonout.AppendFiltered(nil, body(slabbed), f)
		if wok != gok || !bytes.Equal(g, w) {
			t.Errorf("filter_path=%s: slab gives %s (%v), plain %s (%v)", fp, g, gok, w, wok)
		}
	}
	// A full slab falls back to plain values.
	if v := slab.str("x"); v != "x" {
		t.Errorf("full slab str = %#v", v)
	}
	if v := slab.source([]byte("{}")); v != nil {
		t.Errorf("full slab source = %#v", v)
	}
}
