package search

import (
	"context"
	"errors"
	"iter"
)

// DefaultPageSize is the page size All uses when the request sets no size.
const DefaultPageSize = 100

// All pages through every hit that matches body, using search_after on body's sort, and
// yields the hits one by one with their _source decoded into S. body must sort on a
// unique tie-breaker (for example an id keyword field) so no hit is skipped or repeated
// between pages; From must be unset. For a view that does not change while paging, set
// body.PIT (from CreatePIT) and pass no indices; All follows the pit_id each page returns.
// The iterator stops at the first error, which it yields.
//
//	for hit, err := range search.All[Book](ctx, client.Search, []string{"books"}, body, nil) {
//		if err != nil { return err }
//		fmt.Println(hit.Source.Title)
//	}
func All[S any](ctx context.Context, s *Service, indices []string, body *Request, params *Params) iter.Seq2[*Hit[S], error] {
	return func(yield func(*Hit[S], error) bool) {
		if body == nil || len(body.Sort) == 0 {
			yield(nil, errors.New("search: All needs a request with a sort (search_after pages on it)"))
			return
		}
		if body.From != nil && *body.From != 0 {
			yield(nil, errors.New("search: All cannot start at from > 0; search_after requires from = 0"))
			return
		}
		page := *body // each page changes search_after on a copy; the caller's body stays as given
		size := DefaultPageSize
		if page.Size != nil {
			size = *page.Size
		}
		if size <= 0 {
			yield(nil, errors.New("search: All needs a page size above 0"))
			return
		}
		page.Size = &size
		for {
			resp, err := SearchAs[S](ctx, s, indices, &page, params)
			if err != nil {
				yield(nil, err)
				return
			}
			hits := resp.Hits.Hits
			for _, hit := range hits {
				if hit == nil {
					yield(nil, errors.New("search: the server sent a null hit"))
					return
				}
				if !yield(hit, nil) {
					return
				}
			}
			if len(hits) < size {
				return
			}
			last := hits[len(hits)-1]
			if len(last.Sort) == 0 {
				yield(nil, errors.New("search: the last hit of a page has no sort values to continue from"))
				return
			}
			page.SearchAfter = last.SortValues()
			if page.PIT != nil && resp.PitID != "" && resp.PitID != page.PIT.ID {
				// A point in time search may answer with a newer id; the next page must use it.
				page.PIT = &PointInTime{ID: resp.PitID, KeepAlive: page.PIT.KeepAlive}
			}
		}
	}
}
