package types

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

func TestNewErrorDetailed(t *testing.T) {
	t.Parallel()
	body := `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [students1]","index":"students1","resource.id":"students1","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [students1]","index":"students1","resource.id":"students1","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`
	e := NewError(404, http.Header{"X-Opaque-Id": {"q"}}, []byte(body))
	if e.StatusCode != 404 || e.Type != "index_not_found_exception" || e.Reason != "no such index [students1]" {
		t.Fatalf("decoded %+v", e)
	}
	if e.Index() != "students1" || e.MetadataString("resource.type") != "index_or_alias" || e.MetadataString("index_uuid") != "_na_" {
		t.Fatalf("metadata %v", e.Metadata)
	}
	if len(e.RootCause) != 1 || e.RootCause[0].MetadataString("resource.id") != "students1" {
		t.Fatalf("root causes %+v", e.RootCause)
	}
	if _, ok := e.Metadata["type"]; ok {
		t.Fatal("known keys leaked into Metadata")
	}
	if got, want := e.Error(), "clustersearch: 404 index_not_found_exception: no such index [students1]"; got != want {
		t.Fatalf("Error() = %q, want %q", got, want)
	}
	if !IsNotFound(e) || IsConflict(e) || !IsType(e, "index_not_found_exception") || string(e.Body) != body {
		t.Fatal("helpers disagree with the decoded error")
	}
}

func TestNewErrorNestedCausedBy(t *testing.T) {
	t.Parallel()
	body := `{"error":{"root_cause":[{"type":"parsing_exception","reason":"unknown query [mtch] did you mean [match]?","line":1,"col":19}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":"idx","node":"n1","reason":{"type":"parsing_exception","reason":"x"}}],"caused_by":{"type":"parsing_exception","reason":"unknown query [mtch] did you mean [match]?","line":1,"col":19,"caused_by":{"type":"named_object_not_found_exception","reason":"[1:19] unknown field [mtch]"}}},"status":400}`
	e := NewError(400, nil, []byte(body))
	if e.CausedBy == nil || e.CausedBy.CausedBy == nil || e.CausedBy.CausedBy.Type != "named_object_not_found_exception" {
		t.Fatalf("caused_by chain lost: %+v", e.CausedBy)
	}
	if string(e.CausedBy.Metadata["line"]) != "1" || string(e.Metadata["phase"]) != `"query"` {
		t.Fatalf("metadata lost: %v / %v", e.CausedBy.Metadata, e.Metadata)
	}
	if !IsType(e, "parsing_exception") || !IsBadRequest(e) {
		t.Fatal("IsType does not look at root causes")
	}
	want := "clustersearch: 400 search_phase_execution_exception: all shards failed (root cause: parsing_exception: unknown query [mtch] did you mean [match]?)"
	if e.Error() != want {
		t.Fatalf("Error() = %q", e.Error())
	}
	// The tree survives a round trip.
	again, err := jsonx.Marshal(e.ErrorCause)
	if err != nil {
		t.Fatal(err)
	}
	var back ErrorCause
	if err := jsonx.Unmarshal(again, &back); err != nil {
		t.Fatal(err)
	}
	if back.CausedBy.CausedBy.Reason != "[1:19] unknown field [mtch]" || string(back.Metadata["failed_shards"]) == "" {
		t.Fatalf("round trip lost data: %s", again)
	}
}

func TestNewErrorOtherShapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		status     int
		msg, str   string
	}{
		{"plain 405", `{"error":"Incorrect HTTP method for uri [/_search] and method [PUT], allowed: [POST, GET]","status":405}`, 405,
			"Incorrect HTTP method for uri [/_search] and method [PUT], allowed: [POST, GET]",
			"clustersearch: 405: Incorrect HTTP method for uri [/_search] and method [PUT], allowed: [POST, GET]"},
		{"no route", `{"error":"no handler found for uri [/x/y/z] and method [GET]"}`, 400,
			"no handler found for uri [/x/y/z] and method [GET]", "clustersearch: 400: no handler found for uri [/x/y/z] and method [GET]"},
		{"empty", ``, 503, "", "clustersearch: 503 Service Unavailable (empty body)"},
		{"not json", `<html>Bad Gateway</html>`, 502, "<html>Bad Gateway</html>", "clustersearch: 502: <html>Bad Gateway</html>"},
		{"message shape", `{"status":"FORBIDDEN","message":"no permissions for [indices:data/read/search]"}`, 403,
			"no permissions for [indices:data/read/search]", "clustersearch: 403: no permissions for [indices:data/read/search]"},
		{"broken json", `{"error":{"type":`, 500, `{"error":{"type":`, `clustersearch: 500: {"error":{"type":`},
	}
	for _, tc := range cases {
		e := NewError(tc.status, nil, []byte(tc.body))
		if e.Message != tc.msg || e.Error() != tc.str || e.Type != "" {
			t.Errorf("%s: Message %q Error() %q Type %q", tc.name, e.Message, e.Error(), e.Type)
		}
	}
	long := NewError(500, nil, []byte(strings.Repeat("é", 400)))
	if !strings.HasSuffix(long.Message, "...") || len(long.Message) > 520 {
		t.Errorf("long body not truncated: %d bytes", len(long.Message))
	}
}

func TestErrorsIsAndAs(t *testing.T) {
	t.Parallel()
	e := NewError(409, nil, []byte(`{"error":{"type":"version_conflict_engine_exception","reason":"[1]: version conflict"},"status":409}`))
	wrapped := fmt.Errorf("update: %w", e)
	var got *Error
	if !errors.As(wrapped, &got) || got != e {
		t.Fatal("errors.As failed")
	}
	if !errors.Is(wrapped, &Error{StatusCode: 409}) || !errors.Is(wrapped, &Error{ErrorCause: ErrorCause{Type: "version_conflict_engine_exception"}}) {
		t.Fatal("errors.Is pattern did not match")
	}
	if errors.Is(wrapped, &Error{StatusCode: 404}) || errors.Is(wrapped, &Error{}) {
		t.Fatal("errors.Is matched a different pattern")
	}
	if !IsConflict(wrapped) || IsNotFound(wrapped) || IsStatus(errors.New("x"), 409) || IsType(nil, "x") {
		t.Fatal("status helpers wrong")
	}
}
