package search

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/aggs"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// decodeBody reads every body as the codec alone does (the aggregations
// through Aggregations.UnmarshalJSON): the same response, or an error for
// the same bodies.
func TestDecodeBodyDecodesAsTheCodecDoes(t *testing.T) {
	t.Parallel()
	const aggsJSON = `{"sterms#tags":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,"buckets":[{"key":"a","doc_count":2,"avg#p":{"value":1.5}}]}}`
	const hits = `"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.0,"hits":[{"_index":"i","_id":"1","_score":1.0,"_source":{"aggregations":"in a source","x":[1,{"y":"}"}]}}]}`
	bodies := []string{
		`{"took":3,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},` + hits + `,"aggregations":` + aggsJSON + `}`,
		`{"aggregations":` + aggsJSON + `,"took":3,` + hits + `}`,
		`{"took":3,"aggregations":` + aggsJSON + `,` + hits + `,"suggest":{"term#s":[]}}`,
		"{\n  \"took\" : 3,\n  \"aggregations\" : " + aggsJSON + " ,\n  " + hits + "\n}\n",
		`{"took":3,"aggregations":{"avg#x":{"value":1}},"aggregations":` + aggsJSON + `}`,
		`{"took":3,"aggregations":null}`,
		`{"aggregations":{}}`,
		`{"took":3,` + hits + `}`,
		`{}`,
		// Malformed: each must fail both ways.
		`{"took":3,"aggregations":` + aggsJSON,
		`{"took":3,"aggregations":` + aggsJSON + `}x`,
		`{"took":3,"aggregations":{"sterms#t":{"buckets":[}}}`,
		`{"took":"three","aggregations":` + aggsJSON + `}`,
		`{"took":3,,"aggregations":{}}`,
		`["aggregations"]`,
		`{"took":3 "aggregations":{}}`,
	}
	for _, body := range bodies {
		var want Response
		wantErr := json.Unmarshal([]byte(body), &want)
		var viaSearch, split Response
		for name, err := range map[string]error{
			"as Search does": jsonx.Unmarshal([]byte(body), resultBody[json.RawMessage]{&viaSearch}),
			"split":          split.decodeSplit([]byte(body)),
		} {
			if (err != nil) != (wantErr != nil) {
				t.Errorf("%s, %s:\n error %v, want %v", body, name, err, wantErr)
			}
		}
		if wantErr != nil {
			continue
		}
		if !reflect.DeepEqual(viaSearch, want) {
			t.Errorf("%s, as Search does:\n got  %+v\n want %+v", body, viaSearch, want)
		}
		if !reflect.DeepEqual(split, want) {
			t.Errorf("%s, split:\n got  %+v\n want %+v", body, split, want)
		}
	}
}

// The guess that picks the walk looks at the first third of the body only.
func TestAggregationsFirstGuessesFromTheFirstThird(t *testing.T) {
	t.Parallel()
	pad := strings.Repeat(" ", 100)
	for body, want := range map[string]bool{
		`{"took":1,"aggregations":{}` + pad + `}`:  true,
		`{"took":1,` + pad + `"aggregations":{}}`:  false,
		`{"took":1,"xaggregations":{}` + pad + `}`: false,
		`{"took":1,"aggregations" :{}` + pad + `}`: false,
		`{"aggregations":{}}`:                      true,
		`"aggregations":`:                          true,
		`ggregations":`:                            false,
	} {
		if got := aggregationsFirst([]byte(body)); got != want {
			t.Errorf("%q: %v, want %v", body, got, want)
		}
	}
}

// Search decodes through decodeBody and still records the status and headers.
func TestSearchDecodesAggregationsAndKeepsTheMeta(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, `{"took":1,"hits":{"hits":[]},"aggregations":{"sterms#tags":{"buckets":[{"key":"go","doc_count":4}]}}}`)
	resp, err := svc.Search(context.Background(), []string{"books"}, &Request{Aggs: aggs.Aggs{"tags": aggs.Terms("tag")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	terms, err := resp.Aggregations.Terms("tags")
	if err != nil || len(terms.Buckets) != 1 || terms.Buckets[0].DocCount != 4 || resp.StatusCode != 200 || resp.Header == nil || resp.Took != 1 {
		t.Fatalf("got %+v %v", resp, err)
	}
	if s, _ := terms.Buckets[0].Key.AsString(); !strings.EqualFold(s, "go") {
		t.Fatalf("key %v", terms.Buckets[0].Key)
	}
}
