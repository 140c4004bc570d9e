package search_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
)

func TestFakeTermSuggestions(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	c := srv.Client()
	resp, err := c.Search.Search(context.Background(), []string{"movies"}, &search.Request{Suggest: map[string]any{
		"text":  "drve moneybal",
		"title": search.TermSuggester{Field: "title", Size: query.Ptr(1)},
	}}, &search.Params{TypedKeys: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	// Suggest-only: no hits.
	if resp.Hits.Total.Value != 0 || len(resp.Hits.Hits) != 0 {
		t.Errorf("hits = %+v", resp.Hits)
	}
	got := resp.Suggest["term#title"]
	want := []search.Suggestion{
		{Text: "drve", Offset: 0, Length: 4, Options: []search.SuggestOption{{Text: "drive", Score: 0.75, Freq: 2}}},
		{Text: "moneybal", Offset: 5, Length: 8, Options: []search.SuggestOption{{Text: "moneyball", Score: 0.875, Freq: 1}}},
	}
	if len(got) != len(want) {
		t.Fatalf("suggest = %+v", resp.Suggest)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Text != w.Text || g.Offset != w.Offset || g.Length != w.Length || len(g.Options) != 1 || !reflect.DeepEqual(g.Options[0], w.Options[0]) {
			t.Errorf("entry %d = %+v, want %+v", i, g, w)
		}
	}
	// The URL parameters build the same suggester, named after the field.
	resp, err = c.Search.Search(context.Background(), []string{"movies"}, nil,
		&search.Params{SuggestField: "title", SuggestText: "drve", SuggestMode: "always", SuggestSize: query.Ptr(1)})
	if err != nil {
		t.Fatal(err)
	}
	if s := resp.Suggestions("title"); len(s) != 1 || s[0].Options[0].Text != "drive" || s[0].Options[0].Freq != 2 {
		t.Errorf("suggest = %+v", resp.Suggest)
	}
}

func TestFakePhraseSuggestion(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	// One shard, 10 title tokens, 8 distinct terms: "drve" -> "drive" (one
	// edit in four letters, score 0.75, ttf 2) beats the input:
	// exp(log10(0.75 * 3/18) + log10(0.95 * 2/18)).
	resp, err := srv.Client().Search.Search(context.Background(), []string{"movies"}, &search.Request{Size: query.Ptr(0), Suggest: map[string]any{
		"fix": search.PhraseSuggester{Text: "Drve Home", Field: "title", Highlight: &search.PhraseHighlight{PreTag: "<b>", PostTag: "</b>"}},
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := resp.Suggestions("fix")
	if len(s) != 1 || s[0].Text != "Drve Home" || s[0].Length != 9 || len(s[0].Options) != 1 {
		t.Fatalf("suggest = %+v", resp.Suggest)
	}
	if o := s[0].Options[0]; o.Text != "drive home" || o.Highlighted != "<b>drive</b> home" || float32(o.Score) != 0.15264979 {
		t.Errorf("option = %+v", o)
	}
}
