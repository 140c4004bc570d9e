package xcontent

import "strconv"

// Error is an OpenSearch-shaped failure: what the HTTP layer needs to render the
// error body. It is shared by the JSON reader and the query parsers (dsl.Error is
// the same type), so a rejection anywhere in request parsing has one shape.
type Error struct {
	// Type is the OpenSearch exception name, e.g. "parsing_exception".
	Type string
	// Reason is the exact message OpenSearch writes.
	Reason string
	// Line and Col are rendered as "line"/"col" metadata (parsing_exception
	// only); 0 means absent.
	Line, Col int
	// CausedBy is the nested cause, rendered as "caused_by".
	CausedBy *Error
	// Status is the HTTP status, 400 for every parse failure.
	Status int

	// posLine and posCol are where the parser stood when the error was
	// raised, when that differs from Line/Col; they are not rendered, but
	// OpenSearch's wrappers ("[L:C] [bool] failed to parse field [must]")
	// report them.
	posLine, posCol int
}

// At records where the parser stood when e was raised and returns e.
func (e *Error) At(line, col int) *Error {
	e.posLine, e.posCol = line, col
	return e
}

// Pos returns where the parser stood when e was raised: the position given
// to At, else Line and Col (0, 0 when unknown).
func (e *Error) Pos() (line, col int) {
	if e.posLine > 0 {
		return e.posLine, e.posCol
	}
	return e.Line, e.Col
}

// Error returns the type and reason, with the causes appended.
func (e *Error) Error() string {
	s := e.Type + ": " + e.Reason
	if e.CausedBy != nil {
		s += "; caused by " + e.CausedBy.Error()
	}
	return s
}

// Root returns the innermost cause in the chain.
func (e *Error) Root() *Error {
	for e.CausedBy != nil {
		e = e.CausedBy
	}
	return e
}

// jacksonSource is what Jackson 2.16+ prints as the source of a location when
// StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION is off (its default, which
// OpenSearch 2.x keeps).
const jacksonSource = "REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)"

// jacksonLocation renders Jackson's location suffix for line and column.
func jacksonLocation(line, col int) string {
	return "[Source: " + jacksonSource + "; line: " + strconv.Itoa(line) + ", column: " + strconv.Itoa(col) + "]"
}

// jsonParseError builds the json_parse_exception Jackson raises for malformed
// input, with the location of the parser after the offending byte.
func jsonParseError(msg string, line, col int) *Error {
	return &Error{Type: "json_parse_exception", Reason: msg + "\n at " + jacksonLocation(line, col), Status: 400}
}

// ParseError builds an x_content_parse_exception whose reason carries the
// "[L:C] " prefix that XContentParseException.getMessage adds.
func ParseError(line, col int, msg string, cause *Error) *Error {
	return &Error{Type: "x_content_parse_exception", Reason: Loc(line, col) + " " + msg, CausedBy: cause, Status: 400}
}

// Loc renders an XContentLocation as OpenSearch prints it: "[L:C]".
func Loc(line, col int) string {
	return "[" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + "]"
}
