package fake

import (
	"strings"
	"testing"
)

// wait_for_completion=false runs the force merge as a task and answers its
// id; the task's stored result is the merge's response (or its error).
func TestForceMergeAsync(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/fm", `{"settings":{"number_of_shards":1,"number_of_replicas":0}}`, 200, "")
	got := expect(t, s, "POST", "/fm/_forcemerge?wait_for_completion=false&max_num_segments=1", "", 200, `{"task":"<**>"}`)
	id := strings.TrimSuffix(strings.TrimPrefix(got, `{"task":"`), `"}`)
	expect(t, s, "GET", "/_tasks/"+id+"?wait_for_completion=true", "", 200,
		`{"completed":true,"task":{<**>"action":"indices:admin/forcemerge",<**>"description":"Force-merge indices [fm], maxSegments[1], onlyExpungeDeletes[false], flush[true], primaryOnly[false]",<**>},`+
			`"response":{"_shards":{"total":1,"successful":1,"failed":0}}}`)
	got = expect(t, s, "POST", "/missing/_forcemerge?wait_for_completion=false", "", 200, `{"task":"<**>"}`)
	id = strings.TrimSuffix(strings.TrimPrefix(got, `{"task":"`), `"}`)
	expect(t, s, "GET", "/_tasks/"+id+"?wait_for_completion=true", "", 200,
		`{"completed":true,"task":{<**>"description":"Force-merge indices [missing], maxSegments[-1], onlyExpungeDeletes[false], flush[true], primaryOnly[false]",<**>},"error":{"type":"index_not_found_exception",<**>}}`)
}
