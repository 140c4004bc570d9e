package indices_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
	"github.com/google/go-cmp/cmp"
)

// These tests run the SDK against the in-process fake, which answers as OpenSearch 2.x does.

func TestIndicesAgainstFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	ix := srv.Client().Indices

	created, err := ix.Create(ctx, "books", &indices.CreateRequest{
		Settings: map[string]any{"number_of_shards": 2, "number_of_replicas": 0},
		Mappings: map[string]any{"properties": map[string]any{"title": map[string]any{"type": "text"}}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !created.Acknowledged || !created.ShardsAcknowledged || created.Index != "books" {
		t.Fatalf("created = %+v", created)
	}
	if _, err := ix.Create(ctx, "books", nil, nil); !types.IsType(err, "resource_already_exists_exception") {
		t.Fatalf("second create: %v", err)
	}
	if ok, err := ix.Exists(ctx, []string{"books"}, nil); !ok || err != nil {
		t.Fatalf("exists = %v %v", ok, err)
	}
	if ok, err := ix.Exists(ctx, []string{"nope"}, nil); ok || err != nil {
		t.Fatalf("exists(nope) = %v %v", ok, err)
	}

	resp, err := ix.GetSettings(ctx, []string{"books"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := resp.Indices["books"].Settings
	if s.Flat || s.Index.NumberOfShards != "2" || s.Index.NumberOfReplicas != "0" || s.Index.ProvidedName != "books" ||
		len(s.Index.UUID) != 22 || s.Index.Version == nil || s.Index.Version.Created == "" {
		t.Fatalf("settings = %+v", s)
	}
	if _, err := s.Index.CreationTime(); err != nil {
		t.Fatal(err)
	}
	flatTrue := true
	flat, err := ix.GetSettings(ctx, []string{"books"}, []string{"index.number_of_*"}, &indices.GetSettingsParams{FlatSettings: &flatTrue})
	if err != nil {
		t.Fatal(err)
	}
	fs := flat.Indices["books"].Settings
	if !fs.Flat || fs.Index.NumberOfShards != "2" || fs.Index.NumberOfReplicas != "0" || fs.Index.UUID != "" {
		t.Fatalf("flat filtered = %+v", fs)
	}

	// Completeness against the fake's own bytes: decoding and encoding back loses nothing.
	for _, path := range []string{"/books/_settings", "/books/_settings?flat_settings=true", "/_settings?include_defaults=true"} {
		raw := get(t, srv, path)
		var typed indices.GetSettingsResponse
		if err := jsonx.Unmarshal(raw, &typed); err != nil {
			t.Fatal(err)
		}
		again, err := jsonx.Marshal(&typed)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		_ = jsonx.Unmarshal(raw, &a)
		_ = jsonx.Unmarshal(again, &b)
		if d := cmp.Diff(a, b); d != "" {
			t.Errorf("%s: round trip changed the answer:\n%s", path, d)
		}
	}

	ref, err := ix.Refresh(ctx, []string{"books"}, nil)
	if err != nil || ref.Shards.Total == 0 || ref.Shards.Failed != 0 {
		t.Fatalf("refresh = %+v %v", ref, err)
	}
	del, err := ix.Delete(ctx, []string{"books"}, nil)
	if err != nil || !del.Acknowledged {
		t.Fatalf("delete = %+v %v", del, err)
	}
	if _, err := ix.Delete(ctx, []string{"books"}, nil); !types.IsNotFound(err) || !types.IsType(err, "index_not_found_exception") {
		t.Fatalf("second delete: %v", err)
	}
}

func get(t *testing.T, srv *fake.Server, path string) []byte {
	t.Helper()
	resp, err := srv.HTTPClient().Get(srv.URL() + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v %s", path, resp.StatusCode, err, b)
	}
	return b
}
