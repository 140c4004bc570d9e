package query

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func TestTermsLookupQueryJSON(t *testing.T) {
	cases := []struct {
		q    Query
		want string
	}{
		{TermsFrom("user", "users", "2", "followers"), `{"terms":{"user":{"index":"users","id":"2","path":"followers"}}}`},
		{TermsFrom("user", "users", "2", "a.b").WithRouting("r").WithBoost(2).WithName("n"),
			`{"terms":{"user":{"index":"users","id":"2","path":"a.b","routing":"r"},"boost":2,"_name":"n"}}`},
	}
	for _, c := range cases {
		b, err := jsonx.Marshal(c.q)
		if err != nil || string(b) != c.want {
			t.Errorf("got %s (%v), want %s", b, err, c.want)
		}
	}
	if _, err := jsonx.Marshal(TermsFrom("", "i", "1", "p")); err == nil {
		t.Error("a lookup without a field marshalled")
	}
}
