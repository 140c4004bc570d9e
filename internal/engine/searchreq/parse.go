package searchreq

import (
	"bytes"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// APIError converts a parser error (an *xcontent.Error) into the API
// error; other errors pass through.
func APIError(err error) error {
	if xe, ok := err.(*xcontent.Error); ok {
		return apierr.FromXContent(xe)
	}
	return err
}

// Parse reads a search body and the URL parameters into a spec, as
// RestSearchAction.parseSearchRequest does: the body first, then the
// parameters, which win over it. body may be nil. On a parameter error the
// spec read so far comes back with the error.
//
// warn receives the deprecation warnings the request earns (nil: none are
// kept); the spec keeps it for the warnings of the search itself. onBody,
// when set, sees the parsed body before the parser takes its "pit" out
// (task descriptions are built from it); it is not kept.
func Parse(p urlparams.Params, body []byte, warn func(string), onBody func(*xcontent.Value)) (*Spec, error) {
	s := &Spec{Size: 10, TrackTotal: 10000, Warn: warn, Human: p.Human(), Facts: &Facts{}}
	if warn == nil {
		warn = func(string) {}
	}
	s.Facts.Spec = s
	var parsed *xcontent.Value
	defer func() { s.Facts.SuggestOnly = suggestOnlyOf(parsed, p) }()
	if len(bytes.TrimSpace(body)) > 0 {
		v, err := xcontent.Parse(body)
		if err != nil {
			return nil, APIError(err)
		}
		parsed = v
		if onBody != nil {
			onBody(v)
		}
		if err := s.TakePIT(v); err != nil {
			return nil, err
		}
		if err := s.ParseBody(v); err != nil {
			return nil, err
		}
	}
	if err := s.ApplyParams(p); err != nil {
		return s, err
	}
	if err := s.prepareNested(warn); err != nil {
		return s, err
	}
	// Deprecations are sent when the shards build the query.
	for _, q := range append([]dsl.Query{s.Query, s.PostFilter}, s.RescoreQueries()...) {
		for _, w := range search.Warnings(q) {
			warn(w)
		}
	}
	return s, nil
}

func unknownKey(m *xcontent.Member) *apierr.Error { return search.UnknownKey(m) }

// ParsingAt is a ParsingException at a token's location (line and col in
// the error's metadata).
func ParsingAt(line, col int, reason string) *apierr.Error {
	return &apierr.Error{Status: 400, Type: apierr.TypeParsing, Reason: reason, Meta: []apierr.Meta{{Key: "line", Value: line}, {Key: "col", Value: col}}}
}

// ParseXContent parses a request body, its syntax errors as the API error.
func ParseXContent(body []byte) (*xcontent.Value, error) {
	v, err := xcontent.Parse(body)
	if err != nil {
		return nil, APIError(err)
	}
	return v, nil
}
