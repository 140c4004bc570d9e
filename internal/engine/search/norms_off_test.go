package search

import (
	"slices"
	"testing"
)

// A text field mapped with norms: false still scores each document with
// its term frequency (norm 1), as explain says, and its terms match inside
// conjunctions: only keyword fields are checked on doc values.
func TestNormsOffTextKeepsFrequencyAndConjunctions(t *testing.T) {
	f := newFixture(t, 1, `{"properties":{"t":{"type":"text","norms":false},"k":{"type":"keyword"}}}`,
		[2]string{"1", `{"t":"fox fox fox","k":"a"}`}, [2]string{"2", `{"t":"fox","k":"b"}`},
		[2]string{"3", `{"t":"fox dog","k":"b"}`}, [2]string{"4", `{"t":"dog","k":"b"}`})
	res := f.search(`{"match":{"t":"fox"}}`)
	if got := hits(res); len(got) != 3 || got[0][:2] != "1:" || got[1][2:] != got[2][2:] || got[0][2:] == got[1][2:] {
		t.Errorf("three occurrences should outscore one: %v", got)
	}
	ex, found, err := Explain(f.request(`{"match":{"t":"fox"}}`), "1")
	if err != nil || !found || ex.Value != res.Hits[0].Score {
		t.Errorf("explain %v (found %v, %v), score %v", ex.Value, found, err, res.Hits[0].Score)
	}
	for q, want := range map[string][]string{
		`{"bool":{"must":[{"match":{"t":"fox"}},{"match":{"t":"dog"}}]}}`:           {"3"},
		`{"bool":{"must":[{"match":{"t":"fox"}}],"filter":[{"term":{"k":"a"}}]}}`:   {"1"},
		`{"bool":{"filter":[{"term":{"k":"b"}},{"match":{"t":"dog"}}]}}`:            {"3", "4"},
		`{"bool":{"must":[{"term":{"k":"b"}}],"must_not":[{"match":{"t":"dog"}}]}}`: {"2"},
	} {
		var ids []string
		for _, h := range f.search(q).Hits {
			ids = append(ids, h.Doc.ID)
		}
		slices.Sort(ids)
		if !slices.Equal(ids, want) {
			t.Errorf("%s: %v, want %v", q, ids, want)
		}
	}
}
