package reindex

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
)

// RemoteRequest is one request to a remote cluster: a JSON body sent to an
// absolute URL, with the remote's headers and basic-auth user.
type RemoteRequest struct {
	Method, URL, Body string
}

// RemoteClient sends requests to one remote cluster. Send returns the
// answer's status and body; an error means no answer came: an
// *apierr.Error fails the request as it is, any other a connect_exception.
type RemoteClient interface {
	Send(req RemoteRequest) (status int, body []byte, err error)
	// Close releases the connections.
	Close()
}

// RemoteDialer opens a client to the remote cluster ri names, with its
// timeouts, headers and credentials.
type RemoteDialer func(ri *RemoteInfo) RemoteClient

// remoteScroll reads the matching documents of a remote cluster batch by
// batch, as RemoteScrollableHitSource does: a scroll search
// (POST /<indices>/_search?scroll=5m) then POST /_search/scroll until a page
// comes back empty, and the scroll is cleared. A remote without scroll
// contexts (another fake) is read with from/size pages in the same order
// instead, up to its index.max_result_window (10,000 by default). It
// returns the hits (Slot numbers them) and each hit's remote index.
func (env *Env) remoteScroll(req *Request) ([]search.Hit, []string, *apierr.Error) {
	if env.Remote == nil {
		return nil, nil, apierr.IllegalArgument("reindex from a remote cluster is not available on this node")
	}
	ri := req.Remote
	client := env.Remote(ri)
	defer client.Close()
	base := ri.BaseURL()
	path := base + "/" + url.PathEscape(strings.Join(req.Indices, ",")) + "/_search"
	sortJSON := `["_doc"]`
	if req.RawSort != nil {
		sortJSON = string(req.RawSort)
	}
	searchBody := func(from, size int) string {
		body := `{"size":` + strconv.Itoa(size) + `,"version":true,"sort":` + sortJSON
		if from > 0 {
			body += `,"from":` + strconv.Itoa(from)
		}
		if req.RawQuery != nil {
			body += `,"query":` + string(req.RawQuery)
		}
		if req.RawSource != nil {
			body += `,"_source":` + string(req.RawSource)
		}
		return body + "}"
	}
	p := req.Params
	var hits []search.Hit
	var names []string
	// want is the size of the next page, 0 when max_docs is reached.
	want := func() int {
		size := p.ScrollSize
		if p.MaxDocs != MaxDocsAll {
			size = min(size, int(p.MaxDocs)-len(hits))
		}
		return max(size, 0)
	}
	add := func(page *remotePage) int {
		for _, h := range page.Hits.Hits {
			if p.MaxDocs != MaxDocsAll && int64(len(hits)) >= p.MaxDocs {
				break
			}
			names = append(names, h.Index)
			hits = append(hits, search.Hit{Slot: int32(len(names) - 1),
				Doc: shard.Doc{ID: h.ID, Routing: h.Routing, Source: h.Source, Version: h.Version}})
		}
		return len(page.Hits.Hits)
	}
	page, e := remoteCall(client, "POST", path+"?scroll=5m", searchBody(0, p.ScrollSize))
	if e != nil && e.Cause != nil && e.Cause.Type == apierr.TypeUnsupportedOperation {
		// No scroll contexts on the remote: page with from/size.
		for size := want(); size > 0; size = want() {
			page, e := remoteCall(client, "POST", path, searchBody(len(hits), size))
			if e != nil {
				return nil, nil, e
			}
			if add(page) < size {
				break
			}
		}
		return hits, names, nil
	}
	if e != nil {
		return nil, nil, e
	}
	scrollID := page.ScrollID
	defer func() {
		if scrollID != "" {
			body, _ := json.Marshal(map[string]any{"scroll_id": []string{scrollID}})
			_, _ = remoteCall(client, "DELETE", base+"/_search/scroll", string(body))
		}
	}()
	for add(page) > 0 && want() > 0 && scrollID != "" {
		body, _ := json.Marshal(map[string]string{"scroll": "5m", "scroll_id": scrollID})
		if page, e = remoteCall(client, "POST", base+"/_search/scroll", string(body)); e != nil {
			return nil, nil, e
		}
		if page.ScrollID != "" {
			scrollID = page.ScrollID
		}
	}
	return hits, names, nil
}

// remotePage is the part of a search response the remote reader needs.
type remotePage struct {
	ScrollID string `json:"_scroll_id"`
	Hits     struct {
		Hits []struct {
			Index   string          `json:"_index"`
			ID      string          `json:"_id"`
			Version int64           `json:"_version"`
			Routing string          `json:"_routing"`
			Source  json.RawMessage `json:"_source"`
		} `json:"hits"`
	} `json:"hits"`
}

// remoteCall sends one request to the remote cluster and reads a search page.
func remoteCall(client RemoteClient, method, path, body string) (*remotePage, *apierr.Error) {
	status, data, err := client.Send(RemoteRequest{Method: method, URL: path, Body: body})
	if ae, ok := err.(*apierr.Error); ok {
		return nil, ae
	}
	if err != nil {
		return nil, apierr.New("connect_exception", err.Error())
	}
	if status != 200 {
		// The remote's error becomes the cause of a status exception with
		// the remote's status, as RemoteScrollableHitSource reports it.
		e := &apierr.Error{Status: status, Type: apierr.TypeStatus, Reason: "Remote responded with a failure"}
		var env struct {
			Error struct {
				Type   string `json:"type"`
				Reason string `json:"reason"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &env) == nil && env.Error.Type != "" {
			e.Cause = &apierr.Error{Status: status, Type: env.Error.Type, Reason: env.Error.Reason}
		}
		return nil, e
	}
	page := &remotePage{}
	if err := json.Unmarshal(data, page); err != nil {
		return nil, apierr.New(apierr.TypeParse, "the remote cluster answered a search with a body that is not a search response: "+err.Error())
	}
	return page, nil
}
