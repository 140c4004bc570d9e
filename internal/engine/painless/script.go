package painless

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DefaultMaxLoopCounter is Painless's default budget of loop iterations per function.
const DefaultMaxLoopCounter = 1_000_000

// CompileOptions are the compile-time settings of a script: the "options" object of a
// script request plus the names the API binds.
type CompileOptions struct {
	// Options is the script's "options" map. Painless knows max_loop_counter (an integer;
	// 0 disables the budget), picky and initial_call_site_depth; any other key is the
	// error "Unrecognized compile-time parameter(s)".
	Options map[string]string
	// Vars names variables the API binds besides ctx and params (none for update,
	// update_by_query and reindex).
	Vars []string
	// ReturnsValue compiles for a context whose execute method returns a value: a trailing
	// bare value is the result and `return x` is allowed. Update, update_by_query and
	// reindex scripts are void (false): there `return 1` and a trailing `x + 1` are
	// compile errors, as in OpenSearch.
	ReturnsValue bool
	// NoCtx leaves ctx out of the bound names: search scripts have doc and params (and
	// _score where there is one) but no ctx.
	NoCtx bool
	// Returns, when set, is the execute method's return type ("boolean", "double",
	// "String"): a returned value whose static type cannot be cast to it is a compile
	// error, as in Painless (run with the same ExecOptions.Returns for def values).
	Returns string
	// MovingFunctions allowlists the MovingFunctions class (moving_fn
	// scripts); elsewhere it is an unknown symbol, as in OpenSearch.
	MovingFunctions bool
	// Processors whitelists the ingest context's Processors class
	// (bytes, lowercase, uppercase, json, urlDecode).
	Processors bool
	// ScoreFunctions whitelists the score context's functions: saturation,
	// sigmoid, decayNumeric* and decayDate*.
	ScoreFunctions bool
	// Emit whitelists the derived field context's emit(Object) and
	// emit(double lat, double lon); ExecOptions.Emit receives the values.
	Emit bool
}

// ExecOptions are per-call settings.
type ExecOptions struct {
	// Now is the clock for System.currentTimeMillis(); the zero value means time.Now.
	Now func() time.Time
	// Returns is the declared return type of the context's execute method, which the
	// result is cast to as Painless casts a def return value: "boolean" (filter
	// scripts), "double" (score and number sort scripts), "String" (string sort
	// scripts); "" keeps the value (Object).
	Returns string
	// Warn, when set, receives the deprecation warnings the script's calls log
	// (JodaCompatibleZonedDateTime's Joda-era methods).
	Warn func(msg string)
	// Score is the document and shard a score script runs on, for the
	// functions that read them (randomScore, termFreq...); nil elsewhere.
	Score ScoreHost
	// Emit receives each emit call's arguments in native form (a geo point's
	// two as float64); a non-nil result is thrown in the script.
	Emit func(args []any) *Thrown
}

// Thrown is a Java exception a host callback throws inside a script.
type Thrown struct{ Class, Msg string }

// Script is a compiled script. It is immutable and safe for concurrent Execute calls.
type Script struct {
	source         string
	main           *funcDef
	stmtStarts     []int
	maxLoopCounter int
	globals        []string
	used           map[string]bool // bound names the script refers to
}

// Source returns the script text.
func (s *Script) Source() string { return s.source }

// Compile parses and checks a Painless script. A syntax error, an unresolved name or a
// feature the fake does not support is a *ScriptError with reason "compile error"; an
// unknown compile option is an *Exception (general_script_exception, as OpenSearch's
// script cache reports it, with the option problem as its cause).
func Compile(source string, opts CompileOptions) (*Script, error) {
	loop, cause := compileSettings(opts.Options)
	if cause != nil {
		// OpenSearch's script cache wraps engine failures that are not script_exceptions
		return nil, &Exception{Type: "general_script_exception",
			Reason: "Failed to compile inline script [" + source + "] using lang [painless]", Cause: cause, HTTPStatus: 500}
	}
	globals := append([]string{"params", "ctx"}, opts.Vars...)
	if opts.NoCtx {
		globals = append([]string{"params"}, opts.Vars...)
	}
	var main *funcDef
	var starts []int
	var cerr *compileErr
	if r, ok := typeNames[opts.Returns]; ok && opts.Returns != "" {
		main, starts, cerr = parseAs(source, globals, r.t, contextFeatures{opts.Processors, opts.ScoreFunctions, opts.MovingFunctions, opts.Emit})
	} else {
		main, starts, cerr = parse(source, globals, opts.ReturnsValue, contextFeatures{opts.Processors, opts.ScoreFunctions, opts.MovingFunctions, opts.Emit})
	}
	if cerr != nil {
		return nil, compileError(source, cerr)
	}
	return &Script{source: source, main: main, stmtStarts: starts, maxLoopCounter: loop, globals: globals, used: usedNames(source, globals)}, nil
}

// usedNames lists the bound names the script refers to: identifiers that are not a
// member name after a dot (the script compiled, so the lexer succeeds).
func usedNames(source string, globals []string) map[string]bool {
	toks, _ := lex(source)
	used := map[string]bool{}
	for i, t := range toks {
		if t.kind != tIdent || (i > 0 && toks[i-1].kind == tOp && (toks[i-1].text == "." || toks[i-1].text == "?.")) {
			continue
		}
		for _, g := range globals {
			if t.text == g {
				used[g] = true
			}
		}
	}
	return used
}

// Uses reports whether the script refers to a bound name (ScoreScript's needs_score is
// whether it reads _score).
func (s *Script) Uses(name string) bool { return s.used[name] }

// compileSettings reads the options Painless accepts, as PainlessScriptEngine does.
func compileSettings(options map[string]string) (int, *Exception) {
	loop := DefaultMaxLoopCounter
	var unknown []string
	for k, v := range options {
		switch k {
		case "max_loop_counter":
			n, err := strconv.Atoi(v)
			if err != nil {
				return 0, &Exception{Type: "number_format_exception", Reason: "For input string: \"" + v + "\""}
			}
			loop = n
		case "picky", "initial_call_site_depth":
		default:
			unknown = append(unknown, k+"="+v)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return 0, illegalArgument("Unrecognized compile-time parameter(s): {" + strings.Join(unknown, ", ") + "}")
	}
	return loop, nil
}

// run is the state of one execution, shared by every frame of it.
type run struct {
	script *Script
	pos    int // byte offset of the node that last started an operation that may throw
	depth  int
	calls  int // user function and lambda calls so far, bounded so no script runs forever
	now    func() time.Time
	warn   func(msg string) // nil: warnings are dropped
	score  ScoreHost        // nil outside score scripts
	emit   func(args []any) *Thrown
}

// env is one frame: the slots of a function, lambda or the script body.
type env struct {
	slots []any
	r     *run
	ret   any
	// loops is this frame's loop budget: Painless keeps one counter per function (the
	// script body, each user function call, each lambda call), one iteration costs 1.
	loops int
}

// Execute runs the script. vars must hold "params" and "ctx" (and any CompileOptions.Vars).
//
// ctx may be a *Map, used and mutated directly (the fast path, which keeps key order), or
// a map[string]any of plain decoded JSON: it is converted with FromGo, and after the run
// every ctx key is written back with ToGo (keys the script removed are deleted), so the
// caller reads the new "_source", "op", "_id" and so on from its own map. params may be a
// *Map or a map[string]any; its top level is read-only to the script, as in OpenSearch.
//
// The result is the script's value in native form: always nil for update scripts (their
// execute is void), the returned or trailing value with CompileOptions.ReturnsValue. A
// failure of the script is a *ScriptError with reason "runtime error"; a value that cannot
// be converted is a plain error; a plain ctx the script made unwritable (a cycle) is an
// *Exception.
func (s *Script) Execute(vars map[string]any, opts ExecOptions) (result any, err error) {
	r := &run{script: s, now: opts.Now, warn: opts.Warn, score: opts.Score, emit: opts.Emit}
	if r.now == nil {
		r.now = time.Now
	}
	e := &env{slots: make([]any, s.main.nslots), r: r, loops: s.maxLoopCounter}
	var plainCtx map[string]any
	for i, g := range s.globals {
		v := vars[g]
		switch g {
		case "ctx":
			if pm, ok := v.(map[string]any); ok {
				plainCtx = pm
			}
		case "params":
			if v == nil {
				v = NewMap(0)
			}
		}
		cv, err := FromGo(v)
		if err != nil {
			return nil, err
		}
		if g == "params" {
			cv = frozenParams(cv)
		}
		e.slots[i] = cv
	}
	defer func() {
		if rec := recover(); rec != nil {
			t, ok := rec.(*javaThrowable)
			if !ok {
				panic(rec)
			}
			result, err = nil, s.runtimeError(t, r.pos)
		}
		if plainCtx != nil {
			if m, ok := e.slots[1].(*Map); ok {
				if cerr := checkEncodable(m); cerr != nil {
					err = cerr
					return
				}
				writeBack(plainCtx, m)
			}
		}
	}()
	c := execBlock(e, s.main.body)
	if opts.Returns != "" {
		t := typeNames[opts.Returns].t
		if c != ctlReturn {
			// the execute method returns the default value when the script
			// ends without a value (Painless's auto-return): 0.0, false, null
			e.ret = zeroValue(t)
		}
		e.ret = convertForStore(e.ret, t)
	}
	return e.ret, nil
}

// FrozenParams returns params as Execute binds them (the top level read-only), so a
// caller running a script many times can convert once: Execute passes a frozen map as is.
func FrozenParams(m *Map) *Map { return frozenParams(m).(*Map) }

// frozenParams makes the top level of params read-only without touching the caller's map.
func frozenParams(v any) any {
	m, ok := v.(*Map)
	if !ok || (m.readOnly && m.roReason == "" && m.frozen) {
		return v
	}
	c := &Map{keys: m.keys, vals: m.vals, index: m.index, class: m.class, readOnly: true, hashed: m.hashed, capacity: m.capacity, hashes: m.hashes, frozen: true}
	return c
}

func writeBack(dst map[string]any, m *Map) {
	for k := range dst {
		if _, ok := m.Get(k); !ok {
			delete(dst, k)
		}
	}
	for i, k := range m.keys {
		ks, ok := k.(string)
		if !ok {
			ks = javaString(k)
		}
		dst[ks] = ToGo(m.vals[i])
	}
}

func execBlock(e *env, body []stmt) ctl {
	for _, s := range body {
		if c := s.exec(e); c != ctlNext {
			return c
		}
	}
	return ctlNext
}

// charge takes one loop iteration from the frame's budget, as Painless's loop counter
// does (decrement, then fail when it is no longer positive).
func (e *env) charge(pos int) {
	if e.r.script.maxLoopCounter <= 0 {
		return
	}
	e.loops--
	if e.loops <= 0 {
		e.r.pos = pos
		panic(&javaThrowable{class: "PainlessError", msg: "The maximum number of statements that can be executed in a loop has been reached.", painlessError: true})
	}
}

// ---- statements ----

func (s *exprStmt) exec(e *env) ctl { s.x.eval(e); return ctlNext }

func (s *declStmt) exec(e *env) ctl {
	for i, slot := range s.slots {
		if s.inits[i] == nil {
			e.slots[slot] = zeroValue(s.types[i])
			continue
		}
		v := s.inits[i].eval(e)
		e.r.pos = s.inits[i].loc()
		e.slots[slot] = convertForStore(v, s.types[i])
	}
	return ctlNext
}

func (s *blockStmt) exec(e *env) ctl { return execBlock(e, s.body) }

func (s *ifStmt) exec(e *env) ctl {
	if cond(e, s.cond, s.cond.loc()) {
		return s.then.exec(e)
	}
	if s.els != nil {
		return s.els.exec(e)
	}
	return ctlNext
}

// cond evaluates a condition, which must be a boolean.
func cond(e *env, x expr, pos int) bool {
	v := x.eval(e)
	if b, ok := v.(bool); ok {
		return b
	}
	e.r.pos = pos
	defCastError("", v, "boolean") // Def.defToboolean
	return false
}

func (s *whileStmt) exec(e *env) ctl {
	if s.isDo {
		for {
			e.charge(s.p)
			c := s.body.exec(e)
			if c == ctlBreak {
				return ctlNext
			}
			if c == ctlReturn {
				return c
			}
			if !cond(e, s.cond, s.cond.loc()) {
				return ctlNext
			}
		}
	}
	for cond(e, s.cond, s.cond.loc()) {
		e.charge(s.p)
		c := s.body.exec(e)
		if c == ctlBreak {
			break
		}
		if c == ctlReturn {
			return c
		}
	}
	return ctlNext
}

func (s *forStmt) exec(e *env) ctl {
	if s.init != nil {
		s.init.exec(e)
	}
	for s.cond == nil || cond(e, s.cond, s.cond.loc()) {
		e.charge(s.p)
		c := s.body.exec(e)
		if c == ctlBreak {
			break
		}
		if c == ctlReturn {
			return c
		}
		if s.update != nil {
			s.update.eval(e)
		}
	}
	return ctlNext
}

func (s *forEachStmt) exec(e *env) ctl {
	coll := s.iter.eval(e)
	e.r.pos = s.p
	// Java's iterators: hasNext compares the cursor with the current size (ArrayList) or
	// asks for a precomputed next node (HashMap views); next() fails with
	// ConcurrentModificationException once the collection changed structurally.
	var items []any
	var mods func() int
	if dv, ok := coll.(*docValues); ok {
		coll = dv.list()
	}
	switch c := coll.(type) {
	case *List:
		if c.array {
			items = c.Items
			break
		}
		expected := c.mods
		for i := 0; i != len(c.Items); i++ {
			if c.mods != expected || i > len(c.Items) {
				e.r.pos = s.p
				throw("ConcurrentModificationException", "")
			}
			if ctlv := s.step(e, c.Items[i]); ctlv != ctlNext {
				return loopExit(ctlv)
			}
		}
		return ctlNext
	case *Set:
		items = c.iter()
		if c.owner != nil {
			mods = func() int { return c.owner.mods }
		} else {
			mods = func() int { return c.mods }
		}
	case nil:
		throwNPE("cannot access method/field [iterator] from a null def reference")
	case string:
		throwIAE("Cannot iterate over [java.lang.String]")
	default:
		throwIAE("Cannot iterate over [" + className(coll) + "]")
	}
	items = append([]any(nil), items...)
	expected := 0
	if mods != nil {
		expected = mods()
	}
	for _, it := range items {
		if mods != nil && mods() != expected {
			e.r.pos = s.p
			throw("ConcurrentModificationException", "")
		}
		if ctlv := s.step(e, it); ctlv != ctlNext {
			return loopExit(ctlv)
		}
	}
	return ctlNext
}

// loopExit maps how a loop body ended to how the loop statement ends.
func loopExit(c ctl) ctl {
	if c == ctlBreak {
		return ctlNext
	}
	return c
}

// step runs one iteration with v bound to the loop variable; it returns ctlNext to go on.
func (s *forEachStmt) step(e *env, v any) ctl {
	e.charge(s.p)
	e.r.pos = s.p
	e.slots[s.slot] = convertForStore(v, s.t)
	switch c := s.body.exec(e); c {
	case ctlBreak:
		return ctlBreak
	case ctlReturn:
		return ctlReturn
	}
	return ctlNext
}

func (s *returnStmt) exec(e *env) ctl {
	if s.x != nil {
		e.ret = s.x.eval(e)
	} else {
		e.ret = nil
	}
	return ctlReturn
}

func (*breakStmt) exec(*env) ctl    { return ctlBreak }
func (*continueStmt) exec(*env) ctl { return ctlContinue }

func (s *throwStmt) exec(e *env) ctl {
	v := s.x.eval(e)
	e.r.pos = s.p
	t, ok := v.(*javaThrowable)
	if !ok {
		if v == nil {
			throwNPE("Cannot throw null")
		}
		throwCCE(className(v), "java.lang.Throwable")
	}
	panic(t)
}

func (s *tryStmt) exec(e *env) (c ctl) {
	caught, c := s.runBody(e)
	if caught == nil {
		return c
	}
	for _, cc := range s.catches {
		if catches(cc.class, caught) {
			e.slots[cc.slot] = caught
			return execBlock(e, cc.body.body)
		}
	}
	panic(caught)
}

func (s *tryStmt) runBody(e *env) (caught *javaThrowable, c ctl) {
	defer func() {
		if rec := recover(); rec != nil {
			t, ok := rec.(*javaThrowable)
			if !ok || t.painlessError {
				panic(rec)
			}
			caught = t
		}
	}()
	return nil, execBlock(e, s.body.body)
}

// catches reports whether a catch clause for class catches t, following Java's hierarchy
// for the exceptions scripts raise.
func catches(class string, t *javaThrowable) bool {
	if class == "Exception" || class == t.class {
		return true
	}
	switch class {
	case "RuntimeException":
		return true // every exception a script raises is unchecked
	case "IllegalArgumentException":
		return t.class == "NumberFormatException"
	case "IndexOutOfBoundsException":
		return t.class == "ArrayIndexOutOfBoundsException" || t.class == "StringIndexOutOfBoundsException"
	}
	return false
}

// ---- functions and lambdas ----

const maxCallDepth = 10_000

// maxCalls bounds the function and lambda calls of one execution (a fake's safeguard).
const maxCalls = 10_000_000

func (x *fnCallExpr) static() typ {
	if x.hosted != nil {
		return x.hostedRet
	}
	if x.emit > 0 {
		return tyVoid
	}
	if x.builtin != nil {
		return tyDouble
	}
	if x.fn == nil { // a function declared further down: known only after parsing
		return tyDef
	}
	return x.fn.ret
}

func (x *fnCallExpr) eval(e *env) any {
	args := make([]any, len(x.args))
	for i, a := range x.args {
		args[i] = a.eval(e)
	}
	e.r.pos = x.p
	if x.hosted != nil {
		if e.r.score == nil {
			throw("UnsupportedOperationException", "["+x.name+"] is only available to score scripts")
		}
		return x.hosted(e.r.score, args)
	}
	if x.builtin != nil {
		return x.builtin(args)
	}
	if x.emit > 0 {
		return emitCall(e.r, args)
	}
	return callFunc(e.r, x.fn, nil, args)
}

// callFunc runs a user function or lambda with its own frame.
func callFunc(r *run, fn *funcDef, captured []any, args []any) any {
	if len(args) != fn.nparams {
		throwIAE("Incorrect number of parameters for [" + fn.name + "]: expected [" + strconv.Itoa(fn.nparams) + "] but found [" + strconv.Itoa(len(args)) + "]")
	}
	// Calls get a fresh loop budget, so bound their total to make sure runaway recursion
	// (fib(40)) ends; the JVM would just take very long.
	r.calls++
	if r.calls > maxCalls && r.script.maxLoopCounter > 0 {
		panic(&javaThrowable{class: "PainlessError", msg: "The maximum number of statements that can be executed in a loop has been reached.", painlessError: true})
	}
	r.depth++
	if r.depth > maxCallDepth {
		r.depth = 0
		throw("StackOverflowError", "")
	}
	defer func() { r.depth-- }()
	f := &env{slots: make([]any, fn.nslots), r: r, loops: r.script.maxLoopCounter}
	for i, a := range args {
		f.slots[i] = convertForStore(a, fn.params[i])
	}
	for i, c := range fn.captures {
		f.slots[c.inner] = captured[i]
	}
	if fn.exprBody != nil {
		return fn.exprBody.eval(f)
	}
	execBlock(f, fn.body)
	if fn.ret == tyVoid {
		return nil
	}
	return convertForStore(f.ret, fn.ret)
}

func (x *lambdaExpr) static() typ { return tyDef }

func (x *lambdaExpr) eval(e *env) any {
	c := &closure{fn: x.fn, run: e.r}
	if len(x.fn.captures) > 0 {
		c.captured = make([]any, len(x.fn.captures))
		for i, cp := range x.fn.captures {
			c.captured[i] = e.slots[cp.outer]
		}
	}
	return c
}

// call invokes a lambda passed to a built-in method.
func (c *closure) call(args ...any) any {
	return callFunc(c.run, c.fn, c.captured, args)
}

// asClosure checks that a built-in's functional argument is a lambda of the given arity.
// function is what a built-in calls back: a lambda or a method reference.
type function interface {
	call(args ...any) any
}

func asClosure(v any, arity int, method string) function {
	switch c := v.(type) {
	case *closure:
		if c.fn.nparams != arity {
			throwIAE("Incorrect number of parameters for [" + method + "]: expected [" + strconv.Itoa(arity) + "] but found [" + strconv.Itoa(c.fn.nparams) + "]")
		}
		return c
	case *methodRef:
		return c
	case nil:
		throwNPE("cannot invoke [" + method + "] with a null function")
	}
	throwCCE(className(v), "java.util.function.Function")
	return nil
}

// Error describes the exception (it travels as a panic value, not as an error).
func (e *javaThrowable) Error() string { return fmt.Sprintf("%s: %s", e.class, e.msg) }

// emitCall runs emit: emit(double, double) casts its arguments as a method
// taking doubles does; the values reach the host in native form.
func emitCall(r *run, args []any) any {
	out := make([]any, len(args))
	for i, a := range args {
		if len(args) == 2 {
			a = convertForStore(a, tyDouble)
		}
		out[i] = ToGo(a)
	}
	if r.emit == nil {
		throw("IllegalStateException", "emit is not available in this context")
	}
	if t := r.emit(out); t != nil {
		throw(t.Class, t.Msg)
	}
	return nil
}
