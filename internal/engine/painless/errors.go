package painless

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Position is where a script failed, in UTF-16 code units as Java counts them: Offset is
// the failing node, Start and End bound the snippet shown in ScriptStack.
type Position struct {
	Offset int
	Start  int
	End    int
}

// Cause is the Java exception under a script_exception: Type is its class name in
// snake_case ("null_pointer_exception"), Reason its message.
type Cause struct {
	Type   string
	Reason string
	// NullReason is set when the Java exception has no message: OpenSearch then writes
	// "reason":null (UnsupportedOperationException from a read-only map, for one).
	NullReason bool
}

// API selects how a script error is wrapped in a response, which differs per API.
type API int

const (
	// APIUpdate is _update and bulk update items: every script failure is wrapped in
	// illegal_argument_exception "failed to execute script".
	APIUpdate API = iota
	// APIByQuery is _update_by_query and _reindex: the script_exception is the top-level error.
	APIByQuery
	// APIStoredScript is PUT _scripts/<id>: the script_exception is the top-level error.
	APIStoredScript
)

// Error is an error OpenSearch reports for a script; *ScriptError and *Exception
// implement it. The HTTP layer renders the exact body with ResponseBody, or puts
// AppendErrorObject's output under a bulk item's "error".
type Error interface {
	error
	// Status is the HTTP status of the response for api.
	Status(api API) int
	// AppendErrorObject appends the value of "error" for api, without root_cause (the
	// form bulk items use).
	AppendErrorObject(dst []byte, api API) []byte
	// ResponseBody returns the whole response body, {"error":{"root_cause":[...],...},"status":400}.
	ResponseBody(api API) []byte
}

// ScriptError is a script_exception: a compile error or a runtime error of a Painless script.
type ScriptError struct {
	// Reason is "compile error" or "runtime error".
	Reason      string
	ScriptStack []string
	Script      string
	Lang        string
	// Position is nil only when OpenSearch gives none.
	Position *Position
	CausedBy Cause
}

// Error returns a one-line description.
func (e *ScriptError) Error() string {
	return "script_exception: " + e.Reason + ": " + e.CausedBy.Type + ": " + e.CausedBy.Reason
}

// Status returns 400: a script_exception is a bad request.
func (e *ScriptError) Status(API) int { return 400 }

// AppendJSON appends the script_exception object in OpenSearch's key order: type, reason,
// script_stack, script, lang, position, caused_by.
func (e *ScriptError) AppendJSON(dst []byte) []byte {
	dst = e.appendFields(dst)
	dst = append(dst, `,"caused_by":{"type":`...)
	dst = jsonout.AppendString(dst, e.CausedBy.Type)
	dst = append(dst, `,"reason":`...)
	if e.CausedBy.NullReason {
		dst = append(dst, "null"...)
	} else {
		dst = jsonout.AppendString(dst, e.CausedBy.Reason)
	}
	return append(dst, "}}"...)
}

// appendFields writes the object without its closing brace and caused_by: the root_cause form.
func (e *ScriptError) appendFields(dst []byte) []byte {
	dst = append(dst, `{"type":"script_exception","reason":`...)
	dst = jsonout.AppendString(dst, e.Reason)
	dst = append(dst, `,"script_stack":[`...)
	for i, l := range e.ScriptStack {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonout.AppendString(dst, l)
	}
	dst = append(dst, `],"script":`...)
	dst = jsonout.AppendString(dst, e.Script)
	dst = append(dst, `,"lang":`...)
	dst = jsonout.AppendString(dst, e.Lang)
	if p := e.Position; p != nil {
		dst = append(dst, `,"position":{"offset":`...)
		dst = strconv.AppendInt(dst, int64(p.Offset), 10)
		dst = append(dst, `,"start":`...)
		dst = strconv.AppendInt(dst, int64(p.Start), 10)
		dst = append(dst, `,"end":`...)
		dst = strconv.AppendInt(dst, int64(p.End), 10)
		dst = append(dst, '}')
	}
	return dst
}

const failedToExecute = `{"type":"illegal_argument_exception","reason":"failed to execute script"`

// AppendErrorObject implements Error.
func (e *ScriptError) AppendErrorObject(dst []byte, api API) []byte {
	if api == APIUpdate {
		dst = append(dst, failedToExecute...)
		dst = append(dst, `,"caused_by":`...)
		dst = e.AppendJSON(dst)
		return append(dst, '}')
	}
	return e.AppendJSON(dst)
}

// ResponseBody implements Error.
func (e *ScriptError) ResponseBody(api API) []byte {
	dst := make([]byte, 0, 512+2*len(e.Script))
	dst = append(dst, `{"error":{"root_cause":[`...)
	if api == APIUpdate {
		dst = append(dst, failedToExecute...)
		dst = append(dst, "}],"...)
		dst = append(dst, failedToExecute[1:]...)
		dst = append(dst, `,"caused_by":`...)
		dst = e.AppendJSON(dst)
	} else {
		dst = e.appendFields(dst)
		dst = append(dst, "}],"...)
		obj := e.AppendJSON(nil)
		dst = append(dst, obj[1:len(obj)-1]...)
	}
	return append(dst, `},"status":400}`...)
}

// Exception is an OpenSearch exception raised around a script rather than by it: a bad
// lang or compile option, the compilation rate limit, a self-referencing result.
type Exception struct {
	// Type is the exception name ("illegal_argument_exception").
	Type   string
	Reason string
	// Fields are extra keys written after reason, in order, with raw JSON values
	// (circuit_breaking_exception's bytes_wanted, bytes_limit and durability).
	Fields []Field
	// Cause is written as caused_by when set.
	Cause *Exception
	// HTTPStatus is the response status when this is the top-level error.
	HTTPStatus int
}

// Field is an extra key of an Exception with its raw JSON value.
type Field struct {
	Key   string
	Value string
}

func illegalArgument(reason string) *Exception {
	return &Exception{Type: "illegal_argument_exception", Reason: reason, HTTPStatus: 400}
}

// Error returns a one-line description.
func (e *Exception) Error() string { return e.Type + ": " + e.Reason }

// Status implements Error.
func (e *Exception) Status(api API) int {
	if api == APIUpdate {
		return 400
	}
	return e.HTTPStatus
}

func (e *Exception) appendObject(dst []byte, withCause bool) []byte {
	dst = append(dst, `{"type":`...)
	dst = jsonout.AppendString(dst, e.Type)
	dst = append(dst, `,"reason":`...)
	dst = jsonout.AppendString(dst, e.Reason)
	for _, f := range e.Fields {
		dst = append(dst, ',')
		dst = jsonout.AppendString(dst, f.Key)
		dst = append(dst, ':')
		dst = append(dst, f.Value...)
	}
	if withCause && e.Cause != nil {
		dst = append(dst, `,"caused_by":`...)
		dst = e.Cause.appendObject(dst, true)
	}
	return append(dst, '}')
}

// AppendErrorObject implements Error.
func (e *Exception) AppendErrorObject(dst []byte, api API) []byte {
	if api == APIUpdate {
		dst = append(dst, failedToExecute...)
		dst = append(dst, `,"caused_by":`...)
		dst = e.appendObject(dst, true)
		return append(dst, '}')
	}
	return e.appendObject(dst, true)
}

// ResponseBody implements Error. The root cause is the exception itself: its causes are
// plain Java exceptions, which OpenSearch does not descend into.
func (e *Exception) ResponseBody(api API) []byte {
	dst := []byte(`{"error":{"root_cause":[`)
	if api == APIUpdate {
		dst = append(dst, failedToExecute...)
		dst = append(dst, "}],"...)
		dst = append(dst, failedToExecute[1:]...)
		dst = append(dst, `,"caused_by":`...)
		dst = e.appendObject(dst, true)
		dst = append(dst, '}')
	} else {
		dst = e.appendObject(dst, false)
		dst = append(dst, "],"...)
		obj := e.appendObject(nil, true)
		dst = append(dst, obj[1:]...)
	}
	dst = append(dst, `,"status":`...)
	dst = strconv.AppendInt(dst, int64(e.Status(api)), 10)
	return append(dst, '}')
}

// compileErr is a compile problem at a byte offset of the source.
type compileErr struct {
	pos   int
	cause string // snake_case Java exception type
	msg   string
}

func errAt(pos int, msg string) *compileErr {
	return &compileErr{pos: pos, cause: "illegal_argument_exception", msg: msg}
}

// unsupportedAt is the compile error for real Painless the fake does not implement.
func unsupportedAt(pos int, what string) *compileErr {
	return errAt(pos, "[fake] unsupported Painless feature: "+what)
}

// javaThrowable is a Java exception raised while a script runs. It travels as a Go panic
// value from where it is thrown to a catch block or to Execute.
type javaThrowable struct {
	class string // simple class name: "NullPointerException"
	msg   string
	// painlessError marks a java.lang.Error (PainlessError from the loop counter,
	// StackOverflowError, OutOfMemoryError): catch (Exception e) does not catch it.
	painlessError bool
}

func throw(class, msg string) {
	panic(&javaThrowable{class: class, msg: msg, painlessError: strings.HasSuffix(class, "Error")})
}

func throwNPE(msg string)         { throw("NullPointerException", msg) }
func throwIAE(msg string)         { throw("IllegalArgumentException", msg) }
func throwCCE(from, to string)    { throw("ClassCastException", "Cannot cast "+from+" to "+to) }
func throwUnsupported(msg string) { throw("UnsupportedOperationException", msg) }

func throwIndex(i, n int) {
	throw("IndexOutOfBoundsException", "Index "+strconv.Itoa(i)+" out of bounds for length "+strconv.Itoa(n))
}

// snakeCase turns a Java class name into OpenSearch's exception type name.
func snakeCase(class string) string {
	var b strings.Builder
	for i := 0; i < len(class); i++ {
		c := class[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteByte(c + 'a' - 'A')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// utf16Offset converts a byte offset of src into Java's UTF-16 offset.
func utf16Offset(src string, byteOff int) int {
	if byteOff > len(src) {
		byteOff = len(src)
	}
	n := 0
	for _, r := range src[:byteOff] {
		if r >= 0x10000 && r <= utf8.MaxRune {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// utf16Slice returns the characters of src between two UTF-16 offsets.
func utf16Slice(src string, start, end int) string {
	u := utf16.Encode([]rune(src))
	if end > len(u) {
		end = len(u)
	}
	if start > end {
		start = end
	}
	return string(utf16.Decode(u[start:end]))
}

func utf16Len(src string) int { return utf16Offset(src, len(src)) }

// compileError builds the script_exception OpenSearch gives for a compile error: a
// snippet of 25 characters either side of the offset, cut with "... " and " ...".
func compileError(src string, ce *compileErr) *ScriptError {
	off := utf16Offset(src, ce.pos)
	start := max(0, off-25)
	end := min(utf16Len(src), off+25)
	var snippet strings.Builder
	if start > 0 {
		snippet.WriteString("... ")
	}
	snippet.WriteString(utf16Slice(src, start, end))
	if end < utf16Len(src) {
		snippet.WriteString(" ...")
	}
	pointer := strings.Repeat(" ", off-start) + "^---- HERE"
	if start > 0 {
		pointer = "    " + pointer
	}
	return &ScriptError{
		Reason:      "compile error",
		ScriptStack: []string{snippet.String(), pointer},
		Script:      src,
		Lang:        "painless",
		Position:    &Position{Offset: off, Start: start, End: end},
		CausedBy:    Cause{Type: ce.cause, Reason: ce.msg},
	}
}

// runtimeError builds the script_exception for an exception at byte offset pos: the
// snippet runs from the last statement starting at or before pos to the next statement
// start (or the end of the script), as Painless cuts it.
func (s *Script) runtimeError(t *javaThrowable, pos int) *ScriptError {
	start := 0
	for _, st := range s.stmtStarts {
		if st <= pos {
			start = st
		} else {
			break
		}
	}
	end := len(s.source)
	for _, st := range s.stmtStarts {
		if st > start {
			end = st
			break
		}
	}
	off, us, ue := utf16Offset(s.source, pos), utf16Offset(s.source, start), utf16Offset(s.source, end)
	return &ScriptError{
		Reason:      "runtime error",
		ScriptStack: []string{s.source[start:end], strings.Repeat(" ", off-us) + "^---- HERE"},
		Script:      s.source,
		Lang:        "painless",
		Position:    &Position{Offset: off, Start: us, End: ue},
		CausedBy:    Cause{Type: snakeCase(t.class), Reason: t.msg, NullReason: t.msg == ""},
	}
}
