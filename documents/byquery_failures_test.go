package documents

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/types"
)

// conflictAnswer is a delete by query stopped by a version conflict (HTTP 409).
const conflictAnswer = `{"took":3,"timed_out":false,"total":1,"deleted":0,"batches":1,"version_conflicts":1,"noops":0,
"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,
"failures":[{"index":"test","id":"1","cause":{"type":"version_conflict_engine_exception","reason":"[1]: version conflict",
"index":"test","shard":"0","index_uuid":"u"},"status":409}]}`

// shardAnswer is a run stopped by a failed search shard (HTTP 400).
const shardAnswer = `{"took":0,"timed_out":false,"total":0,"updated":0,"deleted":0,"batches":0,"version_conflicts":0,"noops":0,
"retries":{"bulk":0,"search":0},"throttled_millis":0,"requests_per_second":-1.0,"throttled_until_millis":0,
"failures":[{"index":"i1","shard":2,"node":"n1","status":400,"reason":{"type":"query_shard_exception","reason":"failed to create query"}}]}`

func TestByQueryFailureAnswersKeepTheResponse(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 409, conflictAnswer)
	resp, err := svc.DeleteByQuery(ctx, []string{"test"}, &DeleteByQueryRequest{Query: query.MatchAll(), Conflicts: ConflictsAbort}, nil)
	sdktest.CheckCall(t, rec.Last(t), "POST", "/test/_delete_by_query", "", `{"query":{"match_all":{}},"conflicts":"abort"}`)
	if !types.IsConflict(err) {
		t.Fatalf("err = %v", err)
	}
	if resp == nil || resp.StatusCode != 409 || resp.Took != 3 || resp.VersionConflicts != 1 || len(resp.Failures) != 1 {
		t.Fatalf("resp = %+v", resp)
	}
	f := resp.Failures[0]
	if f.Index != "test" || f.ID != "1" || f.Status != 409 || f.Cause.Type != "version_conflict_engine_exception" || f.Shard != nil || f.Reason != nil {
		t.Errorf("failure = %+v", f)
	}

	svc, rec = newService(t, 400, shardAnswer, shardAnswer)
	ubq, err := svc.UpdateByQuery(ctx, []string{"i1", "i2"}, &UpdateByQueryRequest{Query: query.Term("n", "abc")}, nil)
	sdktest.CheckCall(t, rec.Last(t), "POST", "/i1,i2/_update_by_query", "", `{"query":{"term":{"n":{"value":"abc"}}}}`)
	if !types.IsBadRequest(err) || ubq == nil || ubq.Updated == nil || *ubq.Updated != 0 || ubq.Created != nil {
		t.Fatalf("update by query = %+v, %v", ubq, err)
	}
	f = ubq.Failures[0]
	if f.Index != "i1" || f.Shard == nil || *f.Shard != 2 || f.Node != "n1" || f.Status != 400 || f.Reason.Type != "query_shard_exception" || f.Cause != nil {
		t.Errorf("search failure = %+v", f)
	}
	rx, err := svc.Reindex(ctx, &ReindexRequest{Source: ReindexSource{Index: []string{"i1"}}, Dest: ReindexDest{Index: "d"}}, nil)
	if !types.IsBadRequest(err) || rx == nil || len(rx.Failures) != 1 || rx.Failures[0].Node != "n1" {
		t.Fatalf("reindex = %+v, %v", rx, err)
	}
}

func TestByQueryErrorEnvelopeHasNoResponse(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 404, `{"error":{"root_cause":[],"type":"index_not_found_exception","reason":"no such index [x]"},"status":404}`, `{"took":1}`)
	resp, err := svc.DeleteByQuery(ctx, []string{"x"}, &DeleteByQueryRequest{Query: query.MatchAll()}, nil)
	if resp != nil || !types.IsNotFound(err) {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
	// A body that is not a bulk-by-scroll response (no failures) is not decoded either.
	resp, err = svc.DeleteByQuery(ctx, []string{"x"}, &DeleteByQueryRequest{Query: query.MatchAll()}, nil)
	if resp != nil || err == nil {
		t.Fatalf("resp = %+v, err = %v", resp, err)
	}
}

func TestUpdateDocAsUpsertParamWire(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 201, "index_created.json")
	if _, err := svc.Update(ctx, "books", "1", &UpdateRequest{Doc: map[string]any{"a": 1}}, &UpdateParams{DocAsUpsert: query.Ptr(true)}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_update/1", "doc_as_upsert=true", `{"doc":{"a":1}}`)
}
