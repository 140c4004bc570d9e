package rest

import (
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/javafmt"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Search task descriptions follow SearchRequest.buildDescription:
//
//	indices[a,b], search_type[QUERY_THEN_FETCH], [scroll[1m], ]source[{...}]
//
// where source is SearchSourceBuilder.toString: the parsed request printed
// back with every option of its query builders, defaults included, in the
// builders' own order. The fake prints the options and queries it parses
// the same way; a query it does not normalize (see appendNormalQuery) appears as
// sent, and a body with a top-level option it does not normalize is
// printed as sent.

// searchDescriber is the lazy description of a search, count, scroll or
// msearch task.
func searchDescriber(r *Request) func() string {
	switch r.Op {
	case "search":
		return func() string { return searchDescription(r.PathParam("index"), r.Params, r.Body) }
	case "count":
		return func() string { return countDescription(r) }
	case "scroll":
		return func() string { return scrollDescription(r) }
	case "msearch":
		return func() string { return msearchDescription(r) }
	}
	return nil
}

// searchDescription describes one search request.
func searchDescription(index string, params map[string]string, body []byte) string {
	var b strings.Builder
	b.WriteString("indices[")
	if index != "" {
		b.WriteString(strings.Join(strings.Split(index, ","), ","))
	}
	b.WriteString("], search_type[")
	if params["search_type"] == "dfs_query_then_fetch" {
		b.WriteString("DFS_QUERY_THEN_FETCH")
	} else {
		b.WriteString("QUERY_THEN_FETCH")
	}
	b.WriteString("], ")
	if v, ok := params["scroll"]; ok {
		if d, err := settings.ParseTimeValue(v, "scroll"); err == nil {
			b.WriteString("scroll[" + timeValueString(d) + "], ")
		}
	}
	b.WriteString("source[" + searchSource(body, params) + "]")
	return b.String()
}

// countDescription is the search RestCountAction builds: size 0, exact
// totals, the query, terminate_after and min_score.
func countDescription(r *Request) string {
	var b []byte
	b = append(b, `{"size":0`...)
	if n, err := strconv.Atoi(r.Params["terminate_after"]); err == nil && n > 0 {
		b = append(b, `,"terminate_after":`...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	if v, err := xcontent.Parse(r.Body); err == nil && len(strings.TrimSpace(string(r.Body))) > 0 {
		if q := v.Get("query"); q != nil {
			b = append(b, `,"query":`...)
			b = appendQuery(b, q)
		}
	} else if q, ok := r.Params["q"]; ok {
		b = append(b, `,"query":`...)
		b = appendURLQuery(b, q, r.Params)
	}
	if v, ok := r.Params["min_score"]; ok {
		if f, err := strconv.ParseFloat(v, 32); err == nil {
			b = append(b, `,"min_score":`...)
			b = append(b, javafmt.Float(f, 32)...)
		}
	}
	b = append(b, `,"track_total_hits":2147483647}`...)
	index := r.PathParam("index")
	return "indices[" + strings.Join(splitNonEmpty(index), ",") + "], search_type[QUERY_THEN_FETCH], source[" + string(b) + "]"
}

func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// scrollDescription is SearchScrollRequest.getDescription.
func scrollDescription(r *Request) string {
	id, keep := r.PathParam("scroll_id"), r.Params["scroll"]
	if v, err := xcontent.Parse(r.Body); err == nil {
		if s := v.Get("scroll_id"); s != nil && s.Kind == xcontent.String {
			id = s.Str
		}
		if s := v.Get("scroll"); s != nil && s.Kind == xcontent.String {
			keep = s.Str
		}
	}
	if id == "" {
		id = r.Params["scroll_id"]
	}
	scroll := "null"
	if keep != "" {
		if d, err := settings.ParseTimeValue(keep, "scroll"); err == nil {
			scroll = "Scroll{keepAlive=" + timeValueString(d) + "}"
		}
	}
	return "scrollId[" + id + "], scroll[" + scroll + "]"
}

// msearchDescription is the multi-search task's getDescription, which joins
// the searches' descriptions with a Collectors.joining whose delimiter and
// prefix are swapped: "," first, then "<action>[" between searches.
func msearchDescription(r *Request) string {
	entries, err := parseMsearch(r, r.Body)
	if err != nil {
		return ",]"
	}
	parts := make([]string, len(entries))
	for i, e := range entries {
		parts[i] = msearchEntryDescription(r, e)
	}
	return "," + strings.Join(parts, "indices:data/read/msearch[") + "]"
}

// msearchEntryDescription describes one search of a multi-search.
func msearchEntryDescription(r *Request, e msearchEntry) string {
	// RestMultiSearchAction gives every search the request's search_type
	// and, with rest_total_hits_as_int, exact totals.
	params := map[string]string{}
	if st, ok := r.Params["search_type"]; ok {
		params["search_type"] = st
	}
	if r.Params["rest_total_hits_as_int"] == "true" {
		params["rest_total_hits_as_int"] = "true"
	}
	for k, v := range e.params {
		params[k] = v
	}
	return searchDescription(e.index, params, e.body)
}

// timeValueString is TimeValue.toString: the largest unit with a whole
// amount, one decimal truncated, ".0" dropped ("1m", "1.5s", "500ms").
func timeValueString(d time.Duration) string {
	if d < 0 {
		return strconv.FormatInt(d.Milliseconds(), 10)
	}
	if d == 0 {
		return "0s"
	}
	units := []struct {
		size time.Duration
		name string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}, {time.Millisecond, "ms"}, {time.Microsecond, "micros"}, {1, "nanos"}}
	for _, u := range units {
		if d >= u.size {
			whole := int64(d / u.size)
			tenth := int64((d % u.size) * 10 / u.size)
			if tenth == 0 {
				return strconv.FormatInt(whole, 10) + u.name
			}
			return strconv.FormatInt(whole, 10) + "." + strconv.FormatInt(tenth, 10) + u.name
		}
	}
	return "0s"
}
