package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/query"
	"github.com/clustersearch/clustersearch-go/search"
	"github.com/clustersearch/clustersearch-go/types"
)

// searches runs a full-text match, a bool query with filters, a sorted search
// read page by page, and an explanation of one hit's score.
func searches(ctx context.Context, c *clustersearch.Client, out io.Writer) error {
	matchHarbour := query.Match("summary", "harbour smuggling")
	res, err := search.SearchAs[Book](ctx, c.Search, []string{index}, &search.Request{Query: matchHarbour}, nil)
	if err != nil {
		return fmt.Errorf("match search: %w", err)
	}
	fmt.Fprintf(out, "match summary:\"harbour smuggling\": %d hits\n", res.Hits.Total.Value)
	for _, h := range res.Hits.Hits {
		fmt.Fprintf(out, "  %.4f  %s\n", *h.Score, h.Source.Title)
	}

	mysteries := query.Bool().
		Must(query.Match("summary", "harbour")).
		Filter(query.Term("genre", "mystery"), query.Range("year").Gte(2012))
	res, err = search.SearchAs[Book](ctx, c.Search, []string{index}, &search.Request{Query: mysteries}, nil)
	if err != nil {
		return fmt.Errorf("bool search: %w", err)
	}
	fmt.Fprintf(out, "mysteries since 2012 mentioning a harbour: %s\n", titles(res.Hits.Hits))

	size := 4
	for page := 0; page < 3; page++ {
		from := page * size
		res, err = search.SearchAs[Book](ctx, c.Search, []string{index}, &search.Request{
			Query: query.MatchAll(),
			Sort:  []search.Sort{search.SortBy("year", types.SortDesc)},
			From:  &from, Size: &size,
		}, nil)
		if err != nil {
			return fmt.Errorf("sorted search: %w", err)
		}
		fmt.Fprintf(out, "newest first, page %d: %s\n", page+1, titles(res.Hits.Hits))
	}

	exp, err := c.Search.Explain(ctx, index, "7", &search.ExplainRequest{Query: matchHarbour}, nil)
	if err != nil {
		return fmt.Errorf("explain: %w", err)
	}
	fmt.Fprintf(out, "why book 7 matches: %.4f = %s\n", exp.Explanation.Value, exp.Explanation.Description)
	for _, d := range exp.Explanation.Details {
		fmt.Fprintf(out, "  %.4f  %s\n", d.Value, d.Description)
	}
	return nil
}

func titles(hits []*search.Hit[Book]) string {
	var names []string
	for _, h := range hits {
		names = append(names, fmt.Sprintf("%s (%d)", h.Source.Title, h.Source.Year))
	}
	return strings.Join(names, "; ")
}
