package clustersearch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// dropProxy stands between the client and a fake server. It forwards every
// request whole and waits for the fake's answer; for the first `drop`
// requests it then closes the client's connection instead of answering, as a
// proxy or a network that loses answers does.
type dropProxy struct {
	*httptest.Server
	target string

	mu   sync.Mutex
	drop int
	seen []string // "METHOD path" of every forwarded request
}

func newDropProxy(t *testing.T, target string, drop int) *dropProxy {
	t.Helper()
	p := &dropProxy{target: target, drop: drop}
	p.Server = httptest.NewServer(p)
	t.Cleanup(p.Close)
	return p
}

func (p *dropProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	out, err := http.NewRequestWithContext(r.Context(), r.Method, p.target+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	out.Header = r.Header.Clone()
	resp, err := http.DefaultTransport.RoundTrip(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	p.mu.Lock()
	p.seen = append(p.seen, r.Method+" "+r.URL.Path)
	lose := p.drop > 0
	if lose {
		p.drop--
	}
	p.mu.Unlock()
	if lose {
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	}
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(answer)
}

func (p *dropProxy) forwarded() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.seen...)
}

// clientVia returns a client that reaches srv through a proxy losing the
// first answer.
func clientVia(t *testing.T, srv *fake.Server) (*clustersearch.Client, *dropProxy) {
	t.Helper()
	p := newDropProxy(t, srv.URL(), 1)
	c, err := clustersearch.New(clustersearch.WithAddresses(p.URL),
		clustersearch.WithDefaultRetryPolicy(clustersearch.RetryPolicy{MaxRetries: 3, MinBackoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	return c, p
}

// counter reads the field n of document id in index straight from the fake.
func counter(t *testing.T, srv *fake.Server, index, id string) float64 {
	t.Helper()
	raw, ok := srv.Document(index, id)
	if !ok {
		t.Fatalf("document %s/%s is missing", index, id)
	}
	var doc struct{ N float64 }
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.N
}

// countDocs counts the documents of index, after a refresh, without the proxy.
func countDocs(t *testing.T, srv *fake.Server, index string) int64 {
	t.Helper()
	srv.Refresh()
	res, err := srv.Client().Search.Count(context.Background(), []string{index}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Count
}

// waitForTasks waits until the fake runs no task, so that the effect of a
// started task (whose id was lost with the answer) can be checked.
func waitForTasks(t *testing.T, srv *fake.Server) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for len(srv.Tasks()) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("tasks still running: %+v", srv.Tasks())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var plusOne = types.NewScript("ctx._source.n += 1", nil)

// Every kind of write whose answer is lost is applied once and reported as an
// error that says it may have been applied, never sent again.
func TestLostAnswerNeverRepeatsAWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name  string
		write func(c *clustersearch.Client) error
		check func(t *testing.T, srv *fake.Server) // the effect, applied once
	}{
		{"index without id", func(c *clustersearch.Client) error {
			_, err := c.Documents.Index(ctx, "c", "", map[string]int{"n": 5}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := countDocs(t, srv, "c"); n != 2 {
				t.Fatalf("%d documents, want 2 (the seed and one new)", n)
			}
		}},
		{"scripted update", func(c *clustersearch.Client) error {
			_, err := c.Documents.Update(ctx, "c", "1", &documents.UpdateRequest{Script: plusOne}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := counter(t, srv, "c", "1"); n != 1 {
				t.Fatalf("n = %v, want 1", n)
			}
		}},
		{"bulk", func(c *clustersearch.Client) error {
			_, err := c.Documents.Bulk(ctx, "c", []documents.BulkOperation{
				&documents.BulkIndex{Document: map[string]int{"n": 7}},
				&documents.BulkUpdate{BulkMeta: documents.BulkMeta{ID: "1"}, Body: documents.UpdateRequest{Script: plusOne}},
			}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := countDocs(t, srv, "c"); n != 2 {
				t.Fatalf("%d documents, want 2", n)
			}
			if n := counter(t, srv, "c", "1"); n != 1 {
				t.Fatalf("n = %v, want 1", n)
			}
		}},
		{"reindex", func(c *clustersearch.Client) error {
			_, err := c.Documents.Reindex(ctx, &documents.ReindexRequest{
				Source: documents.ReindexSource{Index: []string{"c"}}, Dest: documents.ReindexDest{Index: "d"}, Script: plusOne}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) { checkCopiedOnce(t, srv) }},
		{"reindex async", func(c *clustersearch.Client) error {
			_, err := c.Documents.ReindexAsync(ctx, &documents.ReindexRequest{
				Source: documents.ReindexSource{Index: []string{"c"}}, Dest: documents.ReindexDest{Index: "d"}, Script: plusOne}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) { checkCopiedOnce(t, srv) }},
		{"update by query", func(c *clustersearch.Client) error {
			_, err := c.Documents.UpdateByQuery(ctx, []string{"c"}, &documents.UpdateByQueryRequest{Script: plusOne}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := counter(t, srv, "c", "1"); n != 1 {
				t.Fatalf("n = %v, want 1", n)
			}
		}},
		{"update by query async", func(c *clustersearch.Client) error {
			_, err := c.Documents.UpdateByQueryAsync(ctx, []string{"c"}, &documents.UpdateByQueryRequest{Script: plusOne}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := counter(t, srv, "c", "1"); n != 1 {
				t.Fatalf("n = %v, want 1", n)
			}
		}},
		{"delete by query", func(c *clustersearch.Client) error {
			_, err := c.Documents.DeleteByQuery(ctx, []string{"c"}, &documents.DeleteByQueryRequest{Query: query.MatchAll()}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := countDocs(t, srv, "c"); n != 0 {
				t.Fatalf("%d documents left", n)
			}
		}},
		{"delete by query async", func(c *clustersearch.Client) error {
			_, err := c.Documents.DeleteByQueryAsync(ctx, []string{"c"}, &documents.DeleteByQueryRequest{Query: query.MatchAll()}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := countDocs(t, srv, "c"); n != 0 {
				t.Fatalf("%d documents left", n)
			}
		}},
		{"create", func(c *clustersearch.Client) error {
			_, err := c.Documents.Create(ctx, "c", "2", map[string]int{"n": 3}, nil)
			return err
		}, func(t *testing.T, srv *fake.Server) {
			if n := counter(t, srv, "c", "2"); n != 3 {
				t.Fatalf("n = %v, want 3", n)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := fake.New(t)
			if err := srv.IndexDocuments("c", fake.Doc{ID: "1", Source: map[string]any{"n": 0}}); err != nil {
				t.Fatal(err)
			}
			c, proxy := clientVia(t, srv)
			err := tc.write(c)
			if !errors.Is(err, clustersearch.ErrMaybeApplied) {
				t.Fatalf("err = %v, want one wrapping ErrMaybeApplied", err)
			}
			if got := proxy.forwarded(); len(got) != 1 {
				t.Fatalf("the write went out %d times: %v", len(got), got)
			}
			waitForTasks(t, srv)
			tc.check(t, srv)
		})
	}
}

// checkCopiedOnce checks that the reindex of c into d ran once: one copy,
// written once (version 1), scripted once.
func checkCopiedOnce(t *testing.T, srv *fake.Server) {
	t.Helper()
	if n := counter(t, srv, "d", "1"); n != 1 {
		t.Fatalf("n = %v, want 1", n)
	}
	got, err := srv.Client().Documents.Get(context.Background(), "d", "1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version == nil || *got.Version != 1 {
		t.Fatalf("the copy has version %v: written more than once", got.Version)
	}
}

// Every read whose answer is lost is sent again and answered.
func TestLostAnswerRetriesReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	if err := srv.IndexDocuments("c", fake.Doc{ID: "1", Source: map[string]any{"n": 4, "t": "go"}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		read func(c *clustersearch.Client) (string, error) // a value of the answer
		want string
	}{
		{"get", func(c *clustersearch.Client) (string, error) {
			r, err := c.Documents.Get(ctx, "c", "1", nil)
			if err != nil {
				return "", err
			}
			return string(r.Source), nil
		}, `{"n":4,"t":"go"}`},
		{"search", func(c *clustersearch.Client) (string, error) {
			r, err := c.Search.Search(ctx, []string{"c"}, &search.Request{Query: query.Match("t", "go")}, nil)
			if err != nil {
				return "", err
			}
			return r.Hits.Hits[0].ID, nil
		}, "1"},
		{"count", func(c *clustersearch.Client) (string, error) {
			r, err := c.Search.Count(ctx, []string{"c"}, nil, nil)
			if err != nil {
				return "", err
			}
			return strings.Repeat("x", int(r.Count)), nil
		}, "x"},
		{"multi search", func(c *clustersearch.Client) (string, error) {
			r, err := c.Search.MultiSearch(ctx, []string{"c"}, []search.MultiSearchItem{{Body: &search.Request{Query: query.MatchAll()}}}, nil)
			if err != nil {
				return "", err
			}
			return r.Responses[0].Hits.Hits[0].ID, nil
		}, "1"},
		{"explain", func(c *clustersearch.Client) (string, error) {
			r, err := c.Search.Explain(ctx, "c", "1", &search.ExplainRequest{Query: query.Match("t", "go")}, nil)
			if err != nil {
				return "", err
			}
			if r.Matched {
				return "matched", nil
			}
			return "not matched", nil
		}, "matched"},
		{"mget", func(c *clustersearch.Client) (string, error) {
			var out struct {
				Docs []struct {
					Found bool `json:"found"`
				} `json:"docs"`
			}
			_, err := c.Do(ctx, &clustersearch.Request{Method: "POST", Path: "/c/_mget", Body: map[string][]string{"ids": {"1"}}}, &out)
			if err != nil || len(out.Docs) != 1 || !out.Docs[0].Found {
				return "", err
			}
			return "found", nil
		}, "found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, proxy := clientVia(t, srv)
			got, err := tc.read(c)
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
			if n := len(proxy.forwarded()); n != 2 {
				t.Fatalf("the read went out %d times, want 2", n)
			}
		})
	}
}

// Scroll continuation moves the server's cursor on: repeating it would skip
// a page, so a lost answer is an error, not a silently missing page.
func TestLostScrollPageIsAnError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	srv := fake.New(t)
	for i := 0; i < 3; i++ {
		if err := srv.IndexDocuments("c", fake.Doc{ID: string(rune('a' + i)), Source: map[string]any{"n": i}}); err != nil {
			t.Fatal(err)
		}
	}
	first, err := srv.Client().Search.Search(ctx, []string{"c"}, nil, &search.Params{Size: query.Ptr(1), Scroll: types.Duration(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	c, proxy := clientVia(t, srv)
	_, err = c.Search.Scroll(ctx, first.ScrollID, types.Duration(time.Minute), nil)
	if !errors.Is(err, clustersearch.ErrMaybeApplied) || len(proxy.forwarded()) != 1 {
		t.Fatalf("err = %v after %d requests", err, len(proxy.forwarded()))
	}
	// Why: the lost request consumed page 2. Asking again gives page 3, and
	// then the end; a silent retry would have handed page 3 over as page 2.
	seen := map[string]bool{first.Hits.Hits[0].ID: true}
	for {
		page, err := srv.Client().Search.Scroll(ctx, first.ScrollID, types.Duration(time.Minute), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Hits.Hits) == 0 {
			break
		}
		seen[page.Hits.Hits[0].ID] = true
	}
	if len(seen) != 2 {
		t.Fatalf("pages after the lost one: saw %v, want 2 of the 3 documents", seen)
	}
}
