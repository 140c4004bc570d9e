package query

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/types"
)

func TestScriptQueriesMarshal(t *testing.T) {
	t.Parallel()
	s := types.NewScript("doc['likes'].value > params.min", map[string]any{"min": 5})
	cases := []struct {
		name string
		q    Query
		want string
	}{
		// encoding/json's HTML escaping of > is what goes on the wire; JSON reads it back as >
		{"script", Script(s), `{"script":{"script":{"source":"doc['likes'].value \u003e params.min","lang":"painless","params":{"min":5}}}}`},
		{"script options", Script(&types.Script{Source: "true"}).WithBoost(2).WithName("s"),
			`{"script":{"script":{"source":"true"},"boost":2,"_name":"s"}}`},
		{"script stored", Script(&types.Script{ID: "my-script"}), `{"script":{"script":{"id":"my-script"}}}`},
		{"script_score", ScriptScoreOf(Match("title", "fox"), &types.Script{Source: "_score * doc['likes'].value"}),
			`{"script_score":{"query":{"match":{"title":{"query":"fox"}}},"script":{"source":"_score * doc['likes'].value"}}}`},
		{"script_score options", ScriptScoreOf(MatchAll(), &types.Script{Source: "1"}).WithMinScore(0.5).WithBoost(3).WithName("ss"),
			`{"script_score":{"query":{"match_all":{}},"script":{"source":"1"},"min_score":0.5,"boost":3,"_name":"ss"}}`},
		{"function_score script function", FunctionScore(MatchAll(), ScriptScoreFunction(Term("k", "a"), &types.Script{Source: "doc['n'].value"})),
			`{"function_score":{"query":{"match_all":{}},"functions":[{"filter":{"term":{"k":{"value":"a"}}},"script_score":{"script":{"source":"doc['n'].value"}}}]}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := jsonx.Marshal(c.q) // as the client sends it
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestScriptQueriesRejectBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		q    Query
		want string
	}{
		{"script without script", Script(nil), "script query needs a script"},
		{"script_score without query", ScriptScoreOf(nil, &types.Script{Source: "1"}), "script_score needs a query"},
		{"script_score without script", ScriptScoreOf(MatchAll(), nil), "script_score needs a script"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := json.Marshal(c.q)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want it to mention %q", err, c.want)
			}
		})
	}
}

// TestScriptQueriesMatchTheOpenAPISchemas: every documented option of the script and
// script_score queries has a field, and nothing undocumented is sent.
func TestScriptQueriesMatchTheOpenAPISchemas(t *testing.T) {
	t.Parallel()
	f := Ptr(1.5)
	for schema, q := range map[string]Query{
		"ScriptQuery":      &ScriptQuery{Script: &types.Script{Source: "true"}, Boost: f, Name: "x"},
		"ScriptScoreQuery": &ScriptScoreQuery{Query: MatchAll(), Script: &types.Script{Source: "1"}, MinScore: f, Boost: f, Name: "x"},
	} {
		spec := schemaProps(t, schema)
		_, keys := innerKeys(t, q, false)
		if !cmpSets(spec, keys) {
			t.Errorf("%s lists %v, the builder sends %v", schema, sortedKeys(spec), sortedKeys(keys))
		}
	}
}
