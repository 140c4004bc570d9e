// Package cluster models the simulated cluster: its name and uuid, the nodes
// with their ids, roles and addresses, and the reported version; and its
// state as observers see it (Observer): cluster health with its wait
// conditions, and the active shard copies writes and new indexes wait for.
package cluster

import (
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/engine/ids"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// defaultRoles are the roles every simulated node has, sorted by name as the
// real server lists them.
func defaultRoles() []string {
	return []string{"cluster_manager", "data", "ingest", "remote_cluster_client"}
}

// Node is one simulated node.
type Node struct {
	ID               string // 22-char base64 node id
	Name             string
	Host             string
	TransportAddress string // host:port of the transport layer
	HTTPAddress      string
	Roles            []string
}

// Cluster is the static part of the cluster state.
type Cluster struct {
	Name    string
	UUID    string
	Version version.Version
	Nodes   []Node
	// Master is the index into Nodes of the elected cluster manager.
	Master int
}

// New builds a cluster of n nodes named "<name>-node-<i>"; n < 1 means 1.
func New(name string, n int, v version.Version) *Cluster {
	if n < 1 {
		n = 1
	}
	c := &Cluster{Name: name, UUID: ids.RandomUUID(), Version: v}
	for i := 0; i < n; i++ {
		c.Nodes = append(c.Nodes, Node{
			ID:               ids.RandomUUID(),
			Name:             fmt.Sprintf("node-%d", i+1),
			Host:             "127.0.0.1",
			TransportAddress: fmt.Sprintf("127.0.0.1:%d", 9300+i),
			HTTPAddress:      fmt.Sprintf("127.0.0.1:%d", 9200+i),
			Roles:            defaultRoles(),
		})
	}
	return c
}

// DataNodes counts nodes holding the data role.
func (c *Cluster) DataNodes() int {
	n := 0
	for _, nd := range c.Nodes {
		for _, r := range nd.Roles {
			if r == "data" {
				n++
				break
			}
		}
	}
	return n
}

// ShardCopies gives, for an index with the given replicas, how many copies of
// each shard are assigned (one per data node at most) and how many are not.
func (c *Cluster) ShardCopies(replicas int) (assignedReplicas, unassignedReplicas int) {
	free := c.DataNodes() - 1
	if free < 0 {
		free = 0
	}
	if replicas <= free {
		return replicas, 0
	}
	return free, replicas - free
}
