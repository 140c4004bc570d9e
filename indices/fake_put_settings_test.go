package indices_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestPutSettingsAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	ix := srv.Client().Indices
	if _, err := ix.Create(ctx, "books", &indices.CreateRequest{Settings: map[string]any{"number_of_replicas": 0, "refresh_interval": "5s"}}, nil); err != nil {
		t.Fatal(err)
	}
	ack, err := ix.PutSettings(ctx, []string{"books"}, map[string]any{"index": map[string]any{"max_result_window": 50, "refresh_interval": nil}}, nil)
	if err != nil || !ack.Acknowledged {
		t.Fatalf("put = %+v %v", ack, err)
	}
	// preserve_existing leaves max_result_window alone and adds the new setting.
	if _, err := ix.PutSettings(ctx, nil, map[string]any{"index.max_result_window": 70, "max_inner_result_window": 5},
		&indices.PutSettingsParams{PreserveExisting: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	got, err := ix.GetSettings(ctx, []string{"books"}, []string{"index.max_*", "index.refresh_interval"}, &indices.GetSettingsParams{FlatSettings: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	rest := got.Indices["books"].Settings.Index.Rest
	if len(rest) != 2 || string(rest["max_result_window"]) != `"50"` || string(rest["max_inner_result_window"]) != `"5"` {
		t.Fatalf("settings = %v", rest)
	}
	_, err = ix.PutSettings(ctx, []string{"books"}, map[string]any{"number_of_shards": 3}, nil)
	var e *types.Error
	if !errors.As(err, &e) || e.StatusCode != 400 || e.Type != "illegal_argument_exception" ||
		!strings.HasPrefix(e.Reason, "Can't update non dynamic settings [[index.number_of_shards]] for open indices [[books/") {
		t.Fatalf("static setting: %v", err)
	}
	_, err = ix.PutSettings(ctx, []string{"nope*"}, map[string]any{"number_of_replicas": 0}, nil)
	if !types.IsNotFound(err) || !types.IsType(err, "index_not_found_exception") {
		t.Fatalf("empty wildcard: %v", err)
	}
	_, err = ix.PutSettings(ctx, []string{"books"}, nil, nil)
	if !errors.As(err, &e) || e.Type != "action_request_validation_exception" || e.Reason != "Validation Failed: 1: no settings to update;" {
		t.Fatalf("no settings: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }
