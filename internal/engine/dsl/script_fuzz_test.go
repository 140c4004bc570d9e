package dsl

import (
	"errors"
	"testing"
)

// FuzzParseScriptQueries feeds script, script_score and function_score script_score
// objects to the query parser: a query or an OpenSearch-shaped error, never a panic.
func FuzzParseScriptQueries(f *testing.F) {
	for _, s := range []string{
		`{"script":{"script":"doc['n'].value > 1"}}`,
		`{"script":{"script":{"source":"doc[params.f].value > params.min","params":{"f":"n","min":2},"lang":"painless","options":{"max_loop_counter":"5"}},"boost":2,"_name":"s"}}`,
		`{"script":{"script":{"id":"stored","lang":"painless"}}}`,
		`{"script":{"script":{"source":"1","id":"x"}}}`,
		`{"script":{"script":{"inline":{"a":1}}}}`,
		`{"script":{"script":{"sauce":"1"}}}`,
		`{"script":{"script":[]}}`,
		`{"script":{}}`,
		`{"script_score":{"query":{"match_all":{}},"script":"_score * 2","min_score":1,"boost":"2"}}`,
		`{"script_score":{"script":{"source":"1","params":null}}}`,
		`{"script_score":{"query":{"term":{"k":"a"}},"script":{"stored":"x"},"extra":1}}`,
		`{"function_score":{"functions":[{"script_score":{"script":"doc['n'].value"},"weight":2}],"boost_mode":"replace"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		q, err := ParseJSON(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Status != 400 && e.Status != 500) || e.Type == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		if q == nil || q.Kind() == "" {
			t.Fatal("nil query without error")
		}
		if s, ok := q.(*ScriptQuery); ok && s.Script.Source == "" && s.Script.ID == "" {
			t.Fatal("script query without a script")
		}
	})
}
