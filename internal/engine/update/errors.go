package update

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// TypeScript is the exception name of a Painless compile or runtime failure.
const TypeScript = "script_exception"

// ScriptError converts a failure of the painless package into the API error
// OpenSearch renders: a script_exception with script_stack, script, lang,
// position and the Java cause, or the exception raised around the script.
// Update wraps it in "failed to execute script"; the by-query APIs and
// reindex return it as is.
func ScriptError(err error) *apierr.Error {
	var se *painless.ScriptError
	if errors.As(err, &se) {
		stack := make([]any, len(se.ScriptStack))
		for i, l := range se.ScriptStack {
			stack[i] = l
		}
		meta := []apierr.Meta{{Key: "script_stack", Value: stack}, {Key: "script", Value: se.Script}, {Key: "lang", Value: se.Lang}}
		if p := se.Position; p != nil {
			meta = append(meta, apierr.Meta{Key: "position", Value: jsonout.Object{{Key: "offset", Value: p.Offset}, {Key: "start", Value: p.Start}, {Key: "end", Value: p.End}}})
		}
		e := &apierr.Error{Status: 400, Type: TypeScript, Reason: se.Reason, Meta: meta}
		if se.CausedBy.NullReason {
			// apierr writes reasons as strings; a Java exception without a
			// message is printed with "reason":null.
			raw := `{"type":` + strconv.Quote(se.CausedBy.Type) + `,"reason":null}`
			e.Meta = append(e.Meta, apierr.Meta{Key: "caused_by", Value: json.RawMessage(raw)})
			return e
		}
		return e.WithCause(&apierr.Error{Status: 500, Type: se.CausedBy.Type, Reason: se.CausedBy.Reason})
	}
	var ex *painless.Exception
	if errors.As(err, &ex) {
		return fromException(ex)
	}
	return apierr.IllegalArgument("%s", err.Error())
}

func fromException(ex *painless.Exception) *apierr.Error {
	e := &apierr.Error{Status: ex.HTTPStatus, Type: ex.Type, Reason: ex.Reason}
	if e.Status == 0 {
		e.Status = apierr.StatusOf(ex.Type)
	}
	for _, f := range ex.Fields {
		e.Meta = append(e.Meta, apierr.Meta{Key: f.Key, Value: json.RawMessage(f.Value)})
	}
	if ex.Cause != nil {
		e.Cause = fromException(ex.Cause)
	}
	return e
}
