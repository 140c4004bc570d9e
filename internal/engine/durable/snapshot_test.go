package durable

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/cluster"
	"github.com/clustersearch/clustersearch-go/internal/engine/persist"
)

// A state split into snapshot parts reads back as the same state, and the
// identity it saved is what RestoreIdentity gives a cluster, a logged
// identity record winning over the snapshot's.
func TestSnapshotPartsRoundTrip(t *testing.T) {
	st := persistedState{
		Indices:         []persistedIndex{{Name: "a", UUID: "u1", Body: json.RawMessage(`{}`), Docs: []persistedDoc{{ID: "1", Version: 3, Source: []byte(`{"x":1}`)}}}},
		Dangling:        []persistedIndex{{Name: "old", UUID: "u2", Body: json.RawMessage(`{}`), NodeIDs: []string{"n0"}}},
		ClusterSettings: json.RawMessage(`{"a":"b"}`),
		Cluster:         &persistedCluster{UUID: "c", NodeIDs: []string{"n0", "n1"}},
	}
	names, parts, err := snapshotParts(st)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 6 || names[4] != "index [a] (uuid u1) with its 1 documents" {
		t.Fatalf("names %q", names)
	}
	got, err := loadedState(&persist.Loaded{Snapshot: parts, Parts: names})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Indices, st.Indices) || !reflect.DeepEqual(got.Dangling, st.Dangling) || !reflect.DeepEqual(got.Cluster, st.Cluster) ||
		string(got.ClusterSettings) != `{"a":"b"}` {
		t.Fatalf("read back %+v", got)
	}
	rec, _ := json.Marshal(record{Op: "cluster", Cluster: &persistedCluster{UUID: "c2", NodeIDs: []string{"m0"}}})
	c := &cluster.Cluster{UUID: "fresh", Nodes: []cluster.Node{{ID: "x0"}, {ID: "x1"}, {ID: "x2"}}}
	if err := RestoreIdentity(c, &persist.Loaded{Snapshot: parts, Parts: names, Records: [][]byte{rec}}); err != nil {
		t.Fatal(err)
	}
	if c.UUID != "c2" || c.Nodes[0].ID != "m0" || c.Nodes[1].ID != "n1" || c.Nodes[2].ID != "x2" {
		t.Fatalf("identity %+v", c)
	}
}

func TestSnapshotPartUnknownKind(t *testing.T) {
	_, err := loadedState(&persist.Loaded{Snapshot: [][]byte{[]byte(`{"kind":"mystery"}`)}, Parts: []string{"p"}})
	if err == nil || err.Error() != `clustersearch-fake: the snapshot's p is of an unknown kind "mystery"` {
		t.Fatalf("err %v", err)
	}
}

func TestDescribeRecord(t *testing.T) {
	for payload, want := range map[string]string{
		`{"op":"doc","name":"films","uuid":"u","doc":{"id":"7"`: "probably doc on index [films], document [7]",
		`{"op":"index_delete","name":"films"`:                   "probably index_delete on index [films]",
		`{"op`:                                                  "",
	} {
		if got := DescribeRecord([]byte(payload)); got != want {
			t.Errorf("DescribeRecord(%s) = %q, want %q", payload, got, want)
		}
	}
}
