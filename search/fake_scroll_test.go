package search_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// ScrollAll against the fake, one hit a page: every later page carries the
// fetch options the first page does (inner hits, script fields, highlight,
// explain, version, sequence numbers, doc values), hit for hit the same as
// one page holding them all.
func TestScrollAllFetchOptionsAgainstFake(t *testing.T) {
	t.Parallel()
	c := newBlog(t).Client()
	ctx := context.Background()
	body := func(size int) *search.Request {
		return &search.Request{
			Query: query.Bool().Must(query.Nested("comments", query.Match("comments.text", "great")).WithInnerHits(&search.InnerHits{
				Name: "matching", Source: query.SourceFields("comments.author"),
			})).Should(query.Term("tag", "go")),
			Size:             query.Ptr(size),
			Source:           query.SourceFields("tag"),
			ScriptFields:     map[string]search.ScriptField{"tag2": {Script: types.NewScript("doc['tag'].value + doc['tag'].value", nil)}},
			Highlight:        &search.Highlight{Fields: map[string]search.HighlightField{"tag": {}}},
			Explain:          query.Ptr(true),
			Version:          query.Ptr(true),
			SeqNoPrimaryTerm: query.Ptr(true),
			DocvalueFields:   []search.FieldAndFormat{{Field: "tag"}},
		}
	}
	var one []string
	for hit, err := range search.ScrollAll[json.RawMessage](ctx, c.Search, []string{"blog"}, body(1), types.Duration(time.Minute), nil) {
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(hit)
		one = append(one, string(b))
	}
	resp, err := c.Search.Search(ctx, []string{"blog"}, body(10), &search.Params{Scroll: types.Duration(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, hit := range resp.Hits.Hits {
		b, _ := json.Marshal(hit)
		all = append(all, string(b))
	}
	if len(one) != 3 || strings.Join(one, "\n") != strings.Join(all, "\n") {
		t.Fatalf("one hit a page:\n%s\nall in one page:\n%s", strings.Join(one, "\n"), strings.Join(all, "\n"))
	}
	// Post 1's hit, on a later page, exactly (the explanation aside).
	var last struct {
		ID        string                     `json:"_id"`
		Version   int64                      `json:"_version"`
		SeqNo     int64                      `json:"_seq_no"`
		Source    json.RawMessage            `json:"_source"`
		Fields    map[string]json.RawMessage `json:"fields"`
		Highlight map[string][]string        `json:"highlight"`
		Inner     map[string]struct {
			Hits struct {
				Hits []struct {
					Nested struct{ Offset int } `json:"_nested"`
					Source json.RawMessage      `json:"_source"`
				}
			}
		} `json:"inner_hits"`
		Explanation struct{ Value float64 } `json:"_explanation"`
		Score       float64                 `json:"_score"`
	}
	page := -1
	for i, h := range one {
		if strings.Contains(h, `"_id":"1"`) {
			page = i
		}
	}
	if page < 1 {
		t.Fatalf("post 1 on page %d:\n%s", page, strings.Join(one, "\n"))
	}
	if err := json.Unmarshal([]byte(one[page]), &last); err != nil {
		t.Fatal(err)
	}
	in := last.Inner["matching"].Hits.Hits
	if last.ID != "1" || last.Version != 1 || last.SeqNo != 0 || string(last.Source) != `{"tag":"go"}` ||
		string(last.Fields["tag2"]) != `["gogo"]` || string(last.Fields["tag"]) != `["go"]` ||
		strings.Join(last.Highlight["tag"], "|") != "<em>go</em>" ||
		len(in) != 1 || in[0].Nested.Offset != 0 || string(in[0].Source) != `{"author":"kimchy"}` || last.Explanation.Value != last.Score || last.Score == 0 {
		t.Errorf("post 1 %s", one[page])
	}
}
