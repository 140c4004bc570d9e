package notify

import (
	"strconv"
)

// ErrorShape says how an [Error] is rendered on the wire.
type ErrorShape int

const (
	// ShapeEnvelope is OpenSearch's detailed error body:
	// {"error":{"root_cause":[{...}],"type":...,"reason":...},"status":N}.
	ShapeEnvelope ErrorShape = iota
	// ShapePlainText is a text/plain body holding Reason only, as the plugin's
	// BytesRestResponse(status, message) writes it.
	ShapePlainText
)

// Error is a failed operation, carrying everything the fake's error writer
// needs to render the body the plugin gives.
type Error struct {
	// Status is the HTTP status code.
	Status int
	// Type is the exception type, e.g. "status_exception".
	Type string
	// Reason is the exception message.
	Reason string
	// Shape selects the envelope or the plain-text body.
	Shape ErrorShape
	// Line and Col are the parser position metadata of parsing_exception
	// (both zero when absent).
	Line, Col int
	// Cause is the nested "caused_by" exception, if any.
	Cause *Error
}

// Error implements the error interface.
func (e *Error) Error() string {
	return e.Type + " [" + strconv.Itoa(e.Status) + "]: " + e.Reason
}

// ContentType is the Content-Type of the rendered body.
func (e *Error) ContentType() string {
	if e.Shape == ShapePlainText {
		return "text/plain; charset=UTF-8"
	}
	return "application/json; charset=UTF-8"
}

// Body renders the error exactly as the real server does.
func (e *Error) Body() []byte {
	if e.Shape == ShapePlainText {
		return []byte(e.Reason)
	}
	var w jsonWriter
	root := e
	for root.Cause != nil {
		root = root.Cause
	}
	w.obj()
	w.key("error")
	w.obj()
	w.key("root_cause")
	w.arr()
	w.obj()
	root.writeFields(&w, false)
	w.end()
	w.endArr()
	e.writeFields(&w, true)
	w.end()
	w.intField("status", int64(e.Status))
	w.end()
	return w.bytes()
}

// writeFields writes type, reason, the position metadata and, when asked,
// the cause chain.
func (e *Error) writeFields(w *jsonWriter, withCause bool) {
	w.strField("type", e.Type)
	w.strField("reason", e.Reason)
	if e.Line > 0 {
		w.intField("line", int64(e.Line))
		w.intField("col", int64(e.Col))
	}
	if withCause && e.Cause != nil {
		w.key("caused_by")
		w.obj()
		e.Cause.writeFields(w, true)
		w.end()
	}
}

// Error constructors, one per exception class the plugin surfaces.

// illegalArgument is an IllegalArgumentException thrown while parsing the
// request on the REST layer.
func illegalArgument(reason string) *Error {
	return &Error{Status: 400, Type: "illegal_argument_exception", Reason: reason}
}

// statusErr is the OpenSearchStatusException the transport actions throw.
func statusErr(status int, reason string) *Error {
	return &Error{Status: status, Type: "status_exception", Reason: reason}
}

// parsingErr is XContentParserUtils' ParsingException with its position.
func parsingErr(reason string, line, col int) *Error {
	return &Error{Status: 400, Type: "parsing_exception", Reason: reason, Line: line, Col: col}
}

// illegalState is an IllegalStateException on the REST layer (500).
func illegalState(reason string) *Error {
	return &Error{Status: 500, Type: "illegal_state_exception", Reason: reason}
}

// plainText is a text/plain BytesRestResponse.
func plainText(status int, msg string) *Error {
	return &Error{Status: status, Type: "", Reason: msg, Shape: ShapePlainText}
}
