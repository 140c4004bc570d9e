package fake

import "testing"

// GET /_cluster/state prints the asked metrics in ClusterState's order; the
// version grows with each metadata change.
func TestClusterState(t *testing.T) {
	s := newTestServer(t, WithNodes(2))
	c := s.backend.Cluster
	master := c.Nodes[c.Master].ID
	expect(t, s, "GET", "/_cluster/state/master_node,cluster_manager_node", "", 200,
		`{"cluster_name":"`+c.Name+`","cluster_uuid":"`+c.UUID+`","master_node":"`+master+`","cluster_manager_node":"`+master+`"}`)
	before := expect(t, s, "GET", "/_cluster/state/version", "", 200, `{"cluster_name":<*>,"cluster_uuid":<*>,"version":3,"state_uuid":<*>}`)
	expect(t, s, "PUT", "/t", `{"settings":{"number_of_shards":1,"number_of_replicas":2},"aliases":{"al":{}}}`, 200, "")
	after := expect(t, s, "GET", "/_cluster/state/version", "", 200, `{"cluster_name":<*>,"cluster_uuid":<*>,"version":<*>,"state_uuid":<*>}`)
	if before == after {
		t.Errorf("creating an index left the state version as it was: %s", after)
	}
	expect(t, s, "GET", "/_cluster/state/metadata/t", "", 200,
		`{"cluster_name":<*>,"cluster_uuid":<*>,"metadata":{"cluster_uuid":<*>,"cluster_uuid_committed":true,"templates":{},"indices":{"t":{"state":"open","settings":{"index":{<**>"number_of_replicas":"2"<**>}},"mappings":{},"aliases":["al"]}}}}`)
	// Two nodes hold the primary and one replica; the second replica waits.
	expect(t, s, "GET", "/_cluster/state/routing_table", "", 200,
		`{<**>"routing_table":{"indices":{"t":{"shards":{"0":[{"state":"STARTED","primary":true,<**>},{"state":"STARTED","primary":false,<**>},{"state":"UNASSIGNED","primary":false,"node":null,<**>}]}}}}}`)
	expect(t, s, "GET", "/_cluster/state/nodes", "", 200, `{<**>"nodes":{"`+c.Nodes[0].ID+`":{"name":"node-1",<**>},"`+c.Nodes[1].ID+`":{"name":"node-2",<**>}}}`)
	expect(t, s, "GET", "/_cluster/state/nope", "", 400, `<**>"reason":"Unknown metric [nope]"<**>`)
	expect(t, s, "GET", "/_cluster/state/_all/missing", "", 404, `<**>"type":"index_not_found_exception"<**>`)
}
