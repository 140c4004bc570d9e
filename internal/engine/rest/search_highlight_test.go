package rest

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// highlightServer has one index with texts of several sentences, a
// multi-valued field and a keyword.
func highlightServer(t testing.TB) *httptest.Server {
	t.Helper()
	_, hs := searchServer(t)
	create := `{"settings":{"number_of_shards":1},"mappings":{"properties":{
		"body":{"type":"text"},"tags":{"type":"text"},"kw":{"type":"keyword"},"html":{"type":"text"},
		"tv":{"type":"text","term_vector":"with_positions_offsets"}}}}`
	if code, out := call(t, hs, "PUT", "/hl", create); code != 200 {
		t.Fatal(out)
	}
	docs := []string{
		`{"body":"The quick brown fox jumps. A lazy dog sleeps! Foxes are quick. Nothing else here.","kw":"red fox","tags":["red apple pie","green apple","banana split"]}`,
		`{"body":"The quick fox saw a brown dog. A quick brown cat.","html":"<b>Tom & Jerry</b> are friends.","tv":"quick"}`,
		`{"body":"Brown bread and brownies. Fox and cat.","tags":["fox"]}`,
		`{"body":"😀😀😀😀😀 aaa wolf"}`,
		`{"body":31337}`,
	}
	for i, d := range docs {
		if code, out := call(t, hs, "PUT", "/hl/_doc/"+string(rune('1'+i))+"?refresh=true", d); code != 201 {
			t.Fatal(out)
		}
	}
	return hs
}

// Fragments of the unified highlighter, worked out from OpenSearch's
// algorithm (CustomFieldHighlighter, BoundedBreakIteratorScanner,
// PassageScorer, CustomPassageFormatter).
func TestUnifiedHighlighter(t *testing.T) {
	hs := highlightServer(t)
	cases := []struct{ name, body, want string }{
		// The three sentences fit in fragment_size 100: one passage.
		{"one bounded window", `{"query":{"match":{"body":"quick dog"}},"highlight":{"fields":{"body":{}}}}`,
			`"1":{"body":["The <em>quick</em> brown fox jumps. A lazy <em>dog</em> sleeps! Foxes are <em>quick</em>. Nothing else here."]}`},
		// fragment_size 30: a window grows by whole sentences while it
		// stays within 30 characters, so each sentence is its own passage.
		{"sentences", `{"query":{"match":{"body":"quick dog"}},"highlight":{"fields":{"body":{"fragment_size":30}}}}`,
			`"1":{"body":["The <em>quick</em> brown fox jumps.","A lazy <em>dog</em> sleeps!","Foxes are <em>quick</em>."]}`},
		// Two of three passages: scores 1.158 (first, quick twice in the
		// text, long passage), 1.715 (dog, rarer), 1.220 (quick).
		{"best two in document order", `{"query":{"match":{"body":"quick dog"}},"highlight":{"fields":{"body":{"fragment_size":30,"number_of_fragments":2}}}}`,
			`"1":{"body":["A lazy <em>dog</em> sleeps!","Foxes are <em>quick</em>."]}`},
		{"order score", `{"query":{"match":{"body":"quick dog"}},"highlight":{"order":"score","fields":{"body":{"fragment_size":30}}}}`,
			`"1":{"body":["A lazy <em>dog</em> sleeps!","Foxes are <em>quick</em>.","The <em>quick</em> brown fox jumps."]}`},
		// fragment_size 0: the plain sentence instance.
		{"unbounded sentences", `{"query":{"match":{"body":"quick dog"}},"highlight":{"fields":{"body":{"fragment_size":0}}}}`,
			`"1":{"body":["The <em>quick</em> brown fox jumps.","A lazy <em>dog</em> sleeps!","Foxes are <em>quick</em>."]}`},
		{"word scanner", `{"query":{"match":{"body":"quick dog"}},"highlight":{"boundary_scanner":"word","fields":{"body":{}}}}`,
			`"1":{"body":["<em>quick</em>","<em>dog</em>","<em>quick</em>"]}`},
		{"whole field", `{"query":{"match":{"body":"dog"}},"highlight":{"fields":{"body":{"number_of_fragments":0,"fragment_size":10}}}}`,
			`"1":{"body":["The quick brown fox jumps. A lazy <em>dog</em> sleeps! Foxes are quick. Nothing else here."]}`},
		// Each value is its own passage; values without a match give none.
		{"multi-valued", `{"query":{"match":{"tags":"apple"}},"highlight":{"fields":{"tags":{}}}}`,
			`"1":{"tags":["red <em>apple</em> pie","green <em>apple</em>"]}`},
		{"multi-valued whole", `{"query":{"match":{"tags":"apple"}},"highlight":{"fields":{"tags":{"number_of_fragments":0}}}}`,
			`"1":{"tags":["red <em>apple</em> pie","green <em>apple</em>"]}`},
		// Only the true phrase match is highlighted.
		{"phrase", `{"query":{"match_phrase":{"body":"quick brown"}},"highlight":{"fields":{"body":{}}}}`,
			`"1":{"body":["The <em>quick</em> <em>brown</em> fox jumps. A lazy dog sleeps! Foxes are quick. Nothing else here."]}`},
		{"phrase sentence", `{"query":{"match_phrase":{"body":"quick brown"}},"highlight":{"fields":{"body":{"fragment_size":20}}}}`,
			`"2":{"body":["A <em>quick</em> <em>brown</em> cat."]}`},
		{"prefix", `{"query":{"prefix":{"body":"brow"}},"highlight":{"fields":{"body":{"fragment_size":30}}}}`,
			`"3":{"body":["<em>Brown</em> bread and <em>brownies</em>."]}`},
		{"wildcard and fuzzy", `{"query":{"bool":{"should":[{"wildcard":{"body":"c?t"}},{"fuzzy":{"body":"brwn"}}]}},"highlight":{"fields":{"body":{}}}}`,
			`"2":{"body":["The quick fox saw a <em>brown</em> dog. A quick <em>brown</em> <em>cat</em>."]}`},
		{"query_string", `{"query":{"query_string":{"query":"body:(fox AND cat)"}},"highlight":{"fields":{"body":{}}}}`,
			`"3":{"body":["<em>Fox</em> and <em>cat</em>."]}`},
		// must_not terms are not highlighted even without field matching.
		{"must_not", `{"query":{"bool":{"must":{"match":{"body":"bread"}},"must_not":{"match":{"tags":"apple"}}}},"highlight":{"require_field_match":false,"fields":{"body":{}}}}`,
			`"3":{"body":["Brown <em>bread</em> and brownies. Fox and cat."]}`},
		{"require_field_match false", `{"query":{"match":{"tags":"fox"}},"highlight":{"require_field_match":false,"fields":{"body":{"fragment_size":20}}}}`,
			`"3":{"body":["<em>Fox</em> and cat."]}`},
		{"highlight_query", `{"query":{"match":{"body":"bread"}},"highlight":{"fields":{"body":{"highlight_query":{"match":{"body":"cat"}}}}}}`,
			`"3":{"body":["Fox and <em>cat</em>."]}`},
		{"tags", `{"query":{"match":{"body":"cat"}},"highlight":{"pre_tags":["[","("],"post_tags":["]"],"fields":{"body":{"fragment_size":20}}}}`,
			`"2":{"body":["A quick brown [cat]."]}`},
		{"styled", `{"query":{"match":{"body":"cat"}},"highlight":{"tags_schema":"styled","fields":{"body":{"fragment_size":20}}}}`,
			`"2":{"body":["A quick brown <em class=\"hlt1\">cat</em>."]}`},
		{"html encoder", `{"query":{"match":{"html":"jerry"}},"highlight":{"encoder":"html","fields":{"html":{}}}}`,
			`"2":{"html":["&lt;b&gt;Tom &amp; <em>Jerry</em>&lt;&#x2F;b&gt; are friends."]}`},
		{"default encoder", `{"query":{"match":{"html":"jerry"}},"highlight":{"fields":{"html":{}}}}`,
			`"2":{"html":["<b>Tom & <em>Jerry</em></b> are friends."]}`},
		// The keyword value is one token: the whole value or nothing.
		{"keyword", `{"query":{"term":{"kw":"red fox"}},"highlight":{"fields":{"kw":{}}}}`, `"1":{"kw":["<em>red fox</em>"]}`},
		// Nothing matched in body: the first value cut at the first word
		// boundary after 20 characters.
		{"no_match_size", `{"query":{"match":{"kw":"red fox"}},"highlight":{"fields":{"body":{"no_match_size":20}}}}`,
			`"1":{"body":["The quick brown fox jumps"]}`},
		{"no_match_size multi-valued", `{"query":{"match":{"kw":"red fox"}},"highlight":{"fields":{"tags":{"no_match_size":5}}}}`,
			`"1":{"tags":["red apple"]}`},
		// Lengths count UTF-16 units: each emoji is two, so the word
		// boundary before 16+1-8 is after the third emoji.
		{"utf-16", `{"query":{"match":{"body":"wolf"}},"highlight":{"fields":{"body":{"fragment_size":8}}}}`,
			`"4":{"body":["😀😀 aaa <em>wolf</em>"]}`},
		{"number in source", `{"query":{"match":{"body":"31337"}},"highlight":{"fields":{"body":{}}}}`,
			`"5":{"body":["<em>31337</em>"]}`},
		// A field named again takes the later options.
		{"field named twice", `{"query":{"query_string":{"query":"fox","fields":["body","tags"]}},"highlight":{"fields":{"*":{"fragment_size":20},"body":{"number_of_fragments":0}}}}`,
			`"3":{"body":["Brown bread and brownies. <em>Fox</em> and cat."],"tags":["<em>fox</em>"]}`},
		// An empty highlight object is valid (HighlightBuilder's empty form).
		{"no fields", `{"query":{"match":{"body":"31337"}},"highlight":{}}`, `"5":none`},
		// A field pattern highlights the text and keyword fields it names.
		{"wildcard field", `{"query":{"query_string":{"query":"fox","fields":["body","kw","tags"]}},"highlight":{"fields":{"*":{"fragment_size":20}}}}`,
			`"3":{"body":["<em>Fox</em> and cat."],"tags":["<em>fox</em>"]} "2":{"body":["The quick <em>fox</em> saw a brown"]} "1":{"body":["The quick brown <em>fox</em> jumps"]}`},
	}
	runHighlightCases(t, hs, cases)
}

// Fragments of the plain highlighter, worked out from Lucene's Highlighter
// (QueryScorer, SimpleSpanFragmenter, TokenGroup): a new fragment starts
// before the first token ending at or after fragment_size times the
// fragment count (with half a fragment of text left, for the span
// fragmenter); the text between tokens goes to the later fragment, which
// is neither trimmed nor kept in document order: best score (distinct
// query terms) first.
func TestPlainHighlighter(t *testing.T) {
	hs := highlightServer(t)
	cases := []struct{ name, body, want string }{
		{"one fragment", `{"query":{"match":{"body":"quick dog"}},"highlight":{"type":"plain","fields":{"body":{}}}}`,
			`"1":{"body":["The <em>quick</em> brown fox jumps. A lazy <em>dog</em> sleeps! Foxes are <em>quick</em>. Nothing else here."]}`},
		// New fragments before "lazy" (ends at 33 >= 30) and the second
		// "quick" (61 >= 60); all score 1, so document order.
		{"span fragmenter", `{"query":{"match":{"body":"quick dog"}},"highlight":{"type":"plain","fields":{"body":{"fragment_size":30}}}}`,
			`"1":{"body":["The <em>quick</em> brown fox jumps. A"," lazy <em>dog</em> sleeps! Foxes are"," <em>quick</em>. Nothing else here."]}`},
		{"simple fragmenter", `{"query":{"match":{"body":"quick dog"}},"highlight":{"type":"plain","fragmenter":"simple","fields":{"body":{"fragment_size":30,"number_of_fragments":1}}}}`,
			`"1":{"body":["The <em>quick</em> brown fox jumps. A"]}`},
		// The middle fragment holds two distinct terms: it comes first.
		{"best first", `{"query":{"match":{"body":"dog sleeps quick"}},"highlight":{"type":"plain","fields":{"body":{"fragment_size":30}}}}`,
			`"1":{"body":[" lazy <em>dog</em> <em>sleeps</em>! Foxes are","The <em>quick</em> brown fox jumps. A"," <em>quick</em>. Nothing else here."]}`},
		{"phrase", `{"query":{"match_phrase":{"body":"quick brown"}},"highlight":{"type":"plain","fields":{"body":{}}}}`,
			`"2":{"body":["The quick fox saw a brown dog. A <em>quick</em> <em>brown</em> cat."]}`},
		{"multi-valued", `{"query":{"match":{"tags":"apple"}},"highlight":{"type":"plain","fields":{"tags":{}}}}`,
			`"1":{"tags":["red <em>apple</em> pie","green <em>apple</em>"]}`},
		{"multi-valued whole", `{"query":{"match":{"tags":"apple"}},"highlight":{"type":"plain","fields":{"tags":{"number_of_fragments":0}}}}`,
			`"1":{"tags":["red <em>apple</em> pie","green <em>apple</em>"]}`},
		{"html encoder", `{"query":{"match":{"html":"jerry"}},"highlight":{"type":"plain","encoder":"html","fields":{"html":{}}}}`,
			`"2":{"html":["&lt;b&gt;Tom &amp; <em>Jerry</em>&lt;&#x2F;b&gt; are friends."]}`},
		{"prefix", `{"query":{"prefix":{"body":"brow"}},"highlight":{"type":"plain","fields":{"body":{}}}}`,
			`"3":{"body":["<em>Brown</em> bread and <em>brownies</em>. Fox and cat."]}`},
		// no_match_size: the end of the last token ending within 20.
		{"no_match_size", `{"query":{"match":{"kw":"red fox"}},"highlight":{"type":"plain","fields":{"body":{"no_match_size":20}}}}`,
			`"1":{"body":["The quick brown fox"]}`},
		{"keyword", `{"query":{"term":{"kw":"red fox"}},"highlight":{"type":"plain","fields":{"kw":{}}}}`, `"1":{"kw":["<em>red fox</em>"]}`},
	}
	runHighlightCases(t, hs, cases)
}

func runHighlightCases(t *testing.T, hs *httptest.Server, cases []struct{ name, body, want string }) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := mustCall(t, hs, "POST", "/hl/_search?filter_path=hits.hits._id,hits.hits.highlight", c.body)
			if got := compactHighlights(body); !strings.Contains(got, c.want) {
				t.Errorf("got %s\nwant …%s…", got, c.want)
			}
		})
	}
}

// compactHighlights renders the hits as "id":{highlight} pairs (fields in
// response order), so a case names just what it checks.
func compactHighlights(body string) string {
	var res struct {
		Hits struct {
			Hits []struct {
				ID        string          `json:"_id"`
				Highlight json.RawMessage `json:"highlight"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		return err.Error()
	}
	var b strings.Builder
	for _, h := range res.Hits.Hits {
		hl := string(h.Highlight)
		if hl == "" {
			hl = "none"
		}
		b.WriteString(`"` + h.ID + `":` + hl + " ")
	}
	return b.String()
}

// Bad highlight options get OpenSearch's errors: parse errors at once,
// highlighter failures (raised while fetching the hits) as the shard's
// failure.
func TestHighlightErrors(t *testing.T) {
	hs := highlightServer(t)
	mustCall(t, hs, "PUT", "/small", `{"settings":{"number_of_shards":1,"index.highlight.max_analyzed_offset":10},"mappings":{"properties":{
		"field1":{"type":"text"},"field2":{"type":"text","index_options":"offsets"}}}}`)
	text := "The quick brown fox went to the forest and saw another fox."
	if code, out := call(t, hs, "PUT", "/small/_doc/1?refresh=true", `{"field1":"`+text+`","field2":"`+text+`"}`); code != 201 {
		t.Fatal(out)
	}
	shardErr := func(typ, reason string) string {
		return `{"error":{"root_cause":[{"type":"` + typ + `","reason":"` + reason + `"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"query","grouped":true,"failed_shards":[{"shard":0,"index":`
	}
	const help = " - maximum allowed to be analyzed for highlighting. This maximum can be set by changing the [index.highlight.max_analyzed_offset] index level setting. For large texts, indexing with offsets or term vectors is recommended!"
	cases := []struct {
		name, index, body string
		code              int
		want              string
	}{
		{"plain fragmenter", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"type":"plain","fragmenter":"regex","fields":{"body":{}}}}`, 400,
			shardErr("illegal_argument_exception", "unknown fragmenter option [regex] for the field [body]")},
		{"plain over max_analyzed_offset", "small", `{"query":{"match":{"field2":"fox"}},"highlight":{"type":"plain","fields":{"field2":{}}}}`, 400,
			shardErr("illegal_argument_exception", "The length of [field2] field of [1] doc of [small] index has exceeded [10] - maximum allowed to be analyzed for highlighting. This maximum can be set by changing the [index.highlight.max_analyzed_offset] index level setting. For large texts, indexing with offsets or term vectors, and highlighting with unified or fvh highlighter is recommended!")},
		{"plain max_analyzer_offset", "small", `{"query":{"match":{"field1":"quick fox"}},"highlight":{"type":"plain","fields":{"field1":{"max_analyzer_offset":10}}}}`, 200,
			`"highlight":{"field1":["The <em>quick</em> brown fox went to the forest and saw another fox."]}`},
		{"fvh without term vectors", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"type":"fvh","fields":{"body":{}}}}`, 400,
			shardErr("illegal_argument_exception", "the field [body] should be indexed with term vector with position offsets to be used with fast vector highlighter")},
		{"unknown type", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"type":"nope","fields":{"body":{}}}}`, 400,
			shardErr("illegal_argument_exception", "unknown highlighter type [nope] for the field [body]")},
		{"chars scanner", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"boundary_scanner":"chars","fields":{"body":{}}}}`, 400,
			shardErr("illegal_argument_exception", "Invalid boundary scanner type: CHARS")},
		{"bad scanner", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"boundary_scanner":"line","fields":{"body":{}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:67] [highlight] failed to parse field [boundary_scanner]"}],"type":"x_content_parse_exception","reason":"[1:67] [highlight] failed to parse field [boundary_scanner]","caused_by":{"type":"illegal_argument_exception","reason":"No enum constant org.opensearch.search.fetch.subphase.highlight.HighlightBuilder.BoundaryScannerType.LINE"}},"status":400}`},
		{"bad tags_schema", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"tags_schema":"fancy","fields":{"body":{}}}}`, 400,
			`{"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:62] [highlight] failed to parse field [tags_schema]"}],"type":"x_content_parse_exception","reason":"[1:62] [highlight] failed to parse field [tags_schema]","caused_by":{"type":"illegal_argument_exception","reason":"Unknown tag schema [fancy]"}},"status":400}`},
		{"pre_tags alone", "hl", `{"query":{"match":{"body":"dog"}},"highlight":{"pre_tags":["<x>"],"fields":{"body":{}}}}`, 400,
			`{"error":{"root_cause":[{"type":"parsing_exception","reason":"pre_tags are set but post_tags are not set","line":1,"col":87}],"type":"parsing_exception","reason":"pre_tags are set but post_tags are not set","line":1,"col":87},"status":400}`},
		// 30_max_analyzed_offset.yml
		{"text over max_analyzed_offset", "small", `{"query":{"match":{"field1":"fox"}},"highlight":{"fields":{"field1":{}}}}`, 400,
			shardErr("illegal_argument_exception", "The length of [field1] field of [0] doc of [small] index has exceeded [10]"+help)},
		{"max_analyzer_offset over the index's", "small", `{"query":{"match":{"field1":"fox"}},"highlight":{"fields":{"field1":{"max_analyzer_offset":20}}}}`, 400,
			shardErr("illegal_argument_exception", "max_analyzer_offset has exceeded [10]"+help)},
		{"max_analyzer_offset", "small", `{"query":{"match":{"field1":"quick fox"}},"highlight":{"fields":{"field1":{"max_analyzer_offset":10}}}}`, 200,
			`"highlight":{"field1":["The <em>quick</em> brown fox went to the forest and saw another fox."]}`},
		{"offsets in postings", "small", `{"query":{"match":{"field2":"fox"}},"highlight":{"fields":{"field2":{}}}}`, 200,
			`"highlight":{"field2":["The quick brown <em>fox</em> went to the forest and saw another <em>fox</em>."]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, body := call(t, hs, "POST", "/"+c.index+"/_search", c.body)
			if code != c.code || !strings.Contains(body, c.want) {
				t.Errorf("got %d %s\nwant %d …%s…", code, body, c.code, c.want)
			}
		})
	}
}

// FuzzHighlight sends arbitrary highlight requests over texts of several
// sentences and values: no panic or hang, and every answer is a 2xx or an
// OpenSearch-shaped error (or the fake's 501 for what it does not cover).
func FuzzHighlight(f *testing.F) {
	seeds := []string{
		`{"fields":{"body":{}}}`,
		`{"type":"plain","fragmenter":"simple","fields":{"body":{"fragment_size":7,"number_of_fragments":2}}}`,
		`{"boundary_scanner":"word","order":"score","fields":{"*":{"no_match_size":3}}}`,
		`{"fields":[{"tags":{"number_of_fragments":0}},{"kw":{}}],"encoder":"html","tags_schema":"styled"}`,
		`{"fields":{"body":{"fragment_size":0,"highlight_query":{"prefix":{"body":"b"}}}}}`,
		`{"pre_tags":["<"],"post_tags":[">"],"fields":{"body":{"max_analyzer_offset":5,"require_field_match":false}}}`,
		`{"type":"fvh","boundary_scanner":"chars","fields":{"tv":{}}}`,
		`{"type":"fvh","boundary_scanner":"word","boundary_chars":"x","boundary_max_scan":-4,"fields":{"tv":{"fragment_offset":0,"fragment_size":1,"no_match_size":3}}}`,
		`{"type":"fvh","order":"score","tags_schema":"styled","fields":{"tv":{"number_of_fragments":0,"highlight_query":{"wildcard":{"tv":"q*"}}}}}`,
		`{"fields":{"body":{"fragment_size":-3,"number_of_fragments":-1,"no_match_size":-2}}}`,
	}
	queries := []string{`{"match":{"body":"quick dog"}}`, `{"match_phrase":{"body":{"query":"quick brown","slop":2}}}`, `{"query_string":{"query":"apple OR fox*"}}`}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	hs := highlightServer(f)
	f.Fuzz(func(t *testing.T, hl string, qi uint8) {
		body := `{"query":` + queries[int(qi)%len(queries)] + `,"highlight":` + hl + `}`
		code, out := call(t, hs, "POST", "/hl/_search", body)
		checkShaped(t, code, out)
	})
}

// Fragments of the fast vector highlighter, worked out from Lucene's
// FieldPhraseList, SimpleFragListBuilder (margin 6, re-centred on the
// matches), SimpleBoundaryScanner (".,!? \t\n", 20 characters) and
// BaseFragmentsBuilder (fragments untrimmed; tags chosen by the query
// term's number).
func TestFastVectorHighlighter(t *testing.T) {
	hs := highlightServer(t)
	mustCall(t, hs, "PUT", "/fv", `{"settings":{"number_of_shards":1},"mappings":{"properties":{
		"fbody":{"type":"text","term_vector":"with_positions_offsets"},"kw":{"type":"keyword"},
		"ftags":{"type":"text","term_vector":"with_positions_offsets"}}}}`)
	for i, d := range []string{
		`{"fbody":"The quick brown fox jumps. A lazy dog sleeps! Foxes are quick. Nothing else here.","kw":"x"}`,
		`{"fbody":"The quick fox saw a brown dog. A quick brown cat.","ftags":["red apple pie","green apple","banana split"]}`,
	} {
		if code, out := call(t, hs, "PUT", "/fv/_doc/"+string(rune('1'+i))+"?refresh=true", d); code != 201 {
			t.Fatal(out)
		}
	}
	cases := []struct{ name, body, want string }{
		{"one fragment", `{"query":{"match":{"fbody":"quick dog"}},"highlight":{"type":"fvh","fields":{"fbody":{}}}}`,
			`"1":{"fbody":["The <em>quick</em> brown fox jumps. A lazy <em>dog</em> sleeps! Foxes are <em>quick</em>. Nothing else here."]}`},
		// [0,20) ends at the period after "jumps"; [26,46) starts after the
		// period and ends at the space after "Foxes"; [49,69) starts after
		// the space before "Foxes".
		{"fragments", `{"query":{"match":{"fbody":"quick dog"}},"highlight":{"type":"fvh","fields":{"fbody":{"fragment_size":20}}}}`,
			`"1":{"fbody":["The <em>quick</em> brown fox jumps"," A lazy <em>dog</em> sleeps! Foxes","Foxes are <em>quick</em>. Nothing"]}`},
		// The fragment holding two matches first.
		{"order score", `{"query":{"match":{"fbody":"dog sleeps quick"}},"highlight":{"type":"fvh","order":"score","fields":{"fbody":{"fragment_size":20}}}}`,
			`"1":{"fbody":["lazy <em>dog</em> <em>sleeps</em>! Foxes","The <em>quick</em> brown fox jumps","Foxes are <em>quick</em>. Nothing"]}`},
		// A phrase is one span; the first "quick ... brown" is too far apart.
		{"phrase", `{"query":{"match_phrase":{"fbody":"quick brown"}},"highlight":{"type":"fvh","fields":{"fbody":{}}}}`,
			`"2":{"fbody":["The quick fox saw a brown dog. A <em>quick brown</em> cat."]}`},
		// The prefix expands to the index's "brown": the phrase "quick brown".
		{"phrase prefix", `{"query":{"match_phrase_prefix":{"fbody":"quick br"}},"highlight":{"type":"fvh","fields":{"fbody":{}}}}`,
			`"2":{"fbody":["The quick fox saw a brown dog. A <em>quick brown</em> cat."]} "1":{"fbody":["The <em>quick brown</em> fox jumps. A lazy dog sleeps! Foxes are quick. Nothing else here."]}`},
		// Each query term takes the tag of its number.
		{"styled", `{"query":{"match":{"fbody":"dog quick"}},"highlight":{"type":"fvh","tags_schema":"styled","fields":{"fbody":{}}}}`,
			`"1":{"fbody":["The <em class=\"hlt2\">quick</em> brown fox jumps. A lazy <em class=\"hlt1\">dog</em> sleeps! Foxes are <em class=\"hlt2\">quick</em>. Nothing else here."]}`},
		{"no_match_size", `{"query":{"term":{"kw":"x"}},"highlight":{"type":"fvh","fields":{"fbody":{"no_match_size":10}}}}`,
			`"1":{"fbody":["The quick brown"]}`},
		// One fragment [0,100) over the joined values is cut per value
		// (discrete multi-value highlighting): "red apple pie " and
		// "green apple ", each without its separator.
		{"multi-valued", `{"query":{"match":{"ftags":"apple"}},"highlight":{"type":"fvh","fields":{"ftags":{}}}}`,
			`"2":{"ftags":["red <em>apple</em> pie","green <em>apple</em>"]}`},
		{"multi-valued whole", `{"query":{"match":{"ftags":"apple"}},"highlight":{"type":"fvh","fields":{"ftags":{"number_of_fragments":0}}}}`,
			`"2":{"ftags":["red <em>apple</em> pie","green <em>apple</em>"]}`},
		// The sentence scanner widens [26,46) to the sentence before its
		// start and the one its end falls in.
		{"sentence scanner", `{"query":{"match":{"fbody":"dog"}},"highlight":{"type":"fvh","boundary_scanner":"sentence","fields":{"fbody":{"fragment_size":20}}}}`,
			`"1":{"fbody":["The quick brown fox jumps. A lazy <em>dog</em> sleeps! Foxes are quick. "]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := mustCall(t, hs, "POST", "/fv/_search?filter_path=hits.hits._id,hits.hits.highlight", c.body)
			if got := compactHighlights(body); !strings.Contains(got, c.want) {
				t.Errorf("got %s\nwant …%s…", got, c.want)
			}
		})
	}
	for _, c := range []struct {
		name, body string
		code       int
		want       string
	}{
		{"small fragment", `{"query":{"match":{"fbody":"dog"}},"highlight":{"type":"fvh","fields":{"fbody":{"fragment_size":10}}}}`, 400,
			`"root_cause":[{"type":"illegal_argument_exception","reason":"fragCharSize(10) is too small. It must be 18 or higher."}]`},
	} {
		code, body := call(t, hs, "POST", "/fv/_search", c.body)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: got %d %s", c.name, code, body)
		}
	}
}
