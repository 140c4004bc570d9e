package rest

import (
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Searches, scrolls, counts and a forced merge run while documents are
// written and refreshed: no race, no error, and every search answers 200.
func TestSearchConcurrentWithWrites(t *testing.T) {
	_, hs := searchServer(t)
	loadArticles(t, hs, 2)
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 30; i++ {
				id := strconv.Itoa(100 + w*100 + i%10)
				code, body := call(t, hs, "PUT", "/idx/_doc/"+id+"?refresh=true", `{"title":"quick brown number `+id+`","views":`+strconv.Itoa(i)+`}`)
				if code != 200 && code != 201 {
					errs <- body
				}
			}
		}(w)
	}
	queries := []struct{ method, path, body string }{
		{"POST", "/idx/_search", `{"query":{"match":{"title":"quick brown"}},"explain":true}`},
		{"POST", "/idx/_search?search_type=dfs_query_then_fetch", `{"query":{"bool":{"must":{"match":{"title":"brown"}},"filter":{"range":{"views":{"gte":2}}}}},"sort":["views"]}`},
		{"POST", "/idx/_search?scroll=1m&size=2", `{"query":{"match_phrase":{"title":"quick brown"}}}`},
		{"POST", "/_msearch", "{}\n{\"query\":{\"prefix\":{\"title\":\"num\"}}}\n"},
		{"GET", "/idx/_count?q=title:quick", ""},
		{"POST", "/idx/_forcemerge", ""},
	}
	for r := 0; r < 3; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				q := queries[(i+r)%len(queries)]
				code, body := call(t, hs, q.method, q.path, q.body)
				if code != 200 || strings.Contains(body, `"error"`) {
					errs <- q.path + ": " + body
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
