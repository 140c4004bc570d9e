package cluster

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

func TestNewAndShardCopies(t *testing.T) {
	v, _ := version.Parse("2.19.0")
	c := New("c", 3, v)
	if len(c.Nodes) != 3 || c.DataNodes() != 3 || c.Nodes[2].Name != "node-3" || c.Nodes[1].TransportAddress != "127.0.0.1:9301" {
		t.Fatalf("nodes = %+v", c.Nodes)
	}
	if c.Nodes[0].ID == c.Nodes[1].ID || len(c.Nodes[0].ID) != 22 || len(c.UUID) != 22 {
		t.Error("node ids must be distinct 22-character ids")
	}
	for _, tt := range []struct{ replicas, assigned, unassigned int }{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}, {3, 2, 1}} {
		a, u := c.ShardCopies(tt.replicas)
		if a != tt.assigned || u != tt.unassigned {
			t.Errorf("3 nodes, %d replicas: %d/%d, want %d/%d", tt.replicas, a, u, tt.assigned, tt.unassigned)
		}
	}
	if one := New("c", 0, v); len(one.Nodes) != 1 {
		t.Error("fewer than one node means one")
	}
}
