package taskdesc

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

// Body is a request body as the handler parsed it.
type Body struct {
	// Value is the parsed body; nil when the body is empty or did not parse.
	Value *xcontent.Value
	// Invalid marks a body that did not parse.
	Invalid bool
}

// ParseBody parses a raw body for the describers (a handler that parsed
// it already passes its value instead).
func ParseBody(raw []byte) Body {
	if len(strings.TrimSpace(string(raw))) == 0 {
		return Body{}
	}
	v, err := xcontent.Parse(raw)
	if err != nil {
		return Body{Invalid: true}
	}
	return Body{Value: v}
}

// Search describes one search request over the index expression index,
// with its URL parameters and body.
func Search(index string, params map[string]string, body Body) string {
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
			b.WriteString("scroll[" + TimeValue(d) + "], ")
		}
	}
	b.WriteString("source[" + searchSource(body, params) + "]")
	return b.String()
}

// Count is the description of the search RestCountAction builds: size 0,
// exact totals, the query, terminate_after and min_score.
func Count(index string, params map[string]string, body Body) string {
	var b []byte
	b = append(b, `{"size":0`...)
	if n, err := strconv.Atoi(params["terminate_after"]); err == nil && n > 0 {
		b = append(b, `,"terminate_after":`...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	if body.Value != nil {
		if q := body.Value.Get("query"); q != nil {
			b = append(b, `,"query":`...)
			b = appendQuery(b, q)
		}
	} else if q, ok := params["q"]; ok {
		b = append(b, `,"query":`...)
		b = appendURLQuery(b, q, params)
	}
	if v, ok := params["min_score"]; ok {
		if f, err := strconv.ParseFloat(v, 32); err == nil {
			b = append(b, `,"min_score":`...)
			b = append(b, javafmt.Float(f, 32)...)
		}
	}
	b = append(b, `,"track_total_hits":2147483647}`...)
	return "indices[" + strings.Join(splitNonEmpty(index), ",") + "], search_type[QUERY_THEN_FETCH], source[" + string(b) + "]"
}

func splitNonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// Scroll is SearchScrollRequest.getDescription: the scroll id and keep-alive
// come from the body, else from the path's id and the URL parameters.
func Scroll(pathID string, params map[string]string, body Body) string {
	id, keepAlive := pathID, params["scroll"]
	if v := body.Value; v != nil {
		if s := v.Get("scroll_id"); s != nil && s.Kind == xcontent.String {
			id = s.Str
		}
		if s := v.Get("scroll"); s != nil && s.Kind == xcontent.String {
			keepAlive = s.Str
		}
	}
	if id == "" {
		id = params["scroll_id"]
	}
	scroll := "null"
	if keepAlive != "" {
		if d, err := settings.ParseTimeValue(keepAlive, "scroll"); err == nil {
			scroll = "Scroll{keepAlive=" + TimeValue(d) + "}"
		}
	}
	return "scrollId[" + id + "], scroll[" + scroll + "]"
}

// Msearch is the multi-search task's getDescription from its searches'
// descriptions (Search of each entry): a Collectors.joining whose
// delimiter and prefix are swapped, "," first, then "<action>[" between
// searches.
func Msearch(searches []string) string {
	return "," + strings.Join(searches, "indices:data/read/msearch[") + "]"
}

// MsearchParams are the parameters one search of a multi-search is
// described with: RestMultiSearchAction gives every search the request's
// search_type and, with rest_total_hits_as_int, exact totals; the entry's
// header parameters come on top.
func MsearchParams(request, entry map[string]string) map[string]string {
	params := map[string]string{}
	if st, ok := request["search_type"]; ok {
		params["search_type"] = st
	}
	if request["rest_total_hits_as_int"] == "true" {
		params["rest_total_hits_as_int"] = "true"
	}
	for k, v := range entry {
		params[k] = v
	}
	return params
}

// TimeValue is TimeValue.toString: the largest unit with a whole
// amount, one decimal truncated, ".0" dropped ("1m", "1.5s", "500ms").
func TimeValue(d time.Duration) string {
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
