package search

import (
	"context"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

// The option constants go on the wire as the server spells them.
func TestHighlightConstantsOnTheWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_full.json")
	body := &Request{
		Query: query.Match("body", "fox"),
		Highlight: &Highlight{
			Encoder: HighlightEncoderHTML,
			HighlightOptions: HighlightOptions{
				Type: HighlighterUnified, Order: HighlightOrderScore, TagsSchema: HighlightTagsStyled,
				BoundaryScanner: BoundaryScannerWord,
			},
			Fields: map[string]HighlightField{
				"body":  {HighlightOptions: HighlightOptions{Type: HighlighterPlain, Fragmenter: FragmenterSimple, Order: HighlightOrderNone}},
				"title": {HighlightOptions: HighlightOptions{Type: HighlighterFastVector, BoundaryScanner: BoundaryScannerChars, BoundaryChars: ".,"}},
				"tags":  {HighlightOptions: HighlightOptions{BoundaryScanner: BoundaryScannerSentence, Fragmenter: FragmenterSpan}},
			},
		},
	}
	if _, err := svc.Search(context.Background(), []string{"books"}, body, nil); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search", "", `{
		"query":{"match":{"body":{"query":"fox"}}},
		"highlight":{"fields":{
			"body":{"type":"plain","fragmenter":"simple","order":"none"},
			"tags":{"boundary_scanner":"sentence","fragmenter":"span"},
			"title":{"type":"fvh","boundary_chars":".,","boundary_scanner":"chars"}},
		"encoder":"html","type":"unified","boundary_scanner":"word","order":"score","tags_schema":"styled"}}`)
}
