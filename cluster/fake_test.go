package cluster_test

import (
	"context"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/cluster"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestClusterCallsAgainstTheFake(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t, fake.WithClusterName("reports"))
	c := srv.Client()
	if err := srv.CreateIndex("books", `{"settings":{"number_of_replicas":0}}`); err != nil {
		t.Fatal(err)
	}

	h, err := c.Cluster.Health(ctx, []string{"books"}, &cluster.HealthParams{Level: cluster.LevelShards, WaitForStatus: cluster.StatusGreen})
	if err != nil {
		t.Fatal(err)
	}
	if h.ClusterName != "reports" || h.Status != cluster.StatusGreen || h.TimedOut || h.Indices["books"].Shards["0"].Status != cluster.StatusGreen {
		t.Fatalf("health = %+v", h)
	}
	if err := srv.CreateIndex("logs", `{"settings":{"number_of_replicas":1}}`); err != nil {
		t.Fatal(err)
	}
	// One node cannot hold a replica: waiting for green times out, with the health seen.
	h, err = c.Cluster.Health(ctx, []string{"logs"}, &cluster.HealthParams{WaitForStatus: cluster.StatusGreen, Timeout: types.Duration(10 * time.Millisecond)})
	if !types.IsStatus(err, 408) || h == nil || !h.TimedOut || h.Status != cluster.StatusYellow {
		t.Fatalf("health = %+v, %v", h, err)
	}

	put, err := c.Cluster.PutSettings(ctx, &cluster.PutSettingsRequest{Transient: map[string]any{"action.auto_create_index": false}}, nil)
	if err != nil || !put.Acknowledged {
		t.Fatalf("PutSettings = %+v, %v", put, err)
	}
	flat := true
	got, err := c.Cluster.GetSettings(ctx, &cluster.GetSettingsParams{FlatSettings: &flat})
	if err != nil || got.Transient["action.auto_create_index"] != "false" {
		t.Fatalf("GetSettings = %+v, %v", got, err)
	}

	info, err := c.Cluster.Info(ctx)
	if err != nil || info.ClusterName != "reports" || info.Version.Distribution != "opensearch" || info.Version.Number == "" {
		t.Fatalf("Info = %+v, %v", info, err)
	}
	if up, err := c.Cluster.Ping(ctx); !up || err != nil {
		t.Fatalf("Ping = %v, %v", up, err)
	}
}

func TestPingWithoutACluster(t *testing.T) {
	t.Parallel()
	srv := fake.New(t)
	addr := srv.URL()
	srv.Close() // nothing listens there any more
	c, err := clustersearch.New(clustersearch.WithAddresses(addr), clustersearch.WithoutRetries())
	if err != nil {
		t.Fatal(err)
	}
	if up, err := c.Cluster.Ping(context.Background()); up || err == nil {
		t.Fatalf("Ping = %v, %v; want false and the connection error", up, err)
	}
}
