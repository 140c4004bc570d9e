package searchreq

import (
	"math"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// reason is the error's type and reason ("" for nil).
func reason(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	e, ok := err.(*apierr.Error)
	if !ok {
		t.Fatalf("%T is not an API error: %v", err, err)
	}
	return e.Type + ": " + e.Reason
}

// An empty request has RestSearchAction's defaults, and its facts point
// back at it for the statistics.
func TestParseDefaults(t *testing.T) {
	s, err := Parse(nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Size != 10 || s.From != 0 || s.TrackTotal != 10000 || s.TrackTotalSet || s.Query != nil {
		t.Errorf("defaults: %+v", s)
	}
	if s.Facts == nil || s.Facts.Spec != s || s.Facts.SuggestOnly {
		t.Errorf("facts: %+v", s.Facts)
	}
}

// URL parameters win over the body, and track_total_hits=true counts
// exactly.
func TestParseParamsWinOverBody(t *testing.T) {
	s, err := Parse(urlparams.Params{"size": "3", "from": "1", "track_total_hits": "true", "version": "false"},
		[]byte(`{"size":5,"from":2,"track_total_hits":100,"version":true}`), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Size != 3 || s.From != 1 || s.TrackTotal != math.MaxInt32 || !s.TrackTotalSet || s.Version {
		t.Errorf("got size %d from %d total %d (set %v) version %v", s.Size, s.From, s.TrackTotal, s.TrackTotalSet, s.Version)
	}
}

// The body hook sees the body as sent, "pit" included, before the parser
// takes the point in time out of it.
func TestParseBodyHookSeesPIT(t *testing.T) {
	var seen []string
	s, err := Parse(nil, []byte(`{"pit":{"id":"abc","keep_alive":"1m"},"size":1}`), nil, func(v *xcontent.Value) {
		for _, m := range v.Members {
			seen = append(seen, m.Key)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != "pit" || s.PIT == nil || s.PIT.ID != "abc" || s.PIT.KeepAlive.Minutes() != 1 {
		t.Errorf("hook saw %v, pit %+v", seen, s.PIT)
	}
}

// Requests the server refuses get its messages.
func TestParseRefusals(t *testing.T) {
	for _, c := range []struct {
		params urlparams.Params
		body   string
		want   string
	}{
		{nil, `{"search_after":[1],"sort":["a"],"from":3}`, "action_request_validation_exception: Validation Failed: 1: [from] parameter must be set to 0 when [search_after] is used;"},
		{nil, `{"search_after":[1,2],"sort":["a"]}`, "illegal_argument_exception: search_after has 2 value(s) but sort has 1."},
		{urlparams.Params{"rest_total_hits_as_int": "true", "track_total_hits": "5"}, ``, "illegal_argument_exception: [rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got 5"},
		{urlparams.Params{"search_type": "scan"}, ``, "illegal_argument_exception: No search type for [scan]"},
		{urlparams.Params{"preference": "_shards:x"}, ``, "illegal_argument_exception: no Preference for [_shards:x]"},
		{nil, `{"size":-1}`, "illegal_argument_exception: [size] parameter cannot be negative, found [-1]"},
		{nil, `{"collapse":{}}`, "x_content_parse_exception: [1:14] Required [field]"},
		{nil, `[]`, "parsing_exception: Expected [START_OBJECT] but found [START_ARRAY]"},
	} {
		_, err := Parse(c.params, []byte(c.body), nil, nil)
		if got := reason(t, err); got != c.want {
			t.Errorf("%v %s:\n got %s\nwant %s", c.params, c.body, got, c.want)
		}
	}
}

// _count takes a body of only "query": any other key is refused where it
// stands.
func TestParseCount(t *testing.T) {
	s := &Spec{}
	err := s.ParseCount(nil, []byte("{\"query\":{\"match_all\":{}},\n \"size\":1}"), nil)
	e, ok := err.(*apierr.Error)
	if !ok || e.Type != apierr.TypeParsing || e.Reason != "request does not support [size]" || len(e.Meta) != 2 || e.Meta[0].Value != 2 || e.Meta[1].Value != 2 {
		t.Fatalf("got %#v", err)
	}
	s = &Spec{}
	if err := s.ParseCount(urlparams.Params{"q": "a:b", "terminate_after": "4", "min_score": "0.5"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if s.Query == nil || s.TerminateAfter != 4 || s.MinScore == nil || *s.MinScore != 0.5 {
		t.Errorf("got %+v", s)
	}
}

// A scroll's complaints come in SearchRequest.validate's order.
func TestScrollContextErrors(t *testing.T) {
	s := &Spec{TrackTotal: 10, TrackTotalSet: true, From: 1, PIT: &PITSearch{ID: "x"}}
	got := s.ScrollContextErrors(0, true)
	want := []string{"disabling [track_total_hits] is not allowed in a scroll context", "using [from] is not allowed in a scroll context",
		"[size] cannot be [0] in a scroll context", "[request_cache] cannot be used in a scroll context",
		"using [point in time] is not allowed in a scroll context"}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: got %q, want %q", i, got[i], want[i])
		}
	}
}
