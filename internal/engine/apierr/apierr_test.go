package apierr

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func render(t *testing.T, e *Error, trace bool) string {
	t.Helper()
	b, err := jsonout.Marshal(e.Body(trace))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBodies(t *testing.T) {
	tests := []struct {
		e    *Error
		want string
	}{
		{IndexNotFound("x", ResourceIndexOrAlias), `{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [x]","index":"x","resource.id":"x","resource.type":"index_or_alias","index_uuid":"_na_"}],"type":"index_not_found_exception","reason":"no such index [x]","index":"x","resource.id":"x","resource.type":"index_or_alias","index_uuid":"_na_"},"status":404}`},
		{VersionConflict("1", "document already exists (current version [1])", "i", 2, "u"), `{"error":{"root_cause":[{"type":"version_conflict_engine_exception","reason":"[1]: version conflict, document already exists (current version [1])","index":"i","shard":"2","index_uuid":"u"}],"type":"version_conflict_engine_exception","reason":"[1]: version conflict, document already exists (current version [1])","index":"i","shard":"2","index_uuid":"u"},"status":409}`},
		// A Java exception cause is not a root cause; an OpenSearch one is.
		{MapperParsing("outer").WithCause(New(TypeNumberFormat, "inner")), `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"outer"}],"type":"mapper_parsing_exception","reason":"outer","caused_by":{"type":"number_format_exception","reason":"inner"}},"status":400}`},
		{MapperParsing("outer").WithCause(MapperParsing("inner")), `{"error":{"root_cause":[{"type":"mapper_parsing_exception","reason":"inner"}],"type":"mapper_parsing_exception","reason":"outer","caused_by":{"type":"mapper_parsing_exception","reason":"inner"}},"status":400}`},
		{IllegalArgument("a").WithCause(MapperParsing("b")), `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"a"}],"type":"illegal_argument_exception","reason":"a","caused_by":{"type":"mapper_parsing_exception","reason":"b"}},"status":400}`},
		{MethodNotAllowed("/x?y", "PUT", []string{"GET", "POST"}), `{"error":"Incorrect HTTP method for uri [/x?y] and method [PUT], allowed: [GET, POST]","status":405}`},
		{NoHandler("/x", "GET"), `{"error":"no handler found for uri [/x] and method [GET]"}`},
		{Validation("a", "b"), `{"error":{"root_cause":[{"type":"action_request_validation_exception","reason":"Validation Failed: 1: a;2: b;"}],"type":"action_request_validation_exception","reason":"Validation Failed: 1: a;2: b;"},"status":400}`},
	}
	for _, tt := range tests {
		if got := render(t, tt.e, false); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
	if got := render(t, IllegalArgument("x"), true); got != `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"x","stack_trace":"java.lang.IllegalArgumentException: x\n\tat clustersearch-fake"}],"type":"illegal_argument_exception","reason":"x","stack_trace":"java.lang.IllegalArgumentException: x\n\tat clustersearch-fake"},"status":400}` {
		t.Errorf("trace: %s", got)
	}
	if h := MethodNotAllowed("/", "PUT", []string{"GET", "HEAD"}).Header["Allow"]; len(h) != 1 || h[0] != "GET,HEAD" {
		t.Error("405 Allow header")
	}
}

func TestStatusTable(t *testing.T) {
	// json_parse_exception (Jackson's JsonParseException) is 400: ExceptionsHelper.status
	// lists it next to IllegalArgumentException in 2.x.
	for typ, want := range map[string]int{TypeIndexNotFound: 404, TypeVersionConflict: 409, TypeIllegalArgument: 400, TypeRejectedExecution: 429,
		TypeJSONParse: 400, TypeXContentParse: 400, TypeNumberFormat: 400, "anything_else": 500} {
		if got := StatusOf(typ); got != want {
			t.Errorf("StatusOf(%s) = %d, want %d", typ, got, want)
		}
	}
}
