package indices_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestAnalyzeAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	ix := srv.Client().Indices
	got, err := ix.Analyze(ctx, "", &indices.AnalyzeRequest{Text: []string{"Quick FOX"}, Analyzer: "standard"})
	if err != nil {
		t.Fatal(err)
	}
	want := []indices.AnalyzeToken{
		{Token: "quick", StartOffset: 0, EndOffset: 5, Type: "<ALPHANUM>", Position: 0},
		{Token: "fox", StartOffset: 6, EndOffset: 9, Type: "<ALPHANUM>", Position: 1},
	}
	if !reflect.DeepEqual(got.Tokens, want) {
		t.Fatalf("tokens = %+v", got.Tokens)
	}
	if _, err := ix.Create(ctx, "books", &indices.CreateRequest{Mappings: map[string]any{"properties": map[string]any{
		"title": map[string]any{"type": "text", "analyzer": "whitespace"}}}}, nil); err != nil {
		t.Fatal(err)
	}
	// The field's analyzer; the second value starts 100 positions later.
	got, err = ix.Analyze(ctx, "books", &indices.AnalyzeRequest{Text: []string{"Quick", "FOX"}, Field: "title"})
	if err != nil {
		t.Fatal(err)
	}
	want = []indices.AnalyzeToken{
		{Token: "Quick", StartOffset: 0, EndOffset: 5, Type: "word", Position: 0},
		{Token: "FOX", StartOffset: 6, EndOffset: 9, Type: "word", Position: 101},
	}
	if !reflect.DeepEqual(got.Tokens, want) {
		t.Fatalf("tokens = %+v", got.Tokens)
	}
	// Without unigrams a shingle spans the positions of the smaller shingles
	// (ShingleFilter: gram size - min_shingle_size + 1).
	got, err = ix.Analyze(ctx, "", &indices.AnalyzeRequest{Text: []string{"a b c"}, Tokenizer: "whitespace",
		Filter: []any{map[string]any{"type": "shingle", "max_shingle_size": 3, "output_unigrams": false}}})
	if err != nil {
		t.Fatal(err)
	}
	want = []indices.AnalyzeToken{
		{Token: "a b", StartOffset: 0, EndOffset: 3, Type: "shingle", Position: 0},
		{Token: "a b c", StartOffset: 0, EndOffset: 5, Type: "shingle", Position: 0, PositionLength: 2},
		{Token: "b c", StartOffset: 2, EndOffset: 5, Type: "shingle", Position: 1},
	}
	if !reflect.DeepEqual(got.Tokens, want) {
		t.Fatalf("tokens = %+v", got.Tokens)
	}
	_, err = ix.Analyze(ctx, "missing", &indices.AnalyzeRequest{Text: []string{"x"}})
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 404 || e.Type != "index_not_found_exception" {
		t.Fatalf("err = %v", err)
	}
}

func TestAnalyzeExplainAgainstFake(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	got, err := srv.Client().Indices.Analyze(context.Background(), "", &indices.AnalyzeRequest{Text: []string{"Foxes"}, Analyzer: "english", Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	f := false
	want := &indices.AnalyzeDetail{Analyzer: &indices.AnalyzeTokenList{Name: "english", Tokens: []indices.AnalyzeToken{
		{Token: "fox", StartOffset: 0, EndOffset: 5, Type: "<ALPHANUM>", Position: 0, PositionLength: 1, Bytes: "[66 6f 78]", Keyword: &f, TermFrequency: 1}}}}
	if got.Tokens != nil || !reflect.DeepEqual(got.Detail, want) {
		t.Fatalf("got %+v, detail %+v", got, got.Detail)
	}
}
