package dangling_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/dangling"
	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestList(t *testing.T) {
	data := sdktest.Fixture(t, "list.json")
	tr, mock := sdktest.New(t)
	got := sdktest.Capture(mock, 200, string(data), nil)
	res, err := dangling.NewService(tr).List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r := (*got)[0]; r.Method != http.MethodGet || r.Path != "/_dangling" || r.Query != "" || len(r.Body) != 0 {
		t.Fatalf("sent %+v", r)
	}
	if res.StatusCode != 200 || res.ClusterName != "opensearch-cluster" || res.NodesHeader.Total != 3 || len(res.DanglingIndices) != 2 {
		t.Fatalf("res = %+v", res)
	}
	d := res.DanglingIndices[0]
	if d.IndexName != "movies" || d.IndexUUID != "p6tliBznQO-FzTdslShrwA" || d.CreationDateMillis != 1732237252069 || len(d.NodeIDs) != 2 {
		t.Fatalf("index = %+v", d)
	}
	sdktest.AssertRoundTrip[dangling.ListResponse](t, data)
}

func TestListEmptyWithFailedNode(t *testing.T) {
	res := sdktest.AssertRoundTrip[dangling.ListResponse](t, sdktest.Fixture(t, "list_empty_failed_node.json"))
	if res.DanglingIndices == nil || len(res.DanglingIndices) != 0 || res.NodesHeader.Failed != 1 || res.NodesHeader.Failures[0].Type != "failed_node_exception" {
		t.Fatalf("res = %+v", res)
	}
}

func TestFixturesCoverEveryField(t *testing.T) {
	sdktest.AssertFixturesCoverType[dangling.ListResponse](t, sdktest.Fixture(t, "list.json"), sdktest.Fixture(t, "list_empty_failed_node.json"))
}

func TestImportAndDelete(t *testing.T) {
	ctx := context.Background()
	params := &dangling.ChangeParams{
		AcceptDataLoss:        true,
		Timeout:               types.Duration(30 * time.Second),
		ClusterManagerTimeout: types.Duration(time.Minute),
		MasterTimeout:         types.Duration(90 * time.Second),
	}
	const query = "accept_data_loss=true&cluster_manager_timeout=1m&master_timeout=90s&timeout=30s"
	cases := []struct {
		name   string
		call   func(*dangling.Service) (*dangling.AcknowledgedResponse, error)
		method string
		path   string
		query  string
	}{
		{"import", func(s *dangling.Service) (*dangling.AcknowledgedResponse, error) {
			return s.Import(ctx, "p6tliBznQO-FzTdslShrwA", params)
		}, http.MethodPost, "/_dangling/p6tliBznQO-FzTdslShrwA", query},
		{"delete", func(s *dangling.Service) (*dangling.AcknowledgedResponse, error) {
			return s.Delete(ctx, "_bJfm1BsRdG-N91LRxI1Vg", params)
		}, http.MethodDelete, "/_dangling/_bJfm1BsRdG-N91LRxI1Vg", query},
		{"import without params", func(s *dangling.Service) (*dangling.AcknowledgedResponse, error) {
			return s.Import(ctx, "a/b", nil)
		}, http.MethodPost, "/_dangling/a%2Fb", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr, mock := sdktest.New(t)
			got := sdktest.Capture(mock, 202, `{"acknowledged":true}`, nil)
			res, err := tc.call(dangling.NewService(tr))
			if err != nil {
				t.Fatal(err)
			}
			r := (*got)[0]
			if r.Method != tc.method || r.Path != tc.path || r.Query != tc.query || len(r.Body) != 0 {
				t.Fatalf("sent %s %s ?%s; want %s %s ?%s", r.Method, r.Path, r.Query, tc.method, tc.path, tc.query)
			}
			if !res.Acknowledged || res.StatusCode != 202 {
				t.Fatalf("res = %+v", res)
			}
		})
	}
}

func TestChangeErrors(t *testing.T) {
	tr, mock := sdktest.New(t)
	sdktest.Capture(mock, 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"accept_data_loss must be set to true"}],"type":"illegal_argument_exception","reason":"accept_data_loss must be set to true"},"status":400}`, nil)
	s := dangling.NewService(tr)
	_, err := s.Delete(context.Background(), "p6tliBznQO-FzTdslShrwA", nil)
	if !types.IsBadRequest(err) || !types.IsType(err, "illegal_argument_exception") {
		t.Fatalf("err = %v", err)
	}
	if _, err := s.Import(context.Background(), "", nil); err == nil {
		t.Fatal("an empty UUID was accepted")
	}
}
