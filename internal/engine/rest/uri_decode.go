package rest

import (
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// RawTargetHeader carries the request target as the client sent it when
// Go's HTTP server could not have parsed it (an invalid percent escape in
// the path): the fake's connection reader rewrites such a target with
// SanitizeRequestTarget and adds this header, and the router reads the
// original back, so the request gets OpenSearch's answer instead of Go's
// plain-text 400.
const RawTargetHeader = "X-Clustersearch-Raw-Target"

// decodeComponent is RestUtils.decodeComponent: percent escapes become
// bytes, "%%" is a literal "%", plusAsSpace turns "+" into a space, and the
// bytes are read as UTF-8 (ill-formed parts become U+FFFD, as Java's String
// constructor does). A malformed escape is the server's
// IllegalArgumentException, with its message.
func decodeComponent(s string, plusAsSpace bool) (string, error) {
	if !strings.ContainsRune(s, '%') && !(plusAsSpace && strings.ContainsRune(s, '+')) {
		return replaceInvalidUTF8(s), nil
	}
	buf := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+' && plusAsSpace:
			buf = append(buf, ' ')
		case c != '%':
			buf = append(buf, c)
		case i == len(s)-1:
			return "", fmt.Errorf("unterminated escape sequence at end of string: %s", s)
		case s[i+1] == '%':
			buf = append(buf, '%')
			i++
		case i+1 == len(s)-1:
			return "", fmt.Errorf("partial escape sequence at end of string: %s", s)
		default:
			hi, lo := unhex(s[i+1]), unhex(s[i+2])
			if hi < 0 || lo < 0 {
				return "", fmt.Errorf("invalid escape sequence `%%%c%c' at index %d of: %s", s[i+1], s[i+2], i, s)
			}
			buf = append(buf, byte(hi<<4|lo))
			i += 2
		}
	}
	return replaceInvalidUTF8(string(buf)), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// decodeQueryString is RestUtils.decodeQueryString: pairs split on "&" and
// ";" up to a "#", a name without "=" has an empty value, a later value
// replaces an earlier one, and names and values decode with "+" as a space.
// A malformed escape is RestRequest's BadParameterException, which the
// server answers through dispatchBadRequest (400, whatever the path).
func decodeQueryString(q string) (map[string]string, *apierr.Error) {
	params := map[string]string{}
	if i := strings.IndexByte(q, '#'); i >= 0 {
		q = q[:i]
	}
	for _, pair := range strings.FieldsFunc(q, func(r rune) bool { return r == '&' || r == ';' }) {
		// An "=" before any name is skipped ("=v" names v).
		name, value, hasValue := strings.Cut(strings.TrimLeft(pair, "="), "=")
		if name == "" {
			continue
		}
		n, err := decodeComponent(name, true)
		if err != nil {
			return nil, badParameter(err)
		}
		v := ""
		if hasValue {
			if v, err = decodeComponent(value, true); err != nil {
				return nil, badParameter(err)
			}
		}
		params[n] = v
	}
	return params, nil
}

// badParameter is BadParameterException(cause) as the REST layer renders a
// RuntimeException that is not an OpenSearchException: its message is the
// cause's toString, its root cause itself.
func badParameter(cause error) *apierr.Error {
	reason := "java.lang.IllegalArgumentException: " + cause.Error()
	e := apierr.New(apierr.TypeBadParameter, reason).WithCause(apierr.IllegalArgument("%s", cause.Error()))
	e.RootCauses = []*apierr.Error{apierr.New(apierr.TypeBadParameter, reason)}
	return e
}

// badPathEscape answers a path whose segment i holds a malformed escape.
// RestController decodes a segment only when a route's named wildcard
// takes it; the decoder's IllegalArgumentException is then caught as an
// unsupported method: 405 "Unexpected HTTP method" with the methods of the
// routes matching the raw path. Where no wildcard takes the segment, no
// handler matches and the URI itself does not parse: the 400 "invalid uri".
func (s *Server) badPathEscape(segs []string, i int) *apierr.Error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	decoded := false
	allowed := map[string]bool{}
	for k := range s.routes {
		c := &s.routes[k]
		if len(c.segs) > i && c.segs[i].param != "" && prefixMatches(c.segs[:i], segs[:i]) {
			decoded = true
		}
		if _, ok := c.match(segs); ok {
			allowed[c.route.Method] = true
		}
	}
	if !decoded {
		return &apierr.Error{Status: http.StatusBadRequest, Plain: true, NoStatus: true, Reason: "invalid uri has been requested"}
	}
	msg := "Unexpected HTTP method"
	e := &apierr.Error{Status: http.StatusMethodNotAllowed, Plain: true}
	if len(allowed) > 0 {
		methods := make([]string, 0, len(allowed))
		for m := range allowed {
			methods = append(methods, m)
		}
		sort.Strings(methods)
		msg += ", allowed: [" + strings.Join(methods, ", ") + "]"
		e.Header = http.Header{"Allow": {strings.Join(methods, ",")}}
	}
	e.Reason = msg
	return e
}

// prefixMatches reports whether pattern segments match raw path segments
// position by position (a parameter takes any non-empty segment).
func prefixMatches(pattern []segment, segs []string) bool {
	for j, p := range pattern {
		if p.param != "" {
			if segs[j] == "" {
				return false
			}
			continue
		}
		if p.literal != segs[j] {
			return false
		}
	}
	return true
}

// SanitizeRequestTarget rewrites every "%" of target that does not start a
// valid escape for Go's URL parser (two hex digits) as "%25", so Go's HTTP
// server accepts the request line; ok reports whether anything changed.
func SanitizeRequestTarget(target string) (string, bool) {
	path, query, hasQuery := strings.Cut(target, "?")
	var b strings.Builder
	changed := false
	for i := 0; i < len(path); i++ {
		if path[i] == '%' && (i+2 >= len(path) || unhex(path[i+1]) < 0 || unhex(path[i+2]) < 0) {
			b.WriteString("%25")
			changed = true
			continue
		}
		b.WriteByte(path[i])
	}
	if !changed {
		return target, false
	}
	if hasQuery {
		b.WriteByte('?')
		b.WriteString(query)
	}
	return b.String(), true
}
