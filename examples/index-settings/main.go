// Command index-settings creates an index with settings, a mapping and an
// alias, then changes each: replicas and refresh interval, a new field, the
// alias's filter. It runs against an embedded fake unless CLUSTERSEARCH_URL
// names a cluster.
//
//	go run ./examples/index-settings
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/examples/internal/exampleenv"
	"github.com/clustersearch/clustersearch-go/indices"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

const index = "example-logs"

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	env, err := exampleenv.Connect()
	if err != nil {
		return err
	}
	defer env.Close()
	c := env.Client
	if _, err := c.Indices.Delete(ctx, []string{index}, nil); err != nil && !types.IsNotFound(err) {
		return err
	}
	defer c.Indices.Delete(context.WithoutCancel(ctx), []string{index}, nil) //nolint:errcheck // best-effort clean-up

	if _, err := c.Indices.Create(ctx, index, &indices.CreateRequest{
		Settings: map[string]any{"number_of_shards": 2, "number_of_replicas": 0},
		Mappings: map[string]any{"properties": map[string]any{"message": map[string]any{"type": "text"}}},
		Aliases:  map[string]any{"logs": indices.Alias{}},
	}, nil); err != nil {
		return err
	}
	if err := printSettings(ctx, c.Indices, out); err != nil {
		return err
	}

	// Dynamic settings change on an open index; a nil value would reset one.
	if _, err := c.Indices.PutSettings(ctx, []string{index}, map[string]any{"number_of_replicas": 1, "refresh_interval": "30s"}, nil); err != nil {
		return err
	}
	if err := printSettings(ctx, c.Indices, out); err != nil {
		return err
	}

	// Mappings only grow: a new field is fine, a new type for a field is a 400.
	if _, err := c.Indices.PutMapping(ctx, []string{index}, map[string]any{"properties": map[string]any{"level": map[string]any{"type": "keyword"}}}, nil); err != nil {
		return err
	}
	mapping, err := c.Indices.GetMapping(ctx, []string{index}, nil)
	if err != nil {
		return err
	}
	props, err := mapping.Indices[index].Properties()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "fields: %s\n", strings.Join(slices.Sorted(maps.Keys(props)), ", "))
	_, err = c.Indices.PutMapping(ctx, []string{index}, map[string]any{"properties": map[string]any{"level": map[string]any{"type": "integer"}}}, nil)
	var refused *types.Error
	if !errors.As(err, &refused) {
		return fmt.Errorf("changing the type of a field: %v", err)
	}
	fmt.Fprintf(out, "changing the type of level: %d %s\n", refused.StatusCode, refused.Type)

	// An alias that shows only the errors.
	if _, err := c.Indices.PutAlias(ctx, []string{index}, "errors", &indices.Alias{Filter: query.Term("level", "error")}, nil); err != nil {
		return err
	}
	aliases, err := c.Indices.GetAliases(ctx, []string{index}, nil, nil)
	if err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(aliases.Indices[index].Aliases)) {
		a := aliases.Indices[index].Aliases[name]
		fmt.Fprintf(out, "alias %s: filter %s\n", name, orElse(a.Filter, "none"))
	}
	return nil
}

// printSettings prints the settings the example changes.
func printSettings(ctx context.Context, svc *indices.Service, out io.Writer) error {
	got, err := svc.GetSettings(ctx, []string{index}, nil, nil)
	if err != nil {
		return err
	}
	s := got.Indices[index].Settings.Index
	fmt.Fprintf(out, "%s: %s shards, %s replicas, refresh interval %s\n", index, s.NumberOfShards, s.NumberOfReplicas, orElse(s.Rest["refresh_interval"], "(default)"))
	return nil
}

// orElse returns raw as text, or otherwise when it is empty.
func orElse(raw []byte, otherwise string) string {
	if len(raw) == 0 {
		return otherwise
	}
	return string(raw)
}
