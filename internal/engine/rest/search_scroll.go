package rest

import (
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// SearchState is the search engine's server state: the open scroll
// contexts, which expire on the server clock. It is safe for concurrent use.
type SearchState struct {
	clock clock.Clock
	mu    sync.Mutex
	next  int64
	open  map[int64]*scrollContext
	pits  pitStore
}

// NewSearchState returns an empty state reading time from c.
func NewSearchState(c clock.Clock) *SearchState {
	return &SearchState{clock: c, open: map[int64]*scrollContext{}}
}

type scrollContext struct {
	mu      sync.Mutex
	scroll  *search.Scroll
	spec    *searchSpec
	expires time.Time
}

// OpenContexts is the number of open shard-level search contexts (the
// search.open_contexts of node statistics): each live scroll and point in
// time holds one per shard it reads.
func (st *SearchState) OpenContexts() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
	st.expirePITsLocked()
	n := st.pitContextCount()
	for _, c := range st.open {
		n += len(c.scroll.Targets())
	}
	return n
}

func (st *SearchState) expireLocked() {
	now := st.clock.Now()
	for id, c := range st.open {
		if now.After(c.expires) {
			delete(st.open, id)
			c.scroll.Close()
		}
	}
}

func (st *SearchState) add(c *scrollContext) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
	st.next++
	st.open[st.next] = c
	return encodeScrollID(st.next)
}

func (st *SearchState) get(id int64) *scrollContext {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
	return st.open[id]
}

// free removes the given contexts (all when ids is nil) and counts them.
func (st *SearchState) free(ids []int64) int {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.expireLocked()
	if ids == nil {
		n := len(st.open)
		for _, c := range st.open {
			c.scroll.Close()
		}
		st.open = map[int64]*scrollContext{}
		return n
	}
	n := 0
	for _, id := range ids {
		if c, ok := st.open[id]; ok {
			delete(st.open, id)
			c.scroll.Close()
			n++
		}
	}
	return n
}

const scrollIDPrefix = "clustersearch-fake-scroll:"

func encodeScrollID(n int64) string {
	return base64.URLEncoding.EncodeToString([]byte(scrollIDPrefix + strconv.FormatInt(n, 10)))
}

// decodeScrollID reads a scroll id; a malformed one is the server's
// "Cannot parse scroll id".
func decodeScrollID(s string) (int64, *apierr.Error) {
	raw, err := base64.URLEncoding.DecodeString(s)
	if err == nil && strings.HasPrefix(string(raw), scrollIDPrefix) {
		if n, perr := strconv.ParseInt(strings.TrimPrefix(string(raw), scrollIDPrefix), 10, 64); perr == nil {
			return n, nil
		}
	}
	return 0, apierr.IllegalArgument("Cannot parse scroll id").WithCause(apierr.IllegalArgument("invalid scroll id [%s]", s))
}

// contextMissing is the failure of a scroll whose context expired or was freed.
func contextMissing(id int64) *apierr.Error {
	cause := apierr.New(apierr.TypeSearchContextMissing, "No search context found for id ["+strconv.FormatInt(id, 10)+"]")
	e := apierr.New(apierr.TypeSearchPhaseExecution, "all shards failed")
	e.Status = cause.Status
	e.Meta = []apierr.Meta{{Key: "phase", Value: "query"}, {Key: "grouped", Value: true},
		{Key: "failed_shards", Value: []any{jsonout.Object{{Key: "shard", Value: -1}, {Key: "index", Value: nil}, {Key: "reason", Value: cause.Inline()}}}}}
	e.Cause = cause
	e.RootCauses = []*apierr.Error{cause}
	return e
}

// keepAlive parses a scroll keep-alive and applies search.max_keep_alive (max).
func keepAlive(v string, max time.Duration) (time.Duration, *apierr.Error) {
	d, err := settings.ParseTimeValue(v, "scroll")
	if err != nil {
		return 0, err
	}
	if d > max {
		return 0, apierr.IllegalArgument("Keep alive for request (%s) is too large. It must be less than (%s). This limit can be set by changing the [search.max_keep_alive] cluster level setting.",
			nodestats.Duration(d.Truncate(time.Millisecond)), nodestats.Duration(max))
	}
	return d, nil
}

// startScroll registers the scroll of a first search and returns its id.
func (st *SearchState) startScroll(res *search.Result, spec *searchSpec, ka time.Duration) string {
	c := &scrollContext{scroll: res.Scroll(), spec: spec, expires: st.clock.Now().Add(ka)}
	c.scroll.Pin()
	return st.add(c)
}

// scrollHandler is GET|POST /_search/scroll[/{scroll_id}].
func (b *Backend) scrollHandler(st *SearchState) Handler {
	return func(r *Request) (*Response, error) {
		start := time.Now()
		id := r.PathParam("scroll_id")
		if v, ok := r.Param("scroll_id"); ok {
			id = v
		}
		ka := r.Params["scroll"]
		if len(strings.TrimSpace(string(r.Body))) > 0 {
			v, err := parseXContent(r.Body)
			if err != nil {
				return nil, err
			}
			if v.Kind != xcontent.Object {
				return nil, apierr.New(apierr.TypeParsing, "Malformed content, must start with an object")
			}
			for _, m := range v.Members {
				switch {
				case m.Key == "scroll_id" && m.Value.Kind == xcontent.String:
					id = m.Value.Str
				case m.Key == "scroll" && m.Value.Kind == xcontent.String:
					ka = m.Value.Str
				default:
					return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
				}
			}
		}
		if id == "" {
			return nil, apierr.Validation("scrollId is missing")
		}
		n, perr := decodeScrollID(id)
		if perr != nil {
			return nil, perr
		}
		c := st.get(n)
		if c == nil {
			return nil, contextMissing(n)
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if ka != "" {
			d, err := keepAlive(ka, b.clusterSettings().Values().MaxKeepAlive)
			if err != nil {
				return nil, err
			}
			c.expires = st.clock.Now().Add(d)
			r.facts.scrollKeepAlive = d
		}
		spec := *c.spec
		spec.facts = &searchFacts{scrollID: id}
		r.facts.search = spec.facts
		spec.suggest = scrollPageSuggest(spec.suggest)
		if v, ok := r.Param("rest_total_hits_as_int"); ok {
			spec.totalAsInt = v == "" || v == "true"
		}
		req := c.scroll.Request()
		res := c.scroll.Next(spec.size)
		if e := b.scrollPageFailed(req, res); e != nil {
			return nil, e
		}
		body := b.renderSearch(req, &spec, res, start)
		return OK(append(jsonout.Object{{Key: "_scroll_id", Value: id}}, body...)), nil
	}
}

// clearScrollHandler is DELETE /_search/scroll[/{scroll_id}].
func (b *Backend) clearScrollHandler(st *SearchState) Handler {
	return func(r *Request) (*Response, error) {
		var ids []string
		if p := r.PathParam("scroll_id"); p != "" {
			ids = strings.Split(p, ",")
		}
		if len(strings.TrimSpace(string(r.Body))) > 0 {
			v, err := parseXContent(r.Body)
			if err != nil {
				return nil, err
			}
			for _, m := range v.Members {
				if m.Key != "scroll_id" {
					return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
				}
				switch m.Value.Kind {
				case xcontent.String:
					ids = append(ids, m.Value.Str)
				case xcontent.Array:
					for _, it := range m.Value.Items {
						if it.Kind != xcontent.String {
							return nil, apierr.IllegalArgument("scroll_id array element should only contain scroll_id")
						}
						ids = append(ids, it.Str)
					}
				default:
					return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
				}
			}
		}
		if len(ids) == 0 {
			return nil, apierr.Validation("no scroll ids specified")
		}
		r.facts.clearedScrolls = ids
		var freed int
		if len(ids) == 1 && ids[0] == "_all" {
			freed = st.free(nil)
		} else {
			nums := make([]int64, 0, len(ids))
			for _, s := range ids {
				n, err := decodeScrollID(s)
				if err != nil {
					return nil, err
				}
				nums = append(nums, n)
			}
			freed = st.free(nums)
		}
		status := http.StatusOK
		if freed == 0 {
			status = http.StatusNotFound
		}
		return &Response{Status: status, Body: jsonout.Object{{Key: "succeeded", Value: true}, {Key: "num_freed", Value: freed}}}, nil
	}
}
