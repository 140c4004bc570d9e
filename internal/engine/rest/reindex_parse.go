package rest

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/reindex"
)

// parseScrollParams reads the URL parameters of _delete_by_query,
// _update_by_query and _reindex.
func parseScrollParams(r *Request) (*reindex.Params, error) {
	p := reindex.NewParams()
	p.ActiveShards = r.Params["wait_for_active_shards"]
	var err error
	if p.Wait, err = r.Bool("wait_for_completion", true); err != nil {
		return nil, err
	}
	if p.Refresh, err = r.Bool("refresh", false); err != nil {
		return nil, err
	}
	for _, name := range []string{"size", "max_docs"} {
		if _, ok := r.Param(name); ok {
			n, err := r.Int(name, -1)
			if err != nil {
				return nil, err
			}
			p.URLMaxDocs = append(p.URLMaxDocs, n)
		}
	}
	if _, ok := r.Param("scroll_size"); ok {
		n, err := r.Int("scroll_size", 1000)
		if err != nil {
			return nil, err
		}
		// SearchSourceBuilder.size refuses a negative page size at once.
		if n < 0 {
			return nil, apierr.IllegalArgument("[size] parameter cannot be negative, found [%d]", n)
		}
		p.ScrollSize = int(n)
	}
	if v, ok := r.Param("conflicts"); ok {
		if e := p.SetConflicts(v); e != nil {
			return nil, e
		}
	}
	var e *apierr.Error
	if p.RPS, e = reindex.ParseRPS(r.Params["requests_per_second"], hasParam(r, "requests_per_second")); e != nil {
		return nil, e
	}
	if p.Slices, e = reindex.ParseSlices(r.Params["slices"], hasParam(r, "slices")); e != nil {
		return nil, e
	}
	if p.Timeout, err = r.Duration("timeout", time.Minute); err != nil {
		return nil, err
	}
	// ActiveShardCount.parseString runs while the request is read, so a bad
	// value fails the request before any work starts.
	if _, err := activeShards(r); err != nil {
		return nil, err
	}
	if p.KeepAlive, err = r.Duration("scroll", 5*time.Minute); err != nil {
		return nil, err
	}
	if err := checkTimeouts(r, "search_timeout"); err != nil {
		return nil, err
	}
	return p, nil
}
