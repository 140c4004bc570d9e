package rest

import (
	"net/http"
	"strings"
	"testing"
)

// A random_score seed without a field hashes _id and answers with
// RandomScoreFunctionBuilder's deprecation warning; with a field, none.
func TestRandomScoreSeedWarning(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 1)
	warn := func(body string) []string {
		req, _ := http.NewRequest("POST", hs.URL+"/idx/_search", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", body, resp.StatusCode)
		}
		return resp.Header.Values("Warning")
	}
	w := warn(`{"query":{"function_score":{"functions":[{"random_score":{"seed":7}}]}}}`)
	if len(w) != 1 || !strings.HasSuffix(w[0], `"OpenSearch requires that a [field] parameter is provided when a [seed] is set"`) {
		t.Errorf("seed without field: %q", w)
	}
	if w := warn(`{"query":{"function_score":{"functions":[{"random_score":{"seed":7,"field":"_id"}}]}}}`); len(w) != 0 {
		t.Errorf("seed with field: %q", w)
	}
}
