package dsl

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Error is the OpenSearch-shaped failure every parser in the engine returns;
// it is xcontent.Error, so JSON and query errors render the same way.
type Error = xcontent.Error

// parsingError is OpenSearch's ParsingException: type parsing_exception with
// line and col metadata.
func parsingError(line, col int, reason string) *Error {
	return &Error{Type: "parsing_exception", Reason: reason, Line: line, Col: col, Status: 400}
}

// parsingAt is parsingError at the start of v.
func parsingAt(v *xcontent.Value, reason string) *Error {
	return parsingError(v.Line, v.Col, reason)
}

// parsingAtEnd is parsingError at the closing token of v (or just past a
// scalar), where OpenSearch's parser stands when a loop over v has ended.
func parsingAtEnd(v *xcontent.Value, reason string) *Error {
	return parsingError(v.EndLine, v.EndCol, reason)
}

// illegalArgument is Java's IllegalArgumentException as OpenSearch renders it.
func illegalArgument(reason string) *Error {
	return &Error{Type: "illegal_argument_exception", Reason: reason, Status: 400}
}

// parseException is OpenSearchParseException (type parse_exception).
func parseException(reason string) *Error {
	return &Error{Type: "parse_exception", Reason: reason, Status: 400}
}

// xParse is an XContentParseException: the reason carries the "[L:C] "
// prefix.
func xParse(line, col int, reason string, cause *Error) *Error {
	return xcontent.ParseError(line, col, reason, cause)
}

// jacksonError is an exception raised by Jackson itself while OpenSearch
// reads a token (a boolean asked for a number, an int overflow); its reason
// ends with Jackson's location, which points just past the token.
func jacksonError(typ, msg string, v *xcontent.Value) *Error {
	return &Error{
		Type:   typ,
		Reason: msg + "\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: " + itoa(v.EndLine) + ", column: " + itoa(v.EndCol) + "]",
		Status: 400,
	}
}

// notSupported is the fake's answer for a query OpenSearch knows but the fake
// does not implement: a clear 400 that names the feature.
func notSupported(name string, v *xcontent.Value) *Error {
	return parsingAt(v, "["+name+"] query is not supported by the fake server")
}
