package fake

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// The phrase scores below were computed by hand from the noisy channel
// formulas over index s (9 body tokens, 6 distinct terms, one shard): each
// token scores log10(channel * P(term)), with channel 0.95 (as a float)
// for the input word and the term suggester's score for a candidate, P =
// (1 + ttf) / (9 + 6) for unigrams, and a path scores exp(sum).
func TestSuggestPhrase(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	phr := func(text string, opts ...string) string {
		return `{"suggest":{"p":[{"text":"` + text + `","offset":0,"length":` + strconv.Itoa(len(text)) + `,"options":[` + strings.Join(opts, ",") + `]}]}}`
	}
	o := func(text, score string) string { return `{"text":"` + text + `","score":` + score + `}` }
	tests := []struct{ name, text, options, want string }{
		{"defaults: one error, above the input's score", "quikc brown", ``,
			phr("quikc brown", o("quick brown", "0.248531"), o("quack brown", "0.16232474")),
		},
		{"size", "quikc brown", `,"size":1`, phr("quikc brown", o("quick brown", "0.248531"))},
		{"max_errors 0.5 of two tokens rounds to one", "quikc brwn", ``,
			phr("quikc brwn", o("quick brwn", "0.1542302"), o("quikc brown", "0.13235383"), o("quack brwn", "0.10073342")),
		},
		{"max_errors 2", "quikc brwn", `,"max_errors":2`,
			phr("quikc brwn", o("quick brown", "0.22428223"), o("quick brwn", "0.1542302"), o("quack brown", "0.14648698"), o("quikc brown", "0.13235383"), o("quack brwn", "0.10073342")),
		},
		{"confidence 0 keeps the input; highlight wraps corrections", "quikc brown", `,"confidence":0,"highlight":{"pre_tag":"<em>","post_tag":"</em>"}`,
			phr("quikc brown", `{"text":"quick brown","highlighted":"<em>quick</em> brown","score":0.248531}`,
				`{"text":"quack brown","highlighted":"<em>quack</em> brown","score":0.16232474}`, `{"text":"quikc brown","highlighted":"quikc brown","score":0.14666355}`),
		},
		{"highlight joins neighbouring corrections", "quikc brwn", `,"max_errors":2,"size":1,"highlight":{"pre_tag":"[","post_tag":"]"}`,
			phr("quikc brwn", `{"text":"quick brown","highlighted":"[quick brown]","score":0.22428223}`),
		},
		// Bigrams are never in the index (no shingles): stupid backoff falls
		// back to 0.4 (a float) times the unigram.
		{"gram_size 2 with stupid backoff", "quikc brown", `,"gram_size":2`,
			phr("quikc brown", o("quick brown", "0.16693886"), o("quack brown", "0.109033905")),
		},
		// Laplace (alpha 0.7): unigram (0.7 + ttf) / (9 + 0.7 * 6), bigram
		// 0.7 / (ttf(previous) + 0.7 * 6).
		{"laplace", "quikc brown", `,"gram_size":2,"smoothing":{"laplace":{"alpha":0.7}}`,
			phr("quikc brown", o("quick brown", "0.18566838"), o("quack brown", "0.13463937")),
		},
		{"linear interpolation", "quikc brown", `,"gram_size":2,"smoothing":{"linear_interpolation":{"trigram_lambda":0.5,"bigram_lambda":0.3,"unigram_lambda":0.2}}`,
			phr("quikc brown", o("quick brown", "0.12354403"), o("quack brown", "0.08069115")),
		},
		{"generator size", "quikc brown", `,"direct_generator":[{"field":"body","size":1}]`, phr("quikc brown", o("quick brown", "0.248531"))},
		{"collate drops options whose query matches nothing", "quikc brown", `,"collate":{"query":{"source":{"match_phrase":{"body":"{{suggestion}}"}}}}`,
			phr("quikc brown", o("quick brown", "0.248531")),
		},
		{"collate prune marks them", "quikc brown", `,"collate":{"query":{"source":{"match_phrase":{"{{f}}":"{{suggestion}}"}}},"params":{"f":"body"},"prune":true}`,
			phr("quikc brown", `{"text":"quick brown","score":0.248531,"collate_match":true}`, `{"text":"quack brown","score":0.16232474,"collate_match":false}`),
		},
		{"token_limit", "quikc brown", `,"token_limit":2`, phr("quikc brown")},
		{"text of known words only", "quick brown", ``, phr("quick brown")},
	}
	for _, tt := range tests {
		body := `{"suggest":{"p":{"text":"` + tt.text + `","phrase":{"field":"body"` + tt.options + `}}}}`
		code, _, got := call(t, s, "POST", "/s/_search?filter_path=suggest", body)
		if code != 200 || got != tt.want {
			t.Errorf("%s: %d %s\nwant %s", tt.name, code, got, tt.want)
		}
	}
	expect(t, s, "POST", "/s/_search?filter_path=suggest&typed_keys=true", `{"suggest":{"text":"quikc brown","p":{"phrase":{"field":"body","size":1}}}}`, 200,
		`{"suggest":{"phrase#p":[{"text":"quikc brown","offset":0,"length":11,"options":[{"text":"quick brown","score":0.248531}]}]}}`)
	// An index without terms in the field suggests nothing.
	expect(t, s, "PUT", "/empty", `{"mappings":{"properties":{"body":{"type":"text"}}}}`, 200, "")
	expect(t, s, "POST", "/empty/_search?filter_path=suggest", `{"suggest":{"p":{"text":"quikc","phrase":{"field":"body"}}}}`, 200,
		`{"suggest":{"p":[{"text":"quikc","offset":0,"length":5,"options":[]}]}}`)
}

func TestSuggestPhraseErrors(t *testing.T) {
	s := newTestServer(t)
	seedSuggest(t, s)
	bad := func(phrase string) string {
		return `{"suggest":{"p":{"text":"quikc","phrase":{"field":"body"` + phrase + `}}}}`
	}
	tests := []struct {
		body   string
		status int
		want   string
	}{
		{bad(`,"bogus":1`), 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"suggester[phrase] doesn't support field [bogus]","line":1,"col":66}],<**>`},
		{bad(`,"bogus":[1]`), 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"suggester[phrase]  doesn't support array field [bogus]","line":1,"col":66}],<**>`},
		{bad(`,"smoothing":{"bogus":{}}`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"suggester[phrase] doesn't support object field [bogus]"}],<**>`},
		{bad(`,"smoothing":{"laplace":{}},"smoothing":{"laplace":{}}`), 400, `<**>"type":"json_parse_exception"<**>`},
		{bad(`,"smoothing":{"linear_interpolation":{"trigram_lambda":0.5}}`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"linear smoothing lambdas must sum to 1"}],<**>`},
		{bad(`,"highlight":{"pre_tag":"<em>"}`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Pre and post tag must both be null or both not be null."}],<**>`},
		{bad(`,"collate":{"query":{"source":{}},"prune":"yes"}`), 400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"suggester[phrase][collate] prune must be either 'true' or 'false'"<**>`},
		{bad(`,"direct_generator":[{"field":"body","bogus":1}]`), 400, `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:94] [direct_generator] unknown field [bogus]"}],<**>`},
		{bad(`,"direct_generator":[{"size":1}]`), 400, `{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:87] Required [field]"}],<**>`},
		{bad(`,"confidence":-1`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"confidence must be >= 0.0"}],<**>`},
		{bad(`,"max_errors":0`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"max_error must be > 0.0"}],<**>`},
		{bad(`,"gram_size":0`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"gramSize must be >= 1"}],<**>`},
		{bad(`,"token_limit":0`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"token_limit must be >= 1"}],<**>`},
		{bad(`,"real_word_error_likelihood":0`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"real_word_error_likelihood must be > 0.0"}],<**>`},
		{`{"suggest":{"p":{"text":"quikc","phrase":{}}}}`, 400, `{"error":{"root_cause":[{"type":"parse_exception","reason":"the required field option [field] is missing"}],<**>`},
		// Generators are built on the shards.
		{bad(`,"direct_generator":[{"field":"body","suggest_mode":"Sometimes"}]`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Illegal suggest mode sometimes"}],"type":"search_phase_execution_exception",<**>`},
		{bad(`,"direct_generator":[{"field":"body","max_edits":3}]`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Illegal max_edits value 3"}],"type":"search_phase_execution_exception",<**>`},
		{bad(`,"direct_generator":[{"field":"body","pre_filter":"nope"}]`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Analyzer [nope] doesn't exists"}],"type":"search_phase_execution_exception",<**>`},
		{bad(`,"direct_generator":[{"field":"body","size":0}]`), 400, `{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"Size must be positive"}],"type":"search_phase_execution_exception",<**>`},
		{bad(`,"collate":{"query":{"id":"my-template"}}`), 501, `<**>stored templates in the phrase suggester's collate<**>`},
	}
	for _, tt := range tests {
		expect(t, s, "POST", "/s/_search", tt.body, tt.status, tt.want)
	}
}

func TestSuggestPhraseAcrossShards(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/m", `{"settings":{"number_of_shards":3},"mappings":{"properties":{"body":{"type":"text"}}}}`, 200, "")
	var bulk strings.Builder
	for i, b := range []string{"quick brown", "quick", "quick brown fox", "quack", "quack brown", "brown dog", "quick", "the quick"} {
		bulk.WriteString(`{"index":{"_id":"` + strconv.Itoa(i) + `"}}` + "\n" + `{"body":"` + b + `"}` + "\n")
	}
	expect(t, s, "POST", "/m/_bulk?refresh=true", bulk.String(), 200, "")
	type entry struct {
		Options []struct {
			Text  string  `json:"text"`
			Score float32 `json:"score"`
		} `json:"options"`
	}
	get := func(path string) []entry {
		_, _, body := call(t, s, "POST", path, `{"suggest":{"p":{"text":"quikc brown","phrase":{"field":"body","confidence":0}}}}`)
		var r struct {
			Suggest map[string][]entry `json:"suggest"`
		}
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatal(err)
		}
		return r.Suggest["p"]
	}
	// Each shard scores with its own statistics; the reduce keeps each
	// text's best score and sorts by score, then text.
	best := map[string]float32{}
	for sh := 0; sh < 3; sh++ {
		for _, o := range get("/m/_search?preference=_shards:" + strconv.Itoa(sh))[0].Options {
			best[o.Text] = max(best[o.Text], o.Score)
		}
	}
	merged := get("/m/_search")[0].Options
	if len(merged) == 0 || len(merged) != len(best) {
		t.Fatalf("merged %+v, per shard best %v", merged, best)
	}
	for i, o := range merged {
		if best[o.Text] != o.Score {
			t.Errorf("%s: %v, best shard score %v", o.Text, o.Score, best[o.Text])
		}
		if i > 0 && (merged[i-1].Score < o.Score || merged[i-1].Score == o.Score && merged[i-1].Text > o.Text) {
			t.Errorf("order: %+v", merged)
		}
	}
}
