package search_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// Highlighting through the typed SDK against the fake: the fragments are
// the ones OpenSearch 2.19's highlighters cut (see the engine's tests for
// how each was worked out).
func TestHighlightAgainstFake(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	if err := srv.CreateIndex("notes", map[string]any{"mappings": map[string]any{"properties": map[string]any{
		"body": map[string]any{"type": "text"}, "tags": map[string]any{"type": "text"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := srv.IndexDocuments("notes", fake.Doc{ID: "1", Source: map[string]any{
		"body": "The quick brown fox jumps. A lazy dog sleeps! Foxes are quick. Nothing <else> here.",
		"tags": []string{"red apple pie", "green apple"},
	}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		q    query.Query
		hl   *search.Highlight
		want map[string][]string
	}{
		{"unified sentences by score", query.Match("body", "quick dog"), &search.Highlight{
			HighlightOptions: search.HighlightOptions{Order: search.HighlightOrderScore, FragmentSize: query.Ptr(30)},
			Fields:           map[string]search.HighlightField{"body": {}},
		}, map[string][]string{"body": {"A lazy <em>dog</em> sleeps!", "Foxes are <em>quick</em>.", "The <em>quick</em> brown fox jumps."}}},
		{"unified multi-valued", query.Match("tags", "apple"), &search.Highlight{
			Fields: map[string]search.HighlightField{"tags": {}},
		}, map[string][]string{"tags": {"red <em>apple</em> pie", "green <em>apple</em>"}}},
		{"html and styled", query.Match("body", "nothing"), &search.Highlight{
			Encoder:          search.HighlightEncoderHTML,
			HighlightOptions: search.HighlightOptions{TagsSchema: search.HighlightTagsStyled, FragmentSize: query.Ptr(30)},
			Fields:           map[string]search.HighlightField{"body": {}},
		}, map[string][]string{"body": {`<em class="hlt1">Nothing</em> &lt;else&gt; here.`}}},
		{"plain best first", query.Match("body", "dog sleeps quick"), &search.Highlight{
			HighlightOptions: search.HighlightOptions{Type: search.HighlighterPlain, FragmentSize: query.Ptr(30), NumberOfFragments: query.Ptr(2)},
			Fields:           map[string]search.HighlightField{"body": {}},
		}, map[string][]string{"body": {" lazy <em>dog</em> <em>sleeps</em>! Foxes are", "The <em>quick</em> brown fox jumps. A"}}},
		{"no_match_size", query.Match("tags", "green"), &search.Highlight{
			Fields: map[string]search.HighlightField{"body": {HighlightOptions: search.HighlightOptions{NoMatchSize: query.Ptr(10)}}},
		}, map[string][]string{"body": {"The quick brown"}}},
	}
	for _, c := range cases {
		resp, err := srv.Client().Search.Search(context.Background(), []string{"notes"}, &search.Request{Query: c.q, Highlight: c.hl}, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(resp.Hits.Hits) != 1 || !reflect.DeepEqual(resp.Hits.Hits[0].Highlight, c.want) {
			t.Errorf("%s: hits %+v, want highlight %v", c.name, resp.Hits.Hits, c.want)
		}
	}

	// A highlighter failure is the search's error.
	_, err := srv.Client().Search.Search(context.Background(), []string{"notes"}, &search.Request{Query: query.Match("body", "fox"),
		Highlight: &search.Highlight{Fields: map[string]search.HighlightField{"body": {HighlightOptions: search.HighlightOptions{Type: search.HighlighterFastVector}}}}}, nil)
	var apiErr *types.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || len(apiErr.RootCause) == 0 ||
		apiErr.RootCause[0].Reason != "the field [body] should be indexed with term vector with position offsets to be used with fast vector highlighter" {
		t.Errorf("fvh error = %v", err)
	}
}
