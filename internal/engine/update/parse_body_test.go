package update

import (
	"testing"
)

func TestParseUpdateBodyFields(t *testing.T) {
	u, err := ParseBody([]byte(`{"doc":{"a":1},"upsert":{"b": 2},"doc_as_upsert":"true","detect_noop":false,"scripted_upsert":true,"_source":["a"],"if_seq_no":"3","if_primary_term":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(u.Req.Doc) != `{"a":1}` || string(u.Req.Upsert) != `{"b":2}` || !u.Req.DocAsUpsert || u.Req.DetectNoop || !u.Req.ScriptedUpsert ||
		u.Source == nil || len(u.Source.Includes) != 1 || *u.IfSeqNo != 3 || *u.IfTerm != 1 {
		t.Errorf("parsed %+v", u)
	}
	u, err = ParseBody([]byte(`{"script":{"inline":"x","params":{"p":[1]},"options":{"max_loop_counter":5}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if s := u.Req.Script; s.Source != "x" || s.Lang != "painless" || string(s.Params) != `{"p":[1]}` || s.Options["max_loop_counter"] != "5" {
		t.Errorf("script %+v", s)
	}
}

func TestParseUpdateBodyErrors(t *testing.T) {
	for body, want := range map[string]string{
		`[1]`:                                "Expected [START_OBJECT] but found [START_ARRAY]",
		`{"script":{"source":"a","id":"b"}}`: "[1:30] [UpdateRequest] failed to parse field [script]",
		`{"script":{"id":"b","lang":"x"}}`:   "[1:31] [UpdateRequest] failed to parse field [script]",
		`{"script":{"sorce":"b"}}`:           "[1:12] [UpdateRequest] failed to parse field [script]",
		`{"if_seq_no":"x"}`:                  "[1:14] [UpdateRequest] failed to parse field [if_seq_no]",
		`{"_source":{"inc":["a"]}}`:          "[1:24] [UpdateRequest] failed to parse field [_source]",
		`{"doc":{"a":1}`:                     "Unexpected end-of-input: expected close marker for Object (start marker at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1])\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 15]",
	} {
		_, err := ParseBody([]byte(body))
		if err == nil || err.Reason != want {
			t.Errorf("%s: got %v, want reason %q", body, err, want)
		}
	}
}

func FuzzParseUpdateBody(f *testing.F) {
	for _, s := range []string{`{"doc":{"a":1}}`, `{"script":"x"}`, `{"script":{"source":{"a":1},"params":null}}`, `{"_source":{"includes":"a"}}`,
		`{"if_seq_no":1e3}`, `{"detect_noop":"x"}`, `[`, `{"script":{"id":"x","stored":"y"}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		u, err := ParseBody(data)
		if (u == nil) == (err == nil) {
			t.Fatalf("ParseBody(%q) = %v, %v", data, u, err)
		}
	})
}
