package query

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSpanQueriesMarshal(t *testing.T) {
	t.Parallel()
	a, b := SpanTerm("body", "quick"), SpanTerm("body", "fox").WithBoost(2).WithName("f")
	for q, want := range map[Query]string{
		a:                       `{"span_term":{"body":{"value":"quick"}}}`,
		SpanNear(1, true, a, b): `{"span_near":{"clauses":[{"span_term":{"body":{"value":"quick"}}},{"span_term":{"body":{"value":"fox","boost":2,"_name":"f"}}}],"slop":1,"in_order":true}}`,
		SpanOr(a, b):            `{"span_or":{"clauses":[{"span_term":{"body":{"value":"quick"}}},{"span_term":{"body":{"value":"fox","boost":2,"_name":"f"}}}]}}`,
		&SpanNotQuery{Include: a, Exclude: a, Post: Ptr(1)}: `{"span_not":{"include":{"span_term":{"body":{"value":"quick"}}},"exclude":{"span_term":{"body":{"value":"quick"}}},"post":1}}`,
		SpanFirst(a, 3):                              `{"span_first":{"match":{"span_term":{"body":{"value":"quick"}}},"end":3}}`,
		SpanContaining(a, a):                         `{"span_containing":{"big":{"span_term":{"body":{"value":"quick"}}},"little":{"span_term":{"body":{"value":"quick"}}}}}`,
		SpanWithin(a, a):                             `{"span_within":{"big":{"span_term":{"body":{"value":"quick"}}},"little":{"span_term":{"body":{"value":"quick"}}}}}`,
		SpanMulti(Prefix("body", "qu")):              `{"span_multi":{"match":{"prefix":{"body":{"value":"qu"}}}}}`,
		FieldMaskingSpan(SpanTerm("o", "x"), "body"): `{"field_masking_span":{"query":{"span_term":{"o":{"value":"x"}}},"field":"body"}}`,
	} {
		got, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
	for q, want := range map[Query]string{
		SpanNear(0, true):       "span_near needs clauses",
		SpanOr(a, nil):          "nil clause in span_or",
		SpanMulti(nil):          "span_multi needs a match query",
		FieldMaskingSpan(a, ""): "field_masking_span",
	} {
		if _, err := json.Marshal(q); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
}
