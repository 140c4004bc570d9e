package query

import (
	"encoding/json"
	"testing"
)

func TestMoreLikeThisMarshal(t *testing.T) {
	t.Parallel()
	q := MoreLikeThis([]string{"title"}, "go concurrency", LikeDocument{Index: "books", ID: "3"}, LikeDocument{Doc: map[string]any{"title": "rust"}}).
		WithMinTermFreq(1).WithMinDocFreq(1).WithMaxQueryTerms(10).WithMinimumShouldMatch("50%")
	q.Include = Ptr(true)
	b, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"more_like_this":{"fields":["title"],"like":["go concurrency",{"_index":"books","_id":"3"},{"doc":{"title":"rust"}}],"max_query_terms":10,"min_term_freq":1,"min_doc_freq":1,"minimum_should_match":"50%","include":true}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	if _, err := json.Marshal(MoreLikeThis(nil)); err == nil {
		t.Error("a query with nothing to be like marshalled")
	}
}
