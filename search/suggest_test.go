package search

import (
	"context"
	"reflect"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/sdktest"
	"github.com/clustersearch/clustersearch-go/query"
)

func TestSuggestersEncode(t *testing.T) {
	t.Parallel()
	svc, rec := newService(t, 200, "search_no_total.json")
	body := &Request{Size: query.Ptr(0), Suggest: map[string]any{
		"text": "quikc brwn",
		"t": TermSuggester{Field: "title", Analyzer: "standard", Size: query.Ptr(3), ShardSize: query.Ptr(10), SuggestMode: "popular",
			Sort: "frequency", StringDistance: "jaro_winkler", Accuracy: query.Ptr(0.6), MaxEdits: query.Ptr(1), MaxInspections: query.Ptr(4),
			MaxTermFreq: query.Ptr(0.5), PrefixLength: query.Ptr(0), MinWordLength: query.Ptr(3), MinDocFreq: query.Ptr(2.0)},
		"own": TermSuggester{Text: "fox", Field: "title"},
		"p": PhraseSuggester{Text: "noble prize", Field: "title.trigram", Size: query.Ptr(1), GramSize: query.Ptr(3),
			RealWordErrorLikelihood: query.Ptr(0.9), Confidence: query.Ptr(0.0), MaxErrors: query.Ptr(2.0), Separator: "|", TokenLimit: query.Ptr(8),
			ForceUnigrams: query.Ptr(false), Highlight: &PhraseHighlight{PreTag: "<em>", PostTag: "</em>"},
			Collate:   &PhraseCollate{Query: map[string]any{"source": map[string]any{"match": map[string]any{"title": "{{suggestion}}"}}}, Params: map[string]any{"x": 1}, Prune: query.Ptr(true)},
			Smoothing: Laplace{Alpha: query.Ptr(0.7)},
			DirectGenerators: []DirectGenerator{{Field: "title.trigram", SuggestMode: "always", MinWordLength: query.Ptr(1)},
				{Field: "title.reverse", PreFilter: "reverse", PostFilter: "reverse"}}},
		"lin": PhraseSuggester{Text: "a b", Field: "f", Smoothing: LinearInterpolation{TrigramLambda: 0.5, BigramLambda: 0.3, UnigramLambda: 0.2}},
		"sb":  PhraseSuggester{Text: "a b", Field: "f", Smoothing: StupidBackoff{Discount: query.Ptr(0.3)}},
		"c": CompletionSuggester{Prefix: "nir", Field: "suggest", Size: query.Ptr(2), SkipDuplicates: query.Ptr(true),
			Fuzzy:    &CompletionFuzzy{Fuzziness: "AUTO", Transpositions: query.Ptr(true), MinLength: query.Ptr(3), PrefixLength: query.Ptr(1), UnicodeAware: query.Ptr(false)},
			Contexts: map[string][]CompletionContext{"genre": {{Context: "rock"}, {Context: "po", Boost: query.Ptr(2), Prefix: query.Ptr(true)}}}},
		"r":  CompletionSuggester{Regex: "n[ei]r", Field: "suggest", RegexOptions: &CompletionRegexOptions{Flags: "ALL", MaxDeterminizedStates: query.Ptr(100)}},
		"ct": CompletionSuggester{Text: "nev", Field: "suggest", ShardSize: query.Ptr(7)},
	}}
	if _, err := svc.Search(context.Background(), []string{"books"}, body, &Params{TypedKeys: query.Ptr(true)}); err != nil {
		t.Fatal(err)
	}
	sdktest.CheckCall(t, rec.Last(t), "POST", "/books/_search", "typed_keys=true", `{"size":0,"suggest":{`+
		`"c":{"prefix":"nir","completion":{"field":"suggest","size":2,"skip_duplicates":true,"fuzzy":{"fuzziness":"AUTO","transpositions":true,"min_length":3,"prefix_length":1,"unicode_aware":false},"contexts":{"genre":[{"context":"rock"},{"context":"po","boost":2,"prefix":true}]}}},`+
		`"ct":{"text":"nev","completion":{"field":"suggest","shard_size":7}},`+
		`"lin":{"text":"a b","phrase":{"field":"f","smoothing":{"linear_interpolation":{"trigram_lambda":0.5,"bigram_lambda":0.3,"unigram_lambda":0.2}}}},`+
		`"own":{"text":"fox","term":{"field":"title"}},`+
		`"p":{"text":"noble prize","phrase":{"field":"title.trigram","size":1,"gram_size":3,"real_word_error_likelihood":0.9,"confidence":0,"max_errors":2,"separator":"|","token_limit":8,"force_unigrams":false,`+
		`"highlight":{"pre_tag":"<em>","post_tag":"</em>"},"collate":{"query":{"source":{"match":{"title":"{{suggestion}}"}}},"params":{"x":1},"prune":true},"smoothing":{"laplace":{"alpha":0.7}},`+
		`"direct_generator":[{"field":"title.trigram","suggest_mode":"always","min_word_length":1},{"field":"title.reverse","pre_filter":"reverse","post_filter":"reverse"}]}},`+
		`"r":{"regex":"n[ei]r","completion":{"field":"suggest","regex":{"flags":"ALL","max_determinized_states":100}}},`+
		`"sb":{"text":"a b","phrase":{"field":"f","smoothing":{"stupid_backoff":{"discount":0.3}}}},`+
		`"t":{"term":{"field":"title","analyzer":"standard","size":3,"shard_size":10,"suggest_mode":"popular","sort":"frequency","string_distance":"jaro_winkler","accuracy":0.6,"max_edits":1,"max_inspections":4,"max_term_freq":0.5,"prefix_length":0,"min_word_length":3,"min_doc_freq":2}},`+
		`"text":"quikc brwn"}}`)
}

func TestSuggestDecodes(t *testing.T) {
	t.Parallel()
	svc, _ := newService(t, 200, `{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"total":{"value":0,"relation":"eq"},"max_score":null,"hits":[]},"suggest":{`+
		`"term#t":[{"text":"quikc","offset":0,"length":5,"options":[{"text":"quick","score":0.8,"freq":3}]},{"text":"brwn","offset":6,"length":4,"options":[]}],`+
		`"phrase#p":[{"text":"noble prize","offset":0,"length":11,"options":[{"text":"nobel prize","highlighted":"<em>nobel</em> prize","score":0.48,"collate_match":true}]}],`+
		`"completion#c":[{"text":"nir","offset":0,"length":3,"options":[{"text":"Nirvana","_index":"music","_id":"1","_score":34.0,"_source":{"suggest":"Nirvana"},"contexts":{"genre":["rock","pop"],"place":["u33d"]}}]}]}}`)
	resp, err := svc.Search(context.Background(), []string{"books"}, nil, &Params{TypedKeys: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	term := resp.Suggestions("t")
	if len(term) != 2 || term[0].Text != "quikc" || term[0].Length != 5 || term[1].Offset != 6 || len(term[1].Options) != 0 {
		t.Fatalf("term = %+v", term)
	}
	if o := term[0].Options[0]; o.Text != "quick" || o.Score != 0.8 || o.Freq != 3 {
		t.Errorf("term option = %+v", o)
	}
	ph := resp.Suggestions("p")[0].Options[0]
	if ph.Text != "nobel prize" || ph.Highlighted != "<em>nobel</em> prize" || ph.Score != 0.48 || ph.CollateMatch == nil || !*ph.CollateMatch {
		t.Errorf("phrase option = %+v", ph)
	}
	c := resp.Suggest["completion#c"][0].Options[0]
	if c.Text != "Nirvana" || c.Index != "music" || c.ID != "1" || c.DocScore == nil || *c.DocScore != 34 || string(c.Source) != `{"suggest":"Nirvana"}` ||
		!reflect.DeepEqual(c.Contexts, map[string][]string{"genre": {"rock", "pop"}, "place": {"u33d"}}) {
		t.Errorf("completion option = %+v", c)
	}
	if resp.Suggestions("none") != nil {
		t.Error("unknown name found")
	}
}
