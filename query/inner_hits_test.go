package query

import "testing"

// innerHitsJSON is a raw inner_hits body for this package's tests (the
// typed one, search.InnerHits, lives in a package that imports this one).
type innerHitsJSON string

func (j innerHitsJSON) MarshalJSON() ([]byte, error) { return []byte(j), nil }
func (innerHitsJSON) InnerHitsOptions()              {}

func TestNestedWithInnerHits(t *testing.T) {
	t.Parallel()
	q := Nested("comments", MatchAll()).WithInnerHits(innerHitsJSON(`{"name":"c","size":1}`)).WithName("n")
	b, err := q.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"nested":{"path":"comments","query":{"match_all":{}},"inner_hits":{"name":"c","size":1},"_name":"n"}}`; string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
