package documents

import (
	"os"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// The bulk indexer's reading of an answer gives, item by item, what the
// typed decoding gives: action, status, result, failure and the whole item.
func TestScanBulkAnswerReadsWhatTheCodecDecodes(t *testing.T) {
	t.Parallel()
	file, err := os.ReadFile("testdata/bulk.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"testdata":                      string(file),
		"spaced":                        " {\n \"took\" : 1 ,\"items\" : [ {\"index\" : {\"_id\" : \"a\" , \"status\" : 200 , \"result\" : \"updated\" } } ] , \"errors\" : false } \n",
		"null error and unknown result": `{"items":[{"index":{"_index":"x","_id":"1","status":201,"result":"mutated","error":null}}]}`,
		"escapes in skipped values":     `{"errors":true,"items":[{"create":{"_index":"x","_id":"a\"b\\c","status":429,"error":{"type":"t","reason":"say \"no\""}}}],"took":5}`,
		"no items":                      `{"took":1,"errors":false,"items":[]}`,
	} {
		got, ok := scanBulkAnswer([]byte(body), 2)
		if !ok {
			t.Errorf("%s: not read", name)
			continue
		}
		var want BulkResponse
		if err := jsonx.Unmarshal([]byte(body), &want); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) != len(want.Items) {
			t.Errorf("%s: %d items, want %d", name, len(got), len(want.Items))
			continue
		}
		for i, w := range want.Items {
			g := got[i]
			if g.action != w.Action || g.status != w.Result.Status || g.result != w.Result.Result || g.failed != (w.Result.Error != nil) {
				t.Errorf("%s: item %d read as %+v, want %+v", name, i, g, w)
			}
			if whole, err := g.item(); err != nil || !reflect.DeepEqual(whole, w) {
				t.Errorf("%s: item %d decodes to %+v (%v), want %+v", name, i, whole, err, w)
			}
		}
	}
}

// Answers of another shape are left to the codec (which the caller falls
// back to), rather than read wrongly.
func TestScanBulkAnswerLeavesOtherShapesToTheCodec(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		``,
		`[]`,
		`{}`,
		`{"took":1}`,
		`{"items":[{"index":{"_id":"1","status":201}}]`,                           // unterminated
		`{"items":[{"index":{"_id":"1","status":201}}]} x`,                        // trailing data
		`{"items":[{"index":{"_id":"1","status":201}}],"items":[]}`,               // items twice
		`{"items":[{"index":{"_id":"1","st\u0061tus":201}}]}`,                     // escaped key
		`{"items":[{"index":{"_id":"1","status":"201"}}]}`,                        // status as a string
		`{"items":[{"index":{"_id":"1","status":2.0e2}}]}`,                        // status not an integer
		`{"items":[{"index":{"_id":"1"}}]}`,                                       // no status
		`{"items":[{"index":{"_id":"1","status":201,"status":200}}]}`,             // status twice
		`{"items":[{"upsert":{"_id":"1","status":201}}]}`,                         // unknown action
		`{"items":[{"index":{"_id":"1","status":201},"create":{"status":201}}]}`,  // two actions
		`{"items":[{"index":{"_id":"1","status":201,"result":"cr\u0065ated"}}]}`,  // escaped result
		`{"items":[{"index":{"_id":"1","status":201}} {"index":{"status":201}}]}`, // no comma
		`{"items":{"index":{"_id":"1","status":201}}}`,                            // not an array
		`{"items":[{"index":[]}]}`,                                                // not an object
		`{"items":[{"index":{}}]}`,                                                // empty result
		`{"took" 1,"items":[]}`,                                                   // no colon
	} {
		if items, ok := scanBulkAnswer([]byte(body), 2); ok {
			t.Errorf("%s: read as %+v", body, items)
		}
	}
}
