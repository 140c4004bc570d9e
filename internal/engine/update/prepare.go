package update

import (
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// Op is what an update does to the document.
type Op int

// The outcomes of an update.
const (
	Noop    Op = iota // nothing written; result "noop"
	Index             // the document is replaced; result "updated"
	Create            // the document is created (upsert); result "created"
	Delete            // the document is deleted (script ctx.op = "delete"); result "deleted"
	Missing           // no document and no upsert: document_missing_exception
)

// Script is a parsed script object ("script": "..." or {"source", "lang", "params", "options"}).
type Script struct {
	Source string // inline source; empty for a stored script
	ID     string // stored script id
	Lang   string
	// Params is the params object as JSON (nil when absent). It is parsed for
	// every execution, so a script that changes nested params cannot leak
	// into another run.
	Params  []byte
	Options map[string]string
}

// Request is the body of an update after parsing.
type Request struct {
	Doc            []byte // partial document (JSON object), nil when absent
	Upsert         []byte // document to create when missing, nil when absent
	DocAsUpsert    bool
	ScriptedUpsert bool
	DetectNoop     bool
	Script         *Script
}

// Current is the document as the update found it (realtime).
type Current struct {
	Found   bool
	Source  []byte
	Index   string
	ID      string
	Routing string
	Version int64
}

// Outcome is what Prepare decided.
type Outcome struct {
	Op Op
	// Source is the document to write for Index and Create, and the source the
	// response's get block shows for Noop and Delete.
	Source []byte
	// MissingNoop marks a scripted upsert that chose not to create: the
	// response then carries the missing document's get result.
	MissingNoop bool
}

// Scripts compiles update scripts; *painless.Cache implements it.
type Scripts interface {
	Compile(lang, context, source string, opts painless.CompileOptions) (*painless.Script, error)
}

// StoredScripts is implemented by Scripts that can read the stored scripts
// of the cluster state.
type StoredScripts interface {
	StoredScript(id string) (lang, source string, options map[string]string, ok bool)
}

// Resolve returns the script to compile: s itself, or for a stored script
// (an id) a copy holding the stored language, source and options; a
// missing one is ScriptService's resource_not_found.
func Resolve(s *Script, scripts any) (*Script, *apierr.Error) {
	if s == nil || s.ID == "" {
		return s, nil
	}
	if st, ok := scripts.(StoredScripts); ok {
		if lang, source, options, found := st.StoredScript(s.ID); found {
			cp := *s
			cp.Lang, cp.Source, cp.Options = lang, source, options
			return &cp, nil
		}
	}
	return nil, apierr.New(apierr.TypeResourceNotFound, "unable to find script ["+s.ID+"] in cluster state")
}

// Prepare decides the outcome of req against cur, as UpdateHelper.prepare.
// now is the clock for ctx._now and the script's currentTimeMillis.
func Prepare(req *Request, cur Current, now time.Time, scripts Scripts) (Outcome, *apierr.Error) {
	if !cur.Found {
		return prepareUpsert(req, cur, now, scripts)
	}
	if req.Script == nil {
		return prepareDoc(req, cur)
	}
	return prepareScript(req, cur, now, scripts)
}

func prepareUpsert(req *Request, cur Current, now time.Time, scripts Scripts) (Outcome, *apierr.Error) {
	if req.Upsert == nil && !req.DocAsUpsert {
		return Outcome{Op: Missing}, nil
	}
	if req.DocAsUpsert {
		return Outcome{Op: Create, Source: req.Doc}, nil
	}
	if !req.ScriptedUpsert || req.Script == nil {
		return Outcome{Op: Create, Source: req.Upsert}, nil
	}
	// The upsert document reaches the script as a HashMap (sourceAsMap).
	src, err := sourceAsMap(req.Upsert, painless.ParseJSONHashMap)
	if err != nil {
		return Outcome{}, err
	}
	ctx := painless.NewMap(4)
	ctx.Set("op", "create")
	ctx.Set("_source", src)
	ctx.Set("_now", now.UnixMilli())
	op, out, e := run(req.Script, ctx, now, scripts)
	if e != nil {
		return Outcome{}, e
	}
	// Anything but create (delete included) does nothing for a missing document.
	if op != "create" {
		return Outcome{Op: Noop, MissingNoop: true}, nil
	}
	return Outcome{Op: Create, Source: out}, nil
}

func prepareDoc(req *Request, cur Current) (Outcome, *apierr.Error) {
	src, err := sourceAsMap(cur.Source, painless.ParseJSON)
	if err != nil {
		return Outcome{}, err
	}
	// The changes are parsed unordered (sourceAsMap), so new keys arrive in
	// Java HashMap order.
	changes, err := sourceAsMap(req.Doc, painless.ParseJSONHashMap)
	if err != nil {
		return Outcome{}, err
	}
	if !Merge(src, changes, req.DetectNoop) && req.DetectNoop {
		return Outcome{Op: Noop, Source: cur.Source}, nil
	}
	return Outcome{Op: Index, Source: painless.AppendJSON(nil, src)}, nil
}

func prepareScript(req *Request, cur Current, now time.Time, scripts Scripts) (Outcome, *apierr.Error) {
	src, err := sourceAsMap(cur.Source, painless.ParseJSON)
	if err != nil {
		return Outcome{}, err
	}
	ctx := painless.NewMap(8)
	ctx.Set("op", "index")
	ctx.Set("_index", cur.Index)
	ctx.Set("_id", cur.ID)
	ctx.Set("_version", cur.Version)
	if cur.Routing != "" {
		ctx.Set("_routing", cur.Routing)
	} else {
		ctx.Set("_routing", nil)
	}
	ctx.Set("_source", src)
	ctx.Set("_now", now.UnixMilli())
	op, out, e := run(req.Script, ctx, now, scripts)
	if e != nil {
		return Outcome{}, e
	}
	switch op {
	case "index":
		return Outcome{Op: Index, Source: out}, nil
	case "delete":
		return Outcome{Op: Delete, Source: out}, nil
	}
	// create, none, noop and unknown values are a no-op (lenientFromString).
	return Outcome{Op: Noop, Source: out}, nil
}

// run compiles and executes the script on ctx and returns ctx.op and the
// encoded ctx._source.
func run(s *Script, ctx *painless.Map, now time.Time, scripts Scripts) (string, []byte, *apierr.Error) {
	s, rerr := Resolve(s, scripts)
	if rerr != nil {
		return "", nil, failedToExecute(rerr)
	}
	compiled, err := scripts.Compile(s.Lang, "update", s.Source, painless.CompileOptions{Options: s.Options})
	if err != nil {
		return "", nil, failedToExecute(ScriptError(err))
	}
	var params any
	if s.Params != nil {
		if params, err = painless.ParseJSONHashMap(s.Params); err != nil {
			return "", nil, badSource(err)
		}
	}
	if _, err := compiled.Execute(map[string]any{"ctx": ctx, "params": params}, painless.ExecOptions{Now: func() time.Time { return now }}); err != nil {
		return "", nil, failedToExecute(ScriptError(err))
	}
	opv, _ := ctx.Get("op")
	op, ok := opv.(string)
	if !ok {
		if opv == nil {
			return "", nil, apierr.New("null_pointer_exception", "Cannot invoke \"String.hashCode()\" because \"operation\" is null")
		}
		return "", nil, apierr.New("class_cast_exception", "class "+javaClass(opv)+" cannot be cast to class java.lang.String")
	}
	sv, _ := ctx.Get("_source")
	src, ok := sv.(*painless.Map)
	if !ok {
		if sv == nil {
			return op, nil, apierr.New("null_pointer_exception", "Cannot invoke \"java.util.Map.size()\" because \"source\" is null")
		}
		return "", nil, apierr.New("class_cast_exception", "class "+javaClass(sv)+" cannot be cast to class java.util.Map")
	}
	out, err := painless.EncodeJSON(src)
	if err != nil {
		return "", nil, ScriptError(err)
	}
	return op, out, nil
}

// javaClass names the Java class of a script value, for cast messages.
func javaClass(v any) string {
	switch v.(type) {
	case bool:
		return "java.lang.Boolean"
	case int32:
		return "java.lang.Integer"
	case int64:
		return "java.lang.Long"
	case float32:
		return "java.lang.Float"
	case float64:
		return "java.lang.Double"
	case string:
		return "java.lang.String"
	case *painless.List:
		return "java.util.ArrayList"
	case *painless.Map:
		return "java.util.LinkedHashMap"
	}
	return "java.lang.Object"
}

// sourceAsMap parses a source that must be a JSON object with parse
// (painless.ParseJSON keeps its key order, painless.ParseJSONHashMap gives
// a HashMap's).
func sourceAsMap(b []byte, parse func([]byte) (any, error)) (*painless.Map, *apierr.Error) {
	v, err := parse(b)
	if err != nil {
		return nil, badSource(err)
	}
	m, ok := v.(*painless.Map)
	if !ok {
		return nil, badSource(nil)
	}
	return m, nil
}

func badSource(err error) *apierr.Error {
	msg := "the document source is not a JSON object"
	if err != nil {
		msg = err.Error()
	}
	return apierr.MapperParsing("failed to parse").WithCause(apierr.New(apierr.TypeParse, msg))
}

// failedToExecute wraps a script failure as UpdateHelper does.
func failedToExecute(cause *apierr.Error) *apierr.Error {
	return apierr.IllegalArgument("failed to execute script").WithCause(cause)
}
