package dangling

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestStore(t *testing.T) {
	s := NewStore()
	if err := s.Add(Index{Name: "b", UUID: "u2", CreationDate: 2, NodeIDs: []string{"n1"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(Index{Name: "a", UUID: "u1", CreationDate: 1694099652069, NodeIDs: []string{"n1", "n2"}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(Index{Name: "c", UUID: "u1"}); err == nil {
		t.Error("a second index with the same UUID was accepted")
	}
	out, _ := jsonout.Marshal(RenderList("cl", 2, true, s.List()))
	want := `{"_nodes":{"total":2,"successful":2,"failed":0},"cluster_name":"cl","dangling_indices":[` +
		`{"index_name":"a","index_uuid":"u1","creation_date":"2023-09-07T15:14:12.069Z","creation_date_millis":1694099652069,"node_ids":["n1","n2"]},` +
		`{"index_name":"b","index_uuid":"u2","creation_date":"1970-01-01T00:00:00.002Z","creation_date_millis":2,"node_ids":["n1"]}]}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	if _, err := s.Find("nope"); err == nil || err.Reason != "No dangling index found for UUID [nope]" || err.Status != 400 {
		t.Errorf("find unknown: %v", err)
	}
	if x, err := s.Find("u2"); err != nil || x.Name != "b" {
		t.Errorf("find u2: %+v %v", x, err)
	}
	if !s.Remove("u2") || s.Remove("u2") {
		t.Error("remove twice")
	}
	out, _ = jsonout.Marshal(RenderList("cl", 1, false, nil))
	if string(out) != `{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"cl","dangling_indices":[]}` {
		t.Errorf("empty list: %s", out)
	}
	// HashMap order of the UUIDs (buckets 13 and 0), not the names.
	out, _ = jsonout.Marshal(RenderList("cl", 1, false, []Index{{Name: "a", UUID: "p6tliBznQO-FzTdslShrwA"}, {Name: "b", UUID: "_bJfm1BsRdG-N91LRxI1Vg"}}))
	if want := `{"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"cl","dangling_indices":[` +
		`{"index_name":"b","index_uuid":"_bJfm1BsRdG-N91LRxI1Vg","creation_date_millis":0,"node_ids":[]},` +
		`{"index_name":"a","index_uuid":"p6tliBznQO-FzTdslShrwA","creation_date_millis":0,"node_ids":[]}]}`; string(out) != want {
		t.Errorf("order: %s\nwant %s", out, want)
	}
	if err := CheckAcceptDataLoss(false); err == nil || err.Reason != "accept_data_loss must be set to true" {
		t.Errorf("accept_data_loss: %v", err)
	}
	if CheckAcceptDataLoss(true) != nil {
		t.Error("accepted data loss refused")
	}
}
