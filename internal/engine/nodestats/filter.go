package nodestats

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"strings"
)

// NodeDesc is what node filters look at.
type NodeDesc struct {
	ID, Name, Host string
	Roles          []string
	Attributes     [][2]string
}

// ResolveNodes applies node filters as DiscoveryNodes.resolveNodes does and
// returns the positions of the selected nodes in cluster order. Empty
// filters or "_all" select every node; "_local" is node local;
// "_cluster_manager" and "_master" the elected cluster manager; ids, names
// and host addresses match exactly or by simple wildcards; "role:true" and
// "role:false" add or remove nodes by role; "attr:value" matches attributes
// (both sides may use wildcards). Filters apply in order, each adding to (or,
// for role:false, removing from) the selection.
func ResolveNodes(filters []string, nodes []NodeDesc, local, master int) []int {
	var fs []string
	for _, f := range filters {
		if f = strings.TrimSpace(f); f != "" {
			fs = append(fs, f)
		}
	}
	all := func() []int {
		out := make([]int, len(nodes))
		for i := range nodes {
			out[i] = i
		}
		return out
	}
	if len(fs) == 0 || (len(fs) == 1 && fs[0] == "_all") {
		return all()
	}
	sel := make([]bool, len(nodes))
	for _, f := range fs {
		switch f {
		case "_all":
			for i := range sel {
				sel[i] = true
			}
			continue
		case "_local":
			if local >= 0 && local < len(nodes) {
				sel[local] = true
			}
			continue
		case "_cluster_manager", "_master":
			if master >= 0 && master < len(nodes) {
				sel[master] = true
			}
			continue
		}
		if i := byID(nodes, f); i >= 0 {
			sel[i] = true
			continue
		}
		matched := false
		for i, n := range nodes {
			if wildcard.Simple(f, n.Name) || wildcard.Simple(f, n.Host) {
				sel[i] = true
				matched = true
			}
		}
		if matched {
			continue
		}
		name, value, ok := strings.Cut(f, ":")
		if !ok {
			continue
		}
		if role, isRole := roleFilter(name); isRole {
			switch value {
			case "true":
				for i, n := range nodes {
					if hasRole(n.Roles, role) {
						sel[i] = true
					}
				}
				continue
			case "false":
				for i, n := range nodes {
					if hasRole(n.Roles, role) {
						sel[i] = false
					}
				}
				continue
			}
		}
		for i, n := range nodes {
			for _, a := range n.Attributes {
				if wildcard.Simple(name, a[0]) && wildcard.Simple(value, a[1]) {
					sel[i] = true
				}
			}
		}
	}
	var out []int
	for i, s := range sel {
		if s {
			out = append(out, i)
		}
	}
	return out
}

func byID(nodes []NodeDesc, id string) int {
	for i, n := range nodes {
		if n.ID == id {
			return i
		}
	}
	return -1
}

// roleFilter maps a filter name to the role it tests ("master" is the old
// name of cluster_manager).
func roleFilter(name string) (string, bool) {
	switch name {
	case "data", "ingest", "cluster_manager", "remote_cluster_client", "search", "warm":
		return name, true
	case "master":
		return "cluster_manager", true
	}
	return "", false
}

func hasRole(roles []string, r string) bool {
	for _, x := range roles {
		if x == r {
			return true
		}
	}
	return false
}

// Allocate places the copies of one shard on nodes: the primary on node
// (shard + h) mod n, where h spreads indexes by name, and each replica on the
// following nodes. Replicas that would share a node with another copy of the
// same shard stay unassigned, so with one node every replica is unassigned.
// It returns the node of each assigned copy, primary first.
func Allocate(n int, index string, shard, replicas int) []int {
	if n < 1 {
		n = 1
	}
	var h uint32 = 2166136261
	for i := 0; i < len(index); i++ {
		h = (h ^ uint32(index[i])) * 16777619
	}
	p := (int(h%uint32(n)) + shard) % n
	out := []int{p}
	for r := 1; r <= replicas && r < n; r++ {
		out = append(out, (p+r)%n)
	}
	return out
}
