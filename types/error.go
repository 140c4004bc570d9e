package types

import (
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// Error is what every non-2xx answer becomes. The server writes errors in two
// shapes: the detailed envelope
//
//	{"error":{"root_cause":[...],"type":"...","reason":"...",...},"status":404}
//
// whose "error" object fills the embedded ErrorCause, and a plain string
//
//	{"error":"Incorrect HTTP method for uri [...]","status":405}
//
// which fills Message. Body always holds the raw bytes, whatever their shape.
// Use errors.As to get at it, or the IsNotFound / IsConflict / IsType helpers.
type Error struct {
	StatusCode int // HTTP status of the reply
	ErrorCause     // the "error" object of a detailed error; zero for plain ones

	Message string      // the text of a plain-string error, or of a body that is not the envelope
	Header  http.Header // reply headers
	Body    []byte      // raw reply body
}

// ErrorCause is one exception in the server's error tree. Metadata keeps every
// other key the server wrote (index, resource.id, index_uuid, shard, line, col,
// script_stack, failed_shards, ...) as raw JSON.
type ErrorCause struct {
	Type      string                     `json:"type"`
	Reason    string                     `json:"reason,omitempty"`
	RootCause []ErrorCause               `json:"root_cause,omitempty"`
	CausedBy  *ErrorCause                `json:"caused_by,omitempty"`
	Metadata  map[string]json.RawMessage `json:"-"`
}

// NewError builds the Error for a reply; the transport calls it for every
// non-2xx status, and it is exported for callers who read replies themselves.
func NewError(statusCode int, header http.Header, body []byte) *Error {
	e := &Error{StatusCode: statusCode, Header: header, Body: body}
	trimmed := strings.TrimSpace(string(body))
	if trimmed == "" {
		return e
	}
	var env struct {
		Error   json.RawMessage `json:"error"`
		Message *string         `json:"message"`
	}
	if trimmed[0] != '{' || jsonx.Unmarshal(body, &env) != nil {
		e.Message = truncate(trimmed, 512)
		return e
	}
	switch {
	case len(env.Error) > 0 && env.Error[0] == '{':
		if err := jsonx.Unmarshal(env.Error, &e.ErrorCause); err != nil {
			e.Message = truncate(trimmed, 512)
		}
	case len(env.Error) > 0 && env.Error[0] == '"':
		_ = jsonx.Unmarshal(env.Error, &e.Message)
	case env.Message != nil:
		e.Message = *env.Message
	default:
		e.Message = truncate(trimmed, 512)
	}
	return e
}

// Error describes the failure in one line: status, type and reason, plus the
// first root cause when it says something the top level does not.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("clustersearch: ")
	b.WriteString(strconv.Itoa(e.StatusCode))
	switch {
	case e.Type != "":
		b.WriteString(" ")
		b.WriteString(e.Type)
		if e.Reason != "" {
			b.WriteString(": ")
			b.WriteString(e.Reason)
		}
		if len(e.RootCause) > 0 {
			rc := e.RootCause[0]
			if rc.Type != e.Type || rc.Reason != e.Reason {
				b.WriteString(" (root cause: ")
				b.WriteString(rc.Type)
				if rc.Reason != "" {
					b.WriteString(": ")
					b.WriteString(rc.Reason)
				}
				b.WriteString(")")
			}
		}
	case e.Message != "":
		b.WriteString(": ")
		b.WriteString(e.Message)
	default:
		if text := http.StatusText(e.StatusCode); text != "" {
			b.WriteString(" ")
			b.WriteString(text)
		}
		b.WriteString(" (empty body)")
	}
	return b.String()
}

// Is lets errors.Is match on a pattern Error: a non-zero StatusCode and a
// non-empty Type in target must both equal this error's.
//
//	errors.Is(err, &types.Error{Type: "index_not_found_exception"})
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok || (t.StatusCode == 0 && t.Type == "") {
		return false
	}
	return (t.StatusCode == 0 || t.StatusCode == e.StatusCode) && (t.Type == "" || t.Type == e.Type)
}

// IsStatus reports whether err is an *Error with the given HTTP status.
func IsStatus(err error, statusCode int) bool {
	var e *Error
	return errors.As(err, &e) && e.StatusCode == statusCode
}

// IsNotFound reports whether err is a 404 answer (missing index, document, task...).
func IsNotFound(err error) bool { return IsStatus(err, http.StatusNotFound) }

// IsConflict reports whether err is a 409 answer (version conflict, document exists).
func IsConflict(err error) bool { return IsStatus(err, http.StatusConflict) }

// IsBadRequest reports whether err is a 400 answer (malformed request or query).
func IsBadRequest(err error) bool { return IsStatus(err, http.StatusBadRequest) }

// IsUnauthorized reports whether err is a 401 answer (missing or wrong credentials).
func IsUnauthorized(err error) bool { return IsStatus(err, http.StatusUnauthorized) }

// IsForbidden reports whether err is a 403 answer.
func IsForbidden(err error) bool { return IsStatus(err, http.StatusForbidden) }

// IsTooManyRequests reports whether err is a 429 answer (rejected execution).
func IsTooManyRequests(err error) bool { return IsStatus(err, http.StatusTooManyRequests) }

// IsType reports whether err is an *Error whose type, or one of whose root
// causes' types, is typ (for example "version_conflict_engine_exception").
func IsType(err error, typ string) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	if e.Type == typ {
		return true
	}
	for _, rc := range e.RootCause {
		if rc.Type == typ {
			return true
		}
	}
	return false
}

// MetadataString returns a metadata value that is a JSON string (index,
// resource.id, resource.type, index_uuid, shard...), or "" if absent or not a string.
func (c *ErrorCause) MetadataString(key string) string {
	raw, ok := c.Metadata[key]
	if !ok || len(raw) == 0 || raw[0] != '"' {
		return ""
	}
	var s string
	if jsonx.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// Index returns the "index" metadata: the index the error is about.
func (c *ErrorCause) Index() string { return c.MetadataString("index") }

// errorCauseKnown is the wire form of the keys ErrorCause names itself.
type errorCauseKnown struct {
	Type      string       `json:"type"`
	Reason    *string      `json:"reason"`
	RootCause []ErrorCause `json:"root_cause"`
	CausedBy  *ErrorCause  `json:"caused_by"`
}

// UnmarshalJSON reads the known keys and keeps every other key in Metadata.
func (c *ErrorCause) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if err := jsonx.Unmarshal(b, &all); err != nil {
		return err
	}
	var known errorCauseKnown
	if err := jsonx.Unmarshal(b, &known); err != nil {
		return err
	}
	*c = ErrorCause{Type: known.Type, RootCause: known.RootCause, CausedBy: known.CausedBy}
	if known.Reason != nil {
		c.Reason = *known.Reason
	}
	for _, k := range [...]string{"type", "reason", "root_cause", "caused_by"} {
		delete(all, k)
	}
	if len(all) > 0 {
		c.Metadata = all
	}
	return nil
}

// MarshalJSON writes root_cause, type, reason, the metadata keys (sorted) and
// caused_by, close to the order the server uses.
func (c ErrorCause) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	field := func(key string, value []byte) {
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		k, _ := jsonx.Marshal(key) // a string always marshals
		buf = append(buf, k...)
		buf = append(buf, ':')
		buf = append(buf, value...)
	}
	if len(c.RootCause) > 0 {
		v, err := jsonx.Marshal(c.RootCause)
		if err != nil {
			return nil, err
		}
		field("root_cause", v)
	}
	t, _ := jsonx.Marshal(c.Type)
	field("type", t)
	if c.Reason != "" {
		r, _ := jsonx.Marshal(c.Reason)
		field("reason", r)
	}
	keys := make([]string, 0, len(c.Metadata))
	for k := range c.Metadata {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		field(k, c.Metadata[k])
	}
	if c.CausedBy != nil {
		v, err := jsonx.Marshal(c.CausedBy)
		if err != nil {
			return nil, err
		}
		field("caused_by", v)
	}
	return append(buf, '}'), nil
}

func truncate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
