package search

import (
	"context"
	"errors"
	"iter"
	"strconv"

	"github.com/clustersearch/clustersearch-go/types"
)

// ScrollShardsError is the error ScrollAll yields after a page that some
// shards failed to fetch: their hits of that page are lost, so the
// iteration stops there.
type ScrollShardsError struct {
	// Shards is the page's _shards header, failures included.
	Shards types.ShardStatistics
}

// Error tells how many shards failed the page.
func (e *ScrollShardsError) Error() string {
	return "search: a scroll page failed on " + strconv.Itoa(e.Shards.Failed) + " of " + strconv.Itoa(e.Shards.Total) + " shards"
}

// ScrollAll runs body as a scroll search (params.Scroll set to keepAlive)
// and yields every hit of every page with its _source decoded into S,
// following the scroll id each page returns and keeping the context alive
// for keepAlive per page. It clears the scroll when the hits run out, an
// error stops it or the caller breaks. A page with failed shards yields its
// hits, then a *ScrollShardsError. Unlike All it needs no sort: the scroll
// reads the indexes as they were when it started.
//
//	for hit, err := range search.ScrollAll[Book](ctx, client.Search, []string{"books"}, body, types.Duration(time.Minute), nil) {
//		if err != nil { return err }
//		fmt.Println(hit.Source.Title)
//	}
func ScrollAll[S any](ctx context.Context, s *Service, indices []string, body *Request, keepAlive types.Duration, params *Params) iter.Seq2[*Hit[S], error] {
	return func(yield func(*Hit[S], error) bool) {
		if keepAlive <= 0 {
			yield(nil, errors.New("search: ScrollAll needs a keep-alive above 0"))
			return
		}
		var p Params
		if params != nil {
			p = *params
		}
		p.Scroll = keepAlive
		resp, err := SearchAs[S](ctx, s, indices, body, &p)
		if err != nil {
			yield(nil, err)
			return
		}
		id := resp.ScrollID
		defer func() {
			if id != "" {
				// Free the context even when ctx is done; the error changes nothing.
				_, _ = s.ClearScroll(context.WithoutCancel(ctx), id)
			}
		}()
		next := &ScrollParams{RestTotalHitsAsInt: p.RestTotalHitsAsInt}
		for {
			if resp.ScrollID != "" {
				id = resp.ScrollID
			}
			for _, hit := range resp.Hits.Hits {
				if hit == nil {
					yield(nil, errors.New("search: the server sent a null hit"))
					return
				}
				if !yield(hit, nil) {
					return
				}
			}
			if resp.Shards.Failed > 0 {
				yield(nil, &ScrollShardsError{Shards: resp.Shards})
				return
			}
			if len(resp.Hits.Hits) == 0 || id == "" {
				return
			}
			if resp, err = ScrollAs[S](ctx, s, id, keepAlive, next); err != nil {
				yield(nil, err)
				return
			}
		}
	}
}
