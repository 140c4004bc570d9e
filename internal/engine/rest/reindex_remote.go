package rest

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// remoteInfo is source.remote of a reindex (RemoteInfo).
type remoteInfo struct {
	scheme, host, pathPrefix string
	port                     int
	username, password       string
	headers                  map[string]string
	socketTimeout            time.Duration
	connectTimeout           time.Duration
	query                    string
	// hitIndex holds the remote index of each fetched document (a hit's
	// Slot indexes it).
	hitIndex []string
}

// String is RemoteInfo.toString, as the task description prints it.
func (ri *remoteInfo) String() string {
	var b strings.Builder
	if ri.scheme != "http" {
		b.WriteString("scheme=" + ri.scheme + " ")
	}
	b.WriteString("host=" + ri.host + " port=" + strconv.Itoa(ri.port))
	if ri.pathPrefix != "" {
		b.WriteString(" pathPrefix=" + ri.pathPrefix)
	}
	b.WriteString(" query=" + ri.query)
	if ri.username != "" {
		b.WriteString(" username=" + ri.username)
	}
	if ri.password != "" {
		b.WriteString(" password=<<>>")
	}
	return b.String()
}

// hostPattern is RemoteInfo's [scheme]://[host]:[port](/[pathPrefix])?.
var hostPattern = regexp.MustCompile(`^([^:]+)://([^:]+):(\d+)(/.*)?$`)

// parseRemote reads source.remote (ReindexRequest.buildRemoteInfo): the
// fields are taken out one by one and any left over is an error.
func parseRemote(v *xcontent.Value) (*remoteInfo, *apierr.Error) {
	left := map[string]*xcontent.Value{}
	var order []string
	for i := range v.Members {
		left[v.Members[i].Key] = &v.Members[i].Value
		order = append(order, v.Members[i].Key)
	}
	take := func(k string) *xcontent.Value {
		x := left[k]
		delete(left, k)
		return x
	}
	str := func(k string) (string, *apierr.Error) {
		x := take(k)
		if x == nil || x.Kind == xcontent.Null {
			return "", nil
		}
		if x.Kind != xcontent.String {
			return "", apierr.IllegalArgument("Expected [%s] to be a string but was [%s]", k, x.Text())
		}
		return x.Str, nil
	}
	ri := &remoteInfo{socketTimeout: 30 * time.Second, connectTimeout: 30 * time.Second, headers: map[string]string{}}
	var e *apierr.Error
	if ri.username, e = str("username"); e != nil {
		return nil, e
	}
	if ri.password, e = str("password"); e != nil {
		return nil, e
	}
	host, e := str("host")
	if e != nil {
		return nil, e
	}
	if host == "" {
		return nil, apierr.New("null_pointer_exception", "[host] must be specified to reindex from a remote cluster")
	}
	m := hostPattern.FindStringSubmatch(host)
	if m == nil {
		return nil, apierr.IllegalArgument("[host] must be of the form [scheme]://[host]:[port](/[pathPrefix])? but was [%s]", host)
	}
	ri.scheme, ri.host, ri.pathPrefix = m[1], m[2], m[4]
	ri.port, _ = strconv.Atoi(m[3])
	if h := take("headers"); h != nil && h.Kind == xcontent.Object {
		for _, hm := range h.Members {
			ri.headers[hm.Key] = hm.Value.Text()
		}
	}
	for _, t := range []struct {
		key string
		dst *time.Duration
	}{{"socket_timeout", &ri.socketTimeout}, {"connect_timeout", &ri.connectTimeout}} {
		x := take(t.key)
		if x == nil {
			continue
		}
		d, e := remoteTime(x.Text(), t.key)
		if e != nil {
			return nil, e
		}
		*t.dst = d
	}
	if len(left) > 0 {
		var rest []string
		for _, k := range order {
			if _, ok := left[k]; ok {
				rest = append(rest, k)
			}
		}
		return nil, apierr.IllegalArgument("Unsupported fields in [remote]: [%s]", strings.Join(rest, ","))
	}
	return ri, nil
}

// remoteTime is TimeValue.parseTimeValue: a unit suffix on a number that
// does not parse is a parse_exception caused by NumberFormatException.
func remoteTime(s, key string) (time.Duration, *apierr.Error) {
	lower := strings.ToLower(strings.TrimSpace(s))
	for _, u := range []string{"nanos", "micros", "ms", "s", "m", "h", "d"} {
		if strings.HasSuffix(lower, u) {
			num := strings.TrimSuffix(lower, u)
			if _, err := strconv.ParseFloat(num, 64); err != nil {
				return 0, apierr.New(apierr.TypeParse, "failed to parse ["+s+"]").WithCause(apierr.New(apierr.TypeNumberFormat, "For input string: \""+num+"\""))
			}
			break
		}
	}
	d, e := settings.ParseTimeValue(s, key)
	if e != nil {
		return 0, e
	}
	return d, nil
}

// checkRemote applies reindex.remote.allowlist (host:port patterns with *
// wildcards; empty allows nothing).
func (d *DocOps) checkRemote(ri *remoteInfo) *apierr.Error {
	check := ri.host + ":" + strconv.Itoa(ri.port)
	for _, p := range d.remoteAllowlist {
		if (tasks.Filter{Actions: []string{p}}).MatchesAction(check) {
			return nil
		}
	}
	return apierr.IllegalArgument("[%s] not allowlisted in reindex.remote.allowlist", check)
}

// SetRemoteAllowlist sets reindex.remote.allowlist.
func (d *DocOps) SetRemoteAllowlist(hosts []string) {
	d.remoteAllowlist = append([]string(nil), hosts...)
}

// remoteScroll reads the matching documents of a remote cluster over HTTP,
// batch by batch, as RemoteScrollableHitSource does: a scroll search
// (POST /<indices>/_search?scroll=5m) then POST /_search/scroll until a page
// comes back empty, and the scroll is cleared. A remote without scroll
// contexts (another fake) is read with from/size pages in the same order
// instead, up to its index.max_result_window (10,000 by default).
func (d *DocOps) remoteScroll(req *reindexRequest) ([]search.Hit, *apierr.Error) {
	ri := req.remote
	dialer := &net.Dialer{Timeout: ri.connectTimeout}
	client := &http.Client{Timeout: ri.socketTimeout, Transport: &http.Transport{DialContext: dialer.DialContext}}
	defer client.CloseIdleConnections()
	base := ri.scheme + "://" + net.JoinHostPort(ri.host, strconv.Itoa(ri.port)) + ri.pathPrefix
	path := base + "/" + url.PathEscape(strings.Join(req.indices, ",")) + "/_search"
	sortJSON := `["_doc"]`
	if req.rawSort != nil {
		sortJSON = string(req.rawSort)
	}
	searchBody := func(from, size int) string {
		body := `{"size":` + strconv.Itoa(size) + `,"version":true,"sort":` + sortJSON
		if from > 0 {
			body += `,"from":` + strconv.Itoa(from)
		}
		if req.rawQuery != nil {
			body += `,"query":` + string(req.rawQuery)
		}
		if req.rawSource != nil {
			body += `,"_source":` + string(req.rawSource)
		}
		return body + "}"
	}
	var hits []search.Hit
	// want is the size of the next page, 0 when max_docs is reached.
	want := func() int {
		size := req.params.scrollSize
		if req.params.maxDocs != maxDocsAll {
			size = min(size, int(req.params.maxDocs)-len(hits))
		}
		return max(size, 0)
	}
	add := func(page *remotePage) int {
		for _, h := range page.Hits.Hits {
			if req.params.maxDocs != maxDocsAll && int64(len(hits)) >= req.params.maxDocs {
				break
			}
			ri.hitIndex = append(ri.hitIndex, h.Index)
			hits = append(hits, search.Hit{Slot: int32(len(ri.hitIndex) - 1),
				Doc: shard.Doc{ID: h.ID, Routing: h.Routing, Source: h.Source, Version: h.Version}})
		}
		return len(page.Hits.Hits)
	}
	page, e := remoteCall(client, http.MethodPost, path+"?scroll=5m", ri, searchBody(0, req.params.scrollSize))
	if e != nil && e.Cause != nil && e.Cause.Type == apierr.TypeUnsupportedOperation {
		// No scroll contexts on the remote: page with from/size.
		for size := want(); size > 0; size = want() {
			page, e := remoteCall(client, http.MethodPost, path, ri, searchBody(len(hits), size))
			if e != nil {
				return nil, e
			}
			if add(page) < size {
				break
			}
		}
		return hits, nil
	}
	if e != nil {
		return nil, e
	}
	scrollID := page.ScrollID
	defer func() {
		if scrollID != "" {
			body, _ := json.Marshal(map[string]any{"scroll_id": []string{scrollID}})
			_, _ = remoteCall(client, http.MethodDelete, base+"/_search/scroll", ri, string(body))
		}
	}()
	for add(page) > 0 && want() > 0 && scrollID != "" {
		body, _ := json.Marshal(map[string]string{"scroll": "5m", "scroll_id": scrollID})
		if page, e = remoteCall(client, http.MethodPost, base+"/_search/scroll", ri, string(body)); e != nil {
			return nil, e
		}
		if page.ScrollID != "" {
			scrollID = page.ScrollID
		}
	}
	return hits, nil
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
func remoteCall(client *http.Client, method, path string, ri *remoteInfo, body string) (*remotePage, *apierr.Error) {
	hr, err := http.NewRequest(method, path, strings.NewReader(body))
	if err != nil {
		return nil, apierr.IllegalArgument("%s", err.Error())
	}
	hr.Header.Set("Content-Type", "application/json")
	for k, v := range ri.headers {
		hr.Header.Set(k, v)
	}
	if ri.username != "" {
		hr.SetBasicAuth(ri.username, ri.password)
	}
	resp, err := client.Do(hr)
	if err != nil {
		return nil, apierr.New("connect_exception", err.Error())
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, apierr.New("connect_exception", err.Error())
	}
	if resp.StatusCode != http.StatusOK {
		// The remote's error becomes the cause of a status exception with
		// the remote's status, as RemoteScrollableHitSource reports it.
		e := &apierr.Error{Status: resp.StatusCode, Type: apierr.TypeStatus, Reason: "Remote responded with a failure"}
		var env struct {
			Error struct {
				Type   string `json:"type"`
				Reason string `json:"reason"`
			} `json:"error"`
		}
		if json.Unmarshal(data, &env) == nil && env.Error.Type != "" {
			e.Cause = &apierr.Error{Status: resp.StatusCode, Type: env.Error.Type, Reason: env.Error.Reason}
		}
		return nil, e
	}
	page := &remotePage{}
	if err := json.Unmarshal(data, page); err != nil {
		return nil, apierr.New(apierr.TypeParse, "the remote cluster answered a search with a body that is not a search response: "+err.Error())
	}
	return page, nil
}
