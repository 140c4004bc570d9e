package rest

import (
	"slices"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/nodestats"
)

// nodesStatsParamsParsed holds the parameters RestNodesStatsAction reads
// only for some selections.
type nodesStatsParamsParsed struct {
	segmentFileSizes                  bool
	groups                            []string
	fielddataFields, completionFields []string
}

// parseNodesStatsParams reads the conditional parameters the way
// RestNodesStatsAction does: fielddata_fields (and fields) only when the
// fielddata flag is set, completion_fields (and fields) only with the
// completion flag, groups only with search, include_segment_file_sizes only
// with segments; include_all and top whenever present. Any parameter the
// handler did not read is then rejected as unrecognized, as BaseRestHandler
// does after prepareRequest, with suggestions drawn from the read ones.
func parseNodesStatsParams(r *Request, sel nodestats.Selection) (nodesStatsParamsParsed, error) {
	var out nodesStatsParamsParsed
	consumed := map[string]bool{"nodeId": true, "metric": true, "timeout": true, "level": true}
	// index_metric is read (not only tested for) when indices is named.
	if slices.Contains(strings.Split(r.PathParam("metric"), ","), "indices") {
		consumed["index_metric"] = true
	}
	_, hasFields := r.Params["fields"]
	_, hasFD := r.Params["fielddata_fields"]
	_, hasCF := r.Params["completion_fields"]
	if sel.Index["fielddata"] && (hasFields || hasFD) {
		out.fielddataFields = firstList(r, "fielddata_fields", "fields")
		consumed["fielddata_fields"], consumed["fields"] = true, true
	}
	if sel.Index["completion"] && (hasFields || hasCF) {
		out.completionFields = firstList(r, "completion_fields", "fields")
		consumed["completion_fields"], consumed["fields"] = true, true
	}
	if _, ok := r.Params["groups"]; ok && sel.Index["search"] {
		out.groups = r.List("groups")
		consumed["groups"] = true
	}
	if sel.Index["segments"] {
		v, err := r.Bool("include_segment_file_sizes", false)
		if err != nil {
			return out, err
		}
		out.segmentFileSizes = v
		consumed["include_segment_file_sizes"] = true
	}
	for _, p := range []string{"include_all", "top"} {
		if _, ok := r.Params[p]; ok {
			if _, err := r.Bool(p, false); err != nil {
				return out, err
			}
			consumed[p] = true
		}
	}
	for _, p := range CommonParams() {
		consumed[p] = true
	}
	var unread []string
	for p := range r.Params {
		if !consumed[p] {
			unread = append(unread, p)
		}
	}
	if len(unread) == 0 {
		return out, nil
	}
	candidates := make([]string, 0, len(consumed))
	for p := range consumed {
		candidates = append(candidates, p)
	}
	return out, unrecognizedParams(r.Path, unread, candidates)
}

// unrecognizedParams is BaseRestHandler.unrecognized for URL parameters.
func unrecognizedParams(path string, unknown, candidates []string) *apierr.Error {
	sort.Strings(unknown)
	msg := "request [" + path + "] contains unrecognized parameter"
	if len(unknown) > 1 {
		msg += "s"
	}
	msg += ": "
	for i, u := range unknown {
		if i > 0 {
			msg += ", "
		}
		msg += "[" + u + "]" + Suggest(u, candidates, " -> ")
	}
	return apierr.IllegalArgument("%s", msg)
}

// routeAccepts reports whether a route lists a parameter; a self-checked
// route (nodes stats) may receive parameters it will reject, and those must
// not be acted on first (master_timeout's deprecation warning).
func routeAccepts(r Route, param string) bool { return slices.Contains(r.Params, param) }
