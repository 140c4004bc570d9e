package jsonout

import (
	"bytes"
	"encoding/json"
	"testing"
)

// decodedFilter is the reference: encode, decode, filter, encode (nil when
// the encoding does not decode: the writer then sends it unfiltered).
func decodedFilter(t testing.TB, v any, f *Filter) []byte {
	out, err := Append(nil, v)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Decode(out)
	if err != nil {
		return nil
	}
	res, err := Marshal(f.Apply(tree))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// filterCorpus is an answer shaped like a search response: ordered objects,
// a raw _source with spacing and escapes the decoding path normalises, an
// Appender, floats, a struct, nested arrays and empty containers.
func filterCorpus() any {
	hit := func(id string, src string) Object {
		return Object{{Key: "_index", Value: "books"}, {Key: "_id", Value: id}, {Key: "_score", Value: 1.5},
			{Key: "_source", Value: json.RawMessage(src)}, {Key: "sort", Value: []any{int64(3), "x"}}}
	}
	return Object{
		{Key: "took", Value: 3}, {Key: "timed_out", Value: false},
		{Key: "_shards", Value: Object{{Key: "total", Value: 1}, {Key: "failed", Value: 0}}},
		{Key: "hits", Value: Object{
			{Key: "total", Value: Object{{Key: "value", Value: int64(2)}, {Key: "relation", Value: "eq"}}},
			{Key: "max_score", Value: 1.5},
			{Key: "hits", Value: []any{
				hit("1", `{ "title" : "caf\u00e9", "tags":["a","b"], "n": 1.0E2, "obj": {"x": {"y": null}}, "empty": {} }`),
				hit("2", `{"title":"two","tags":[],"arr":[{"x":1},{"z":2},3]}`),
			}},
		}},
		{Key: "aggregations", Value: Object{{Key: "by_tag", Value: struct {
			Buckets []map[string]any `json:"buckets"`
		}{[]map[string]any{{"key": "a", "doc_count": 1}}}}}},
		{Key: "list", Value: []Object{{{Key: "a", Value: 1}}, {}}},
		{Key: "strs", Value: []string{"p", "q"}},
		{Key: "num", Value: json.Number("12345678901234567890")},
		{Key: "nil", Value: nil},
		{Key: "bad_utf8", Value: "a\xffb"},
	}
}

var filterExprs = []string{
	"took", "hits.hits._id", "hits.hits._source", "hits.hits._source.title", "hits.**.x", "**.y", "**",
	"-hits.hits._source", "hits.hits,-hits.hits._source.tags", "*.total", "h*.h*._source.t*", "-**.x",
	"aggregations.by_tag.buckets.key", "list.a", "strs", "nothing", "hits.hits._source.obj.x", "hits.hits._source.empty",
	"hits.hits.sort", "-took,-_shards", "hits.total.value,-hits.total", "hits.hits._source.arr.x", "num,nil,bad_utf8",
	"hits.hits._source.obj,-hits.hits._source.obj.x.y", "-hits.hits", ",", "hits.max_score",
}

// TestAppendFilteredMatchesDecoding checks that filtering while writing
// gives the bytes of the decoding path for every filter of the list.
func TestAppendFilteredMatchesDecoding(t *testing.T) {
	v := filterCorpus()
	for _, expr := range filterExprs {
		f := ParseFilter(expr)
		if f == nil {
			continue
		}
		want := decodedFilter(t, v, f)
		got, ok := AppendFiltered([]byte("prefix"), v, f)
		if !ok {
			t.Errorf("%q: AppendFiltered gave up on a decodable answer", expr)
			continue
		}
		if !bytes.Equal(got[len("prefix"):], want) {
			t.Errorf("%q:\n got %s\nwant %s", expr, got[len("prefix"):], want)
		}
	}
}

// TestAppendFilteredGivesUp checks the answers the decoding path sends
// unfiltered: AppendFiltered declines them and leaves dst as it was.
func TestAppendFilteredGivesUp(t *testing.T) {
	f := ParseFilter("a")
	deep := any("x")
	for i := 0; i < maxDepth+2; i++ {
		deep = Object{{Key: "a", Value: deep}}
	}
	for name, v := range map[string]any{
		"duplicate key":       Object{{Key: "a", Value: 1}, {Key: "a", Value: 2}},
		"duplicate raw key":   Object{{Key: "a", Value: json.RawMessage(`{"k":1,"k":2}`)}},
		"raw that is no JSON": Object{{Key: "a", Value: json.RawMessage(`{nope`)}},
		"too deep":            deep,
	} {
		if decodedFilter(t, v, f) != nil {
			t.Fatalf("%s: the reference decodes it", name)
		}
		if got, ok := AppendFiltered([]byte("x"), v, f); ok || string(got) != "x" {
			t.Errorf("%s: ok=%v, dst %q", name, ok, got)
		}
	}
}

// FuzzAppendFiltered compares both paths on decoded documents (each raw in
// an object beside ordered values) and fuzzed filters.
func FuzzAppendFiltered(f *testing.F) {
	f.Add(`{"a":{"b":[1,{"c":2}]},"d":"e"}`, "a.b.c,-d")
	f.Add(`[{"x":1.5},{"y":[]}]`, "**.x")
	f.Add(`{"k":{"k":{"k":1}}}`, "-k.k,k")
	f.Fuzz(func(t *testing.T, doc, expr string) {
		tree, err := Decode([]byte(doc))
		if err != nil {
			return
		}
		flt := ParseFilter(expr)
		if flt == nil {
			return
		}
		for _, v := range []any{tree, Object{{Key: "raw", Value: json.RawMessage(doc)}, {Key: "tree", Value: tree}}} {
			want := decodedFilter(t, v, flt)
			got, ok := AppendFiltered(nil, v, flt)
			if want == nil {
				if ok {
					t.Fatalf("doc %s filter %q: filtered an answer the decoding path sends unfiltered", doc, expr)
				}
				continue
			}
			if !ok || !bytes.Equal(got, want) {
				t.Fatalf("doc %s filter %q:\n got %s (ok %v)\nwant %s", doc, expr, got, ok, want)
			}
		}
	})
}
