package search

import (
	"context"
	"errors"
	"iter"
	"maps"
	"strconv"

	"github.com/clustersearch/clustersearch-go/aggs"
)

// CompositeAll pages through every bucket of the composite aggregation called
// name in body, passing each page's after_key as the next page's after, and
// yields the buckets one by one (with their sub-aggregations). body.Aggs[name]
// must be an *aggs.CompositeAggregation; its After, if set, is where paging
// starts. Set body.Size to 0 unless you want the hits again on every page.
// The iterator stops at the first error, which it yields; body stays as given.
//
//	body := &search.Request{Size: query.Ptr(0), Aggs: aggs.Aggs{
//		"pairs": aggs.Composite(aggs.TermsSource("tag", "tags")).WithSize(100),
//	}}
//	for b, err := range search.CompositeAll(ctx, client.Search, []string{"books"}, body, "pairs", nil) {
//		if err != nil { return err }
//		fmt.Println(b.Key["tag"], b.DocCount)
//	}
func CompositeAll(ctx context.Context, s *Service, indices []string, body *Request, name string, params *Params) iter.Seq2[*aggs.CompositeBucket, error] {
	return func(yield func(*aggs.CompositeBucket, error) bool) {
		if body == nil {
			yield(nil, errors.New("search: CompositeAll needs a request"))
			return
		}
		comp, ok := body.Aggs[name].(*aggs.CompositeAggregation)
		if !ok || comp == nil {
			yield(nil, errors.New("search: CompositeAll needs a composite aggregation (*aggs.CompositeAggregation) named "+strconv.Quote(name)))
			return
		}
		size := 10 // the server's default page size
		if comp.Size != nil {
			size = *comp.Size
		}
		if size <= 0 {
			yield(nil, errors.New("search: CompositeAll needs a page size above 0"))
			return
		}
		page := *body
		next := *comp
		page.Aggs = maps.Clone(body.Aggs)
		page.Aggs[name] = &next
		for {
			resp, err := s.Search(ctx, indices, &page, params)
			if err != nil {
				yield(nil, err)
				return
			}
			result, err := resp.Aggregations.Composite(name)
			if err != nil {
				yield(nil, err)
				return
			}
			for i := range result.Buckets {
				if !yield(&result.Buckets[i], nil) {
					return
				}
			}
			if len(result.Buckets) < size || result.AfterKey == nil {
				return
			}
			next.After = result.After()
		}
	}
}
