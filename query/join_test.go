package query

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestJoinQueriesMarshal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q    Query
		want string
	}{
		{HasChild("answer", Match("text", "rice")), `{"has_child":{"type":"answer","query":{"match":{"text":{"query":"rice"}}}}}`},
		{HasChild("answer", MatchAll()).WithScoreMode("sum").WithMinChildren(2).WithMaxChildren(5).WithIgnoreUnmapped(true).
			WithInnerHits(innerHitsJSON(`{"size":1}`)).WithBoost(2).WithName("hc"),
			`{"has_child":{"type":"answer","query":{"match_all":{}},"score_mode":"sum","min_children":2,"max_children":5,"ignore_unmapped":true,"inner_hits":{"size":1},"boost":2,"_name":"hc"}}`},
		{HasParent("question", Term("tag", "food")).WithScore(true).WithIgnoreUnmapped(false).WithBoost(1.5).WithName("hp"),
			`{"has_parent":{"parent_type":"question","query":{"term":{"tag":{"value":"food"}}},"score":true,"ignore_unmapped":false,"boost":1.5,"_name":"hp"}}`},
		{ParentID("answer", "q1").WithIgnoreUnmapped(true).WithBoost(3).WithName("p"),
			`{"parent_id":{"type":"answer","id":"q1","ignore_unmapped":true,"boost":3,"_name":"p"}}`},
	}
	for _, c := range cases {
		b, err := json.Marshal(c.q)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.want {
			t.Errorf("got  %s\nwant %s", b, c.want)
		}
	}
	for q, want := range map[Query]string{
		HasChild("", MatchAll()): "has_child needs a type and a query",
		HasChild("c", nil):       "has_child needs a type and a query",
		HasParent("p", nil):      "has_parent needs a parent type and a query",
		ParentID("c", ""):        "parent_id needs a type and an id",
	} {
		if _, err := json.Marshal(q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
}
