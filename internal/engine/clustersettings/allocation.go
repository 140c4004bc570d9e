package clustersettings

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/allocation"
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// Keys of the shard allocation settings.
const (
	AllocationEnable = "cluster.routing.allocation.enable"
	RebalanceEnable  = "cluster.routing.rebalance.enable"
	AllowRebalance   = "cluster.routing.allocation.allow_rebalance"
)

// allocationSettings are the dynamic cluster.routing.* settings of a 2.19
// node the fake accepts, validates and shows with their defaults. Only
// cluster.routing.allocation.enable changes what the fake does (see package
// allocation); the others govern rebalancing, recovery throttling and
// per-node limits, which a cluster whose nodes never fail, join or fill up
// never exercises.
var allocationSettings = map[string]definition{
	AllocationEnable: {kind: kindAllocationEnable, def: "all", dynamic: true},
	RebalanceEnable:  {kind: kindRebalanceEnable, def: "all", dynamic: true},
	AllowRebalance:   {kind: kindAllowRebalance, def: "indices_all_active", dynamic: true},
	"cluster.routing.allocation.cluster_concurrent_rebalance":        {kind: kindInt, def: "2", dynamic: true, min: -1},
	"cluster.routing.allocation.cluster_concurrent_recoveries":       {kind: kindInt, def: "-1", dynamic: true, min: -1},
	"cluster.routing.allocation.node_concurrent_recoveries":          {kind: kindInt, def: "2", dynamic: true, min: 0},
	"cluster.routing.allocation.node_concurrent_incoming_recoveries": {kind: kindInt, def: "2", dynamic: true, min: 0},
	"cluster.routing.allocation.node_concurrent_outgoing_recoveries": {kind: kindInt, def: "2", dynamic: true, min: 0},
	"cluster.routing.allocation.node_initial_primaries_recoveries":   {kind: kindInt, def: "4", dynamic: true, min: 0},
	"cluster.routing.allocation.total_shards_per_node":               {kind: kindInt, def: "-1", dynamic: true, min: -1},
	"cluster.routing.allocation.same_shard.host":                     {kind: kindBool, def: "false", dynamic: true},
	"cluster.routing.allocation.disk.threshold_enabled":              {kind: kindBool, def: "true", dynamic: true},
	"cluster.routing.allocation.disk.reroute_interval":               {kind: kindPositiveTime, def: "60s", dynamic: true},
}

// parseAllocationEnable is EnableAllocationDecider.Allocation.parse: the
// enum name in any case.
func parseAllocationEnable(s string) (allocation.Enable, *apierr.Error) {
	u := strings.ToUpper(s)
	switch u {
	case "ALL", "PRIMARIES", "NEW_PRIMARIES", "NONE":
		return allocation.Enable(strings.ToLower(u)), nil
	}
	return "", apierr.IllegalArgument("Illegal allocation.enable value [%s]", u)
}

// parseRebalanceEnable is EnableAllocationDecider.Rebalance.parse.
func parseRebalanceEnable(s string) (string, *apierr.Error) {
	u := strings.ToUpper(s)
	switch u {
	case "ALL", "PRIMARIES", "REPLICAS", "NONE":
		return strings.ToLower(u), nil
	}
	return "", apierr.IllegalArgument("Illegal rebalance.enable value [%s]", u)
}

// parseAllowRebalance is ClusterRebalanceType.parseString; its message
// prints the setting as Setting.toString does (pretty JSON).
func parseAllowRebalance(s string) (string, *apierr.Error) {
	switch {
	case strings.EqualFold(s, "always"):
		return "always", nil
	case strings.EqualFold(s, "indices_primaries_active"), strings.EqualFold(s, "indicesPrimariesActive"):
		return "indices_primaries_active", nil
	case strings.EqualFold(s, "indices_all_active"), strings.EqualFold(s, "indicesAllActive"):
		return "indices_all_active", nil
	}
	return "", apierr.IllegalArgument("Illegal value for %s: %s", settingString(AllowRebalance, "indices_all_active"), s)
}

// settingString is Setting.toString for a dynamic node-scope setting that is
// not a group: its toXContent pretty-printed as Strings.toString(this, true,
// true) does.
func settingString(key, def string) string {
	return "{\n  \"key\" : \"" + key + "\",\n  \"properties\" : [\n    \"Dynamic\",\n    \"NodeScope\"\n  ],\n" +
		"  \"is_group_setting\" : false,\n  \"default\" : \"" + def + "\"\n}"
}

// unsupportedAllocationPrefixes are group and affix settings of 2.19 under
// cluster.routing.allocation. whose effect the fake does not model
// (attribute filters and forced awareness): updating one answers 501.
var unsupportedAllocationPrefixes = []string{
	"cluster.routing.allocation.include.", "cluster.routing.allocation.exclude.", "cluster.routing.allocation.require.",
	"cluster.routing.allocation.awareness.force.",
}

// allDefinitions yields every registered setting with its definition.
func allDefinitions() map[string]definition {
	out := make(map[string]definition, len(registry)+len(allocationSettings))
	for k, d := range registry {
		out[k] = d
	}
	for k, d := range allocationSettings {
		out[k] = d
	}
	return out
}
