package search_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

type movie struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Director string `json:"director"`
	Year     int    `json:"year"`
}

var movies = []movie{
	{"m1", "The Cruise", "Bennett Miller", 1998},
	{"m2", "Drive", "Nicolas Winding Refn", 2011},
	{"m3", "Moneyball", "Bennett Miller", 2011},
	{"m4", "The Drive Home", "Someone Else", 2020},
	{"m5", "Only God Forgives", "Nicolas Winding Refn", 2013},
}

// newMovies starts a fake with a movies index holding the documents above.
func newMovies(t *testing.T) *fake.Server {
	t.Helper()
	srv := fake.New(t)
	if err := srv.CreateIndex("movies", map[string]any{"mappings": map[string]any{"properties": map[string]any{
		"id": map[string]any{"type": "keyword"}, "title": map[string]any{"type": "text"},
		"director": map[string]any{"type": "text"}, "year": map[string]any{"type": "integer"},
	}}}); err != nil {
		t.Fatal(err)
	}
	var docs []fake.Doc
	for _, m := range movies {
		docs = append(docs, fake.Doc{ID: m.ID, Source: m})
	}
	if err := srv.IndexDocuments("movies", docs...); err != nil {
		t.Fatal(err)
	}
	return srv
}

func TestSearchAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	client := srv.Client()
	ctx := context.Background()

	resp, err := search.SearchAs[movie](ctx, client.Search, []string{"movies"}, &search.Request{
		Query: query.Match("title", "drive"),
	}, &search.Params{SeqNoPrimaryTerm: query.Ptr(true), Version: query.Ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Hits.Total == nil || resp.Hits.Total.Value != 2 || resp.Hits.Total.Relation != "eq" || resp.Hits.MaxScore == nil {
		t.Fatalf("hits = %+v", resp.Hits)
	}
	if resp.Hits.Hits[0].Source.ID != "m2" { // the shorter title scores higher
		t.Errorf("first hit = %+v", resp.Hits.Hits[0])
	}
	for _, h := range resp.Hits.Hits {
		if h.Score == nil || h.Version == nil || h.SeqNo == nil || h.PrimaryTerm == nil || h.Index != "movies" {
			t.Errorf("hit = %+v", h)
		}
	}

	sorted, err := client.Search.Search(ctx, []string{"movies"}, &search.Request{
		Query:          query.Bool().Filter(query.Range("year").Gte(2011)),
		Sort:           []search.Sort{search.SortBy("year", "desc"), search.SortBy("id", "asc")},
		TrackTotalHits: search.TrackTotalHitsFalse,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, h := range sorted.Hits.Hits {
		ids = append(ids, h.ID)
		if h.Score != nil || len(h.Sort) != 2 {
			t.Errorf("sorted hit = %+v", h)
		}
	}
	if strings.Join(ids, ",") != "m4,m5,m2,m3" || sorted.Hits.Total != nil || sorted.Hits.MaxScore != nil {
		t.Errorf("sorted = %v total=%v max=%v", ids, sorted.Hits.Total, sorted.Hits.MaxScore)
	}

	asInt, err := client.Search.Search(ctx, []string{"movies"}, nil, &search.Params{RestTotalHitsAsInt: query.Ptr(true), Size: query.Ptr(0)})
	if err != nil || asInt.Hits.Total.Value != 5 {
		t.Fatalf("rest_total_hits_as_int = %+v %v", asInt, err)
	}
	if b, _ := jsonx.Marshal(asInt.Hits.Total); string(b) != "5" {
		t.Errorf("total re-encodes as %s", b)
	}

	if _, err := client.Search.Search(ctx, []string{"nope"}, nil, nil); !types.IsType(err, "index_not_found_exception") {
		t.Errorf("missing index: %v", err)
	}

	var seen []string
	for hit, err := range search.All[movie](ctx, client.Search, []string{"movies"},
		&search.Request{Sort: []search.Sort{search.SortBy("id", "asc")}, Size: query.Ptr(2)}, nil) {
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, hit.Source.ID)
	}
	if strings.Join(seen, ",") != "m1,m2,m3,m4,m5" {
		t.Errorf("All = %v", seen)
	}
}

func TestMultiSearchAndExplainAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	client := srv.Client()
	ctx := context.Background()

	ms, err := client.Search.MultiSearch(ctx, nil, []search.MultiSearchItem{
		{Header: search.MultiSearchHeader{Index: []string{"movies"}}, Body: &search.Request{Query: query.Term("id", "m3")}},
		{Header: search.MultiSearchHeader{Index: []string{"nope"}}, Body: &search.Request{Query: query.MatchAll()}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms.Responses) != 2 {
		t.Fatalf("responses = %+v", ms.Responses)
	}
	if ok := ms.Responses[0]; ok.Failed() || ok.Status != 200 || ok.Hits.Hits[0].ID != "m3" {
		t.Errorf("entry 0 = %+v", ok)
	}
	if bad := ms.Responses[1]; !bad.Failed() || bad.Status != 404 || bad.Error.Type != "index_not_found_exception" {
		t.Errorf("entry 1 = %+v", bad)
	}

	ex, err := client.Search.Explain(ctx, "movies", "m2", &search.ExplainRequest{Query: query.Match("title", "drive")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !ex.Matched || ex.Explanation == nil || ex.Explanation.Value <= 0 || len(ex.Explanation.Details) == 0 {
		t.Errorf("explain = %+v", ex)
	}
	miss, err := client.Search.Explain(ctx, "movies", "m1", &search.ExplainRequest{Query: query.Match("title", "drive")}, nil)
	if err != nil || miss.Matched {
		t.Errorf("non-matching explain = %+v %v", miss, err)
	}
}

// TestFakeSearchAnswersSurviveRoundTrip decodes the fake's own bytes for several searches
// and encodes them back: no field the server sends may be lost.
func TestFakeSearchAnswersSurviveRoundTrip(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	cases := []struct {
		path, body string
		out        any
	}{
		{"/movies/_search?seq_no_primary_term=true&version=true", `{"query":{"match":{"title":"drive"}}}`, new(search.Response)},
		{"/movies/_search?explain=true", `{"query":{"match":{"title":"drive"}}}`, new(search.Response)},
		{"/movies/_search", `{"sort":[{"year":"desc"}],"track_total_hits":false}`, new(search.Response)},
		{"/movies/_search?rest_total_hits_as_int=true", `{"size":0}`, new(search.Response)},
		{"/movies/_search", `{"query":{"match":{"title":{"query":"drive","_name":"t"}}}}`, new(search.Response)},
		{"/movies/_explain/m2", `{"query":{"match":{"title":"drive"}}}`, new(search.ExplainResponse)},
	}
	for _, c := range cases {
		raw := post(t, srv, c.path, "application/json", c.body)
		if err := jsonx.Unmarshal(raw, c.out); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		again, err := jsonx.Marshal(c.out)
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, raw, again) {
			t.Errorf("%s %s: round trip changed the answer\nserver: %s\nagain:  %s", c.path, c.body, raw, again)
		}
	}
	raw := post(t, srv, "/_msearch", "application/x-ndjson", "{\"index\":\"movies\"}\n{}\n{\"index\":\"nope\"}\n{}\n")
	var ms search.MultiSearchResponse
	if err := jsonx.Unmarshal(raw, &ms); err != nil {
		t.Fatal(err)
	}
	again, _ := jsonx.Marshal(&ms)
	if !sameJSON(t, raw, again) {
		t.Errorf("msearch: round trip changed the answer\nserver: %s\nagain:  %s", raw, again)
	}
}

func post(t *testing.T, srv *fake.Server, path, contentType, body string) []byte {
	t.Helper()
	resp, err := srv.HTTPClient().Post(srv.URL()+path, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %d %v %s", path, resp.StatusCode, err, b)
	}
	return b
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	for _, p := range []struct {
		data []byte
		dst  *any
	}{{a, &x}, {b, &y}} {
		dec := json.NewDecoder(bytes.NewReader(p.data))
		dec.UseNumber()
		if err := dec.Decode(p.dst); err != nil {
			t.Fatal(err)
		}
	}
	return reflect.DeepEqual(normalize(x), normalize(y))
}

// normalize makes numbers comparable by value (1.0 and 1 are the same number).
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		return f
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
	}
	return v
}

func TestScrollAgainstFake(t *testing.T) {
	t.Parallel()
	srv := newMovies(t)
	client := srv.Client()
	ctx := context.Background()

	first, err := search.SearchAs[movie](ctx, client.Search, []string{"movies"},
		&search.Request{Sort: []search.Sort{search.SortBy("id", "asc")}, Size: query.Ptr(2)},
		&search.Params{Scroll: types.Duration(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if first.ScrollID == "" {
		t.Fatal("no scroll id")
	}
	ids := []string{}
	for _, h := range first.Hits.Hits {
		ids = append(ids, h.Source.ID)
	}
	scrollID := first.ScrollID
	for {
		page, err := search.ScrollAs[movie](ctx, client.Search, scrollID, types.Duration(time.Minute), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Hits.Hits) == 0 {
			break
		}
		for _, h := range page.Hits.Hits {
			ids = append(ids, h.Source.ID)
		}
		scrollID = page.ScrollID
	}
	if strings.Join(ids, ",") != "m1,m2,m3,m4,m5" {
		t.Errorf("scrolled %v", ids)
	}
	cleared, err := client.Search.ClearScroll(ctx, scrollID)
	if err != nil || !cleared.Succeeded || cleared.NumFreed != 1 {
		t.Fatalf("clear = %+v %v", cleared, err)
	}
	if _, err := client.Search.Scroll(ctx, scrollID, 0, nil); !types.IsNotFound(err) {
		t.Errorf("scroll after clear: %v", err)
	}
}
