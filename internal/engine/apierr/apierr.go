// Package apierr holds every error the fake returns and renders them exactly as
// OpenSearch 2.x writes them (BytesRestResponse / OpenSearchException.toXContent).
package apierr

import (
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Meta is one metadata entry of an exception object. Metadata is ordered: the real
// server prints it in the iteration order of a Java HashMap, which each constructor
// reproduces by listing the keys in that order.
type Meta struct {
	Key   string
	Value any
}

// Error is an OpenSearch exception as the REST layer renders it.
type Error struct {
	// Status is the HTTP status code.
	Status int
	// Type is the snake_case exception name, e.g. "index_not_found_exception".
	Type string
	// Reason is the exception message.
	Reason string
	// Meta holds the metadata keys printed after "reason", in order.
	Meta []Meta
	// Cause is the nested "caused_by" exception, if any.
	Cause *Error
	// Plain marks a plain-string error: {"error":"<Reason>","status":N}.
	Plain bool
	// NoStatus omits the "status" field (the 2.x "no handler found" body).
	NoStatus bool
	// Text sends Reason as a text/plain body (the security plugin's 401).
	Text bool
	// Header holds extra response headers (e.g. Allow on a 405), keys in
	// canonical form; the HTTP layer writes them (the engine knows no HTTP).
	Header map[string][]string
	// RootCauses, when non-nil, are printed as root_cause instead of the
	// cause chain's root (SearchPhaseExecutionException lists its shard
	// causes; none for a failure of the coordinating reduce).
	RootCauses []*Error
	// Class, when set, is the Java class instead of the type's usual one:
	// java.text.ParseException is named parse_exception like
	// OpenSearchParseException but is no root cause; OpenSearchException
	// itself is named "exception".
	Class string
	// NullReason prints "reason": null, as for a Java exception without a
	// message (an EOFException); Reason is then ignored.
	NullReason bool
}

// Error implements the error interface.
func (e *Error) Error() string {
	if e.Plain {
		return e.Reason
	}
	return e.Type + ": " + e.Reason
}

// RootCause follows the cause chain while the causes are OpenSearch
// exceptions, as OpenSearchException.guessRootCauses does: a Java exception
// (number_format_exception...) is never a root cause of an OpenSearch one.
func (e *Error) RootCause() *Error {
	r := e
	if !r.isOpenSearch() {
		return r
	}
	for r.Cause != nil && r.Cause.isOpenSearch() {
		r = r.Cause
	}
	return r
}

// WithCause returns e with its caused_by set to c.
func (e *Error) WithCause(c *Error) *Error {
	e.Cause = c
	return e
}

// New returns an error of the given type; its status comes from the error table.
func New(typ, reason string, meta ...Meta) *Error {
	return &Error{Status: StatusOf(typ), Type: typ, Reason: reason, Meta: meta}
}

// Newf is New with a formatted reason.
func Newf(typ, format string, args ...any) *Error {
	return New(typ, fmt.Sprintf(format, args...))
}

// Body returns the response body as OpenSearch writes it. With trace set
// (error_trace=true) each exception object gains a stack_trace string.
func (e *Error) Body(trace bool) any {
	if e.Plain {
		if e.NoStatus {
			return jsonout.Object{{Key: "error", Value: e.Reason}}
		}
		return jsonout.Object{{Key: "error", Value: e.Reason}, {Key: "status", Value: e.Status}}
	}
	return jsonout.Object{{Key: "error", Value: e.Object(trace)}, {Key: "status", Value: e.Status}}
}

// Object renders the "error" object: root_cause, then the exception itself.
func (e *Error) Object(trace bool) jsonout.Object {
	roots := []any{e.RootCause().fields(trace, false)}
	if e.RootCauses != nil { // set, even empty: a reduce failure has no shard causes
		roots = roots[:0]
		for _, r := range e.RootCauses {
			roots = append(roots, r.RootCause().fields(trace, false))
		}
	}
	o := jsonout.Object{{Key: "root_cause", Value: roots}}
	return append(o, e.fields(trace, true)...)
}

// Inline renders the exception without root_cause, as bulk items and
// shard failures print it.
func (e *Error) Inline() jsonout.Object { return e.fields(false, true) }

// fields renders type, reason, metadata, caused_by and stack_trace in the
// order of OpenSearchException.innerToXContent.
func (e *Error) fields(trace, withCause bool) jsonout.Object {
	o := make(jsonout.Object, 0, 3+len(e.Meta))
	var reason any = e.Reason
	if e.NullReason {
		reason = nil
	}
	o = append(o, jsonout.Field{Key: "type", Value: e.Type}, jsonout.Field{Key: "reason", Value: reason})
	for _, m := range e.Meta {
		o = append(o, jsonout.Field{Key: m.Key, Value: m.Value})
	}
	if withCause && e.Cause != nil {
		o = append(o, jsonout.Field{Key: "caused_by", Value: e.Cause.fields(trace, true)})
	}
	if trace {
		o = append(o, jsonout.Field{Key: "stack_trace", Value: e.stackTrace()})
	}
	return o
}

// stackTrace imitates the first lines of Throwable.printStackTrace.
func (e *Error) stackTrace() string {
	s := e.class() + ": " + e.Reason + "\n\tat clustersearch-fake"
	if e.Cause != nil {
		s += "\nCaused by: " + e.Cause.class() + ": " + e.Cause.Reason
	}
	return s
}
