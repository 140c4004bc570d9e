package rest

import (
	"net/http"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// pitRoutes are the point-in-time routes.
func (b *Backend) pitRoutes(st *cursor.Store) []Route {
	createParams := []string{"allow_no_indices", "allow_partial_pit_creation", "expand_wildcards", "ignore_throttled",
		"ignore_unavailable", "keep_alive", "preference", "routing"}
	return []Route{
		{Op: "create_pit", Method: "POST", Path: "/{index}/_search/point_in_time", Params: createParams, Handler: b.createPIT(st)},
		{Op: "delete_pit", Method: "DELETE", Path: "/_search/point_in_time", Body: true, Handler: b.deletePITs(st, false)},
		{Op: "delete_all_pits", Method: "DELETE", Path: "/_search/point_in_time/_all", Handler: b.deletePITs(st, true)},
		{Op: "get_all_pits", Method: "GET", Path: "/_search/point_in_time/_all", Handler: b.listPITs(st)},
	}
}

// createPIT is POST /{index}/_search/point_in_time (RestCreatePitAction,
// then CreatePitController's two phases: a reader context per shard, then
// the id, keep-alive and creation time set on each).
func (b *Backend) createPIT(st *cursor.Store) Handler {
	return func(r *Request) (*Response, error) {
		allowPartial, err := r.Bool("allow_partial_pit_creation", true)
		if err != nil {
			return nil, err
		}
		v, hasKeepAlive := r.Param("keep_alive")
		var keepAlive time.Duration
		if hasKeepAlive {
			d, terr := settings.ParseTimeValue(v, "keep_alive")
			if terr != nil {
				return nil, terr
			}
			keepAlive = d
		}
		o, err := indicesOptions(r, indices.DefaultOptions())
		if err != nil {
			return nil, err
		}
		if _, err := r.BoolOrDefault("ignore_throttled", false); err != nil {
			return nil, err
		}
		if !hasKeepAlive {
			return nil, apierr.Validation("keep alive not specified")
		}
		pref := &searchreq.Spec{}
		if p, ok := r.Param("preference"); ok {
			if err := pref.ParsePreference(p); err != nil {
				return nil, err
			}
		}
		body, aerr := b.exec().CreatePIT(st, r.PathParam("index"), o, r.Params["routing"], pref.ShardsPref, keepAlive, allowPartial)
		if aerr != nil {
			return nil, aerr
		}
		return OK(body), nil
	}
}

// deletePITs is DELETE /_search/point_in_time (ids in the body) and
// DELETE /_search/point_in_time/_all. Ids whose contexts are gone count as
// deleted (SearchService.freeReaderContextsIfFound).
func (b *Backend) deletePITs(st *cursor.Store, all bool) Handler {
	return func(r *Request) (*Response, error) {
		var ids []string
		if all {
			ids = []string{"_all"}
		} else if len(strings.TrimSpace(string(r.Body))) > 0 {
			var err error
			if ids, err = parseDeletePITBody(r.Body); err != nil {
				return nil, err
			}
		}
		if len(ids) == 0 {
			return nil, apierr.Validation("no pit ids specified")
		}
		var outcomes []cursor.Freed
		if len(ids) == 1 && ids[0] == "_all" {
			outcomes = st.FreeAllPITs()
		} else {
			refs := make([][]cursor.PITShard, len(ids))
			for i, id := range ids {
				var aerr *apierr.Error
				if refs[i], aerr = cursor.DecodePITID(id); aerr != nil {
					return nil, aerr
				}
			}
			nodes := map[string]bool{}
			for _, n := range b.Cluster.Nodes {
				nodes[n.ID] = true
			}
			outcomes = st.FreePITs(ids, refs, nodes)
		}
		freed := make(jsonout.Object, len(outcomes)) // id -> success, gathered in a HashMap keyed by id
		for i, f := range outcomes {
			freed[i] = jsonout.Field{Key: f.ID, Value: f.OK}
		}
		list := make([]any, 0, len(freed))
		for _, f := range search.HashOrdered(freed) {
			list = append(list, jsonout.Object{{Key: "pit_id", Value: f.Key}, {Key: "successful", Value: f.Value}})
		}
		return OK(jsonout.Object{{Key: "pits", Value: list}}), nil
	}
}

// parseDeletePITBody is DeletePitRequest.fromXContent.
func parseDeletePITBody(body []byte) ([]string, error) {
	v, err := searchreq.ParseXContent(body)
	if err != nil {
		return nil, err
	}
	if v.Kind != xcontent.Object {
		return nil, apierr.IllegalArgument("Malformed content, must start with an object")
	}
	var ids []string
	for _, m := range v.Members {
		if m.Key != "pit_id" {
			return nil, apierr.IllegalArgument("Unknown parameter [%s] in request body or parameter is of the wrong type[%s] ", m.Key, m.Value.Token())
		}
		switch m.Value.Kind {
		case xcontent.Array:
			for _, it := range m.Value.Items {
				if it.Kind == xcontent.Array || it.Kind == xcontent.Object {
					return nil, apierr.IllegalArgument("pit_id array element should only contain pit_id")
				}
				ids = append(ids, it.Text())
			}
		case xcontent.Object:
			return nil, apierr.IllegalArgument("pit_id element should only contain pit_id")
		default:
			ids = append(ids, m.Value.Text())
		}
	}
	return ids, nil
}

// listPITs is GET /_search/point_in_time/_all.
func (b *Backend) listPITs(st *cursor.Store) Handler {
	return func(r *Request) (*Response, error) {
		list := []any{}
		for _, l := range st.PITs() {
			list = append(list, jsonout.Object{{Key: "pit_id", Value: l.ID}, {Key: "creation_time", Value: l.Created.UnixMilli()},
				{Key: "keep_alive", Value: l.KeepAlive.Milliseconds()}})
		}
		return &Response{Status: http.StatusOK, Body: jsonout.Object{{Key: "pits", Value: list}}}, nil
	}
}
