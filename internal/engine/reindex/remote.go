package reindex

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// RemoteInfo is source.remote of a reindex (RemoteInfo): where the remote
// cluster is and how to talk to it.
type RemoteInfo struct {
	Scheme, Host, PathPrefix string
	Port                     int
	Username, Password       string
	Headers                  map[string]string
	SocketTimeout            time.Duration
	ConnectTimeout           time.Duration
	// Query is the source query as sent (match_all when none).
	Query string
}

// String is RemoteInfo.toString, as the task description prints it.
func (ri *RemoteInfo) String() string {
	var b strings.Builder
	if ri.Scheme != "http" {
		b.WriteString("scheme=" + ri.Scheme + " ")
	}
	b.WriteString("host=" + ri.Host + " port=" + strconv.Itoa(ri.Port))
	if ri.PathPrefix != "" {
		b.WriteString(" pathPrefix=" + ri.PathPrefix)
	}
	b.WriteString(" query=" + ri.Query)
	if ri.Username != "" {
		b.WriteString(" username=" + ri.Username)
	}
	if ri.Password != "" {
		b.WriteString(" password=<<>>")
	}
	return b.String()
}

// BaseURL is the remote's scheme://host:port/pathPrefix.
func (ri *RemoteInfo) BaseURL() string {
	return ri.Scheme + "://" + joinHostPort(ri.Host, ri.Port) + ri.PathPrefix
}

// joinHostPort is net.JoinHostPort: an IPv6 host is bracketed.
func joinHostPort(host string, port int) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]:" + strconv.Itoa(port)
	}
	return host + ":" + strconv.Itoa(port)
}

// hostPattern is RemoteInfo's [scheme]://[host]:[port](/[pathPrefix])?.
var hostPattern = regexp.MustCompile(`^([^:]+)://([^:]+):(\d+)(/.*)?$`)

// ParseRemote reads source.remote (ReindexRequest.buildRemoteInfo): the
// fields are taken out one by one and any left over is an error.
func ParseRemote(v *xcontent.Value) (*RemoteInfo, *apierr.Error) {
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
	ri := &RemoteInfo{SocketTimeout: 30 * time.Second, ConnectTimeout: 30 * time.Second, Headers: map[string]string{}}
	var e *apierr.Error
	if ri.Username, e = str("username"); e != nil {
		return nil, e
	}
	if ri.Password, e = str("password"); e != nil {
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
	ri.Scheme, ri.Host, ri.PathPrefix = m[1], m[2], m[4]
	ri.Port, _ = strconv.Atoi(m[3])
	if h := take("headers"); h != nil && h.Kind == xcontent.Object {
		for _, hm := range h.Members {
			ri.Headers[hm.Key] = hm.Value.Text()
		}
	}
	for _, t := range []struct {
		key string
		dst *time.Duration
	}{{"socket_timeout", &ri.SocketTimeout}, {"connect_timeout", &ri.ConnectTimeout}} {
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

// CheckAllowed applies reindex.remote.allowlist: host:port patterns with *
// wildcards; an empty list allows nothing.
func (ri *RemoteInfo) CheckAllowed(allowlist []string) *apierr.Error {
	check := ri.Host + ":" + strconv.Itoa(ri.Port)
	for _, p := range allowlist {
		if (tasks.Filter{Actions: []string{p}}).MatchesAction(check) {
			return nil
		}
	}
	return apierr.IllegalArgument("[%s] not allowlisted in reindex.remote.allowlist", check)
}
