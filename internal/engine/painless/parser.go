package painless

import (
	"strconv"
	"strings"
)

// maxNesting bounds recursion in the parser so hostile input gets an error, not a
// stack overflow.
const maxNesting = 200

// parser is a recursive-descent parser that resolves names while it parses. Compile
// errors travel as panics of *compileErr and are recovered in parse.
type parser struct {
	src   string
	toks  []token
	i     int
	depth int
	fn    *fnScope
	funcs map[string]*funcDef
	// calls to user functions, checked once every function is known
	pending     []*fnCallExpr
	pendingRefs []*methodRefExpr
	funcList    []*funcDef
	stmtStarts  []int
	// deferred is the first semantic error found while parsing.
	deferred *compileErr
	// ret is the return type of the context's execute method: void for update scripts,
	// else the last statement may be a bare value, which is cast to it (def: Object).
	ret typ
	// processors allows the ingest context's Processors class.
	processors bool
	// scoreFns allows the score context's functions (saturation, decay...).
	scoreFns bool
	// movingFunctions allows the MovingFunctions class (moving_fn scripts).
	movingFunctions bool
	// emit allows the derived field context's emit functions.
	emit bool
}

type local struct {
	slot int
	t    typ
}

// fnScope tracks the locals of the function being parsed.
type fnScope struct {
	parent *fnScope // the enclosing function of a lambda
	blocks []map[string]local
	def    *funcDef
}

func (f *fnScope) declare(name string, t typ) int {
	slot := f.def.nslots
	f.def.nslots++
	f.blocks[len(f.blocks)-1][name] = local{slot, t}
	return slot
}

// resolve finds a local; a lambda that uses a local of an enclosing function captures it.
func (f *fnScope) resolve(name string) (local, bool) {
	for i := len(f.blocks) - 1; i >= 0; i-- {
		if l, ok := f.blocks[i][name]; ok {
			return l, true
		}
	}
	if f.parent == nil {
		return local{}, false
	}
	outer, ok := f.parent.resolve(name)
	if !ok {
		return local{}, false
	}
	slot := f.def.nslots
	f.def.nslots++
	f.blocks[0][name] = local{slot, outer.t}
	f.def.captures = append(f.def.captures, capture{outer: outer.slot, inner: slot})
	return local{slot, outer.t}, true
}

// parse compiles src into the script body, the user functions and the statement starts.
func parse(src string, globals []string, returnsValue bool, ctx contextFeatures) (main *funcDef, stmtStarts []int, cerr *compileErr) {
	ret := tyVoid
	if returnsValue {
		ret = tyDef
	}
	return parseAs(src, globals, ret, ctx)
}

// contextFeatures are the script context's own classes and functions.
type contextFeatures struct{ processors, scoreFns, movingFunctions, emit bool }

// parseAs is parse for an execute method returning ret.
func parseAs(src string, globals []string, ret typ, ctx contextFeatures) (main *funcDef, stmtStarts []int, cerr *compileErr) {
	toks, lerr := lex(src)
	if lerr != nil {
		return nil, nil, lerr
	}
	p := &parser{src: src, toks: toks, funcs: map[string]*funcDef{}, ret: ret, processors: ctx.processors, scoreFns: ctx.scoreFns, movingFunctions: ctx.movingFunctions, emit: ctx.emit}
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(*compileErr)
			if !ok {
				panic(r)
			}
			main, stmtStarts, cerr = nil, nil, ce
		}
	}()
	main = p.parseScript(globals)
	return main, p.stmtStarts, nil
}

func (p *parser) peek() token        { return p.toks[p.i] }
func (p *parser) peekAt(n int) token { return p.toks[min(p.i+n, len(p.toks)-1)] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

func (p *parser) isOp(text string) bool {
	t := p.peek()
	return t.kind == tOp && t.text == text
}

func (p *parser) isKw(text string) bool {
	t := p.peek()
	return t.kind == tKeyword && t.text == text
}

func (p *parser) accept(text string) bool {
	if p.isOp(text) {
		p.next()
		return true
	}
	return false
}

// fail stops at a syntax error. Painless parses the whole script before it analyses it, so
// a syntax error anywhere wins over a semantic error earlier in the text: semantic errors
// are recorded with semantic and raised once parsing succeeded.
func (p *parser) fail(pos int, msg string) { panic(errAt(pos, msg)) }

// semantic records a semantic error (the first in the text wins) and lets parsing go on.
func (p *parser) semantic(pos int, msg string) {
	p.semanticErr(&compileErr{pos: pos, cause: "illegal_argument_exception", msg: msg})
}

func (p *parser) semanticErr(ce *compileErr) {
	if p.deferred == nil || ce.pos < p.deferred.pos {
		p.deferred = ce
	}
}

func (p *parser) unexpected() {
	t := p.peek()
	if t.kind == tEOF {
		p.fail(t.pos, "unexpected end of script.")
	}
	p.fail(t.pos, "unexpected token ["+tokenText(t)+"] was expecting one of [{<EOF>, ';'}].")
}

// tokenText is ANTLR's getTokenErrorDisplay: the token's source text in single quotes,
// control characters escaped; <EOF> at the end.
func tokenText(t token) string {
	if t.kind == tEOF {
		return "<EOF>"
	}
	return "'" + errorDisplay(t.src) + "'"
}

func errorDisplay(s string) string {
	return strings.NewReplacer("\n", "\\n", "\r", "\\r", "\t", "\\t").Replace(s)
}

func (p *parser) expect(text string) token {
	t := p.peek()
	if t.kind == tOp && t.text == text {
		return p.next()
	}
	if t.kind == tEOF {
		p.fail(t.pos, "unexpected end of script.")
	}
	p.fail(t.pos, "unexpected token ["+tokenText(t)+"] was expecting one of ['"+text+"'].")
	return token{}
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxNesting {
		p.fail(p.peek().pos, "[fake] script nested too deeply")
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) pushBlock() { p.fn.blocks = append(p.fn.blocks, map[string]local{}) }
func (p *parser) popBlock()  { p.fn.blocks = p.fn.blocks[:len(p.fn.blocks)-1] }

func (p *parser) parseScript(globals []string) *funcDef {
	// Functions come first; declare them all before parsing bodies so they can call each other.
	for p.isFunctionStart() {
		p.parseFunction()
	}
	main := &funcDef{name: "execute", ret: tyDef}
	p.fn = &fnScope{blocks: []map[string]local{{}}, def: main}
	for _, g := range globals {
		p.fn.declare(g, tyDef)
	}
	main.nparams = len(globals)
	main.body = p.parseStatements(true)
	for _, c := range p.pending {
		fn, ok := p.funcs[c.name]
		if !ok && p.emit && c.name == "emit" && (len(c.args) == 1 || len(c.args) == 2) {
			c.emit = len(c.args) // the derived field context's emit(Object), emit(double, double)
			continue
		}
		if !ok && p.scoreFns {
			if b := scoreFunction(c.name, len(c.args)); b != nil {
				c.builtin = b
				continue
			}
			if h, ret := hostedFunction(c.name, len(c.args)); h != nil {
				c.hosted, c.hostedRet = h, ret
				continue
			}
			// the k-NN plugin allowlists its functions for the score context
			if b := knnBuiltin(c.name, len(c.args)); b != nil {
				c.builtin = b
				continue
			}
		}
		if !ok || fn.nparams != len(c.args) {
			p.semantic(c.p, "Unknown call ["+c.name+"] with ["+strconv.Itoa(len(c.args))+"] arguments.")
			continue
		}
		c.fn = fn
	}
	for _, r := range p.pendingRefs {
		fn, ok := p.funcs[r.name]
		if !ok {
			p.semantic(r.p, "Unknown reference [this::"+r.name+"].")
			continue
		}
		r.fn = fn
	}
	if p.deferred != nil {
		panic(p.deferred)
	}
	for _, fn := range p.funcList {
		body := &blockStmt{body: fn.body, p: fn.open}
		p.analyzeFunction(body, fn.name, fn.nparams, fn.ret, fn.pos, false)
		fn.body = body.body
	}
	// The script body is the context's execute method: void for update scripts, where a
	// trailing bare value is "not a statement", or returning a value (Object).
	body := &blockStmt{body: main.body}
	p.analyzeFunction(body, "execute", 0, p.ret, 0, true)
	main.body = body.body
	if p.deferred != nil { // a returned value of the wrong type
		panic(p.deferred)
	}
	return main
}

// isFunctionStart reports whether a function declaration starts here: type IDENT '('.
func (p *parser) isFunctionStart() bool {
	t := p.peek()
	if !(t.kind == tType || (t.kind == tKeyword && t.text == "def")) {
		return false
	}
	j := 1
	for p.peekAt(j).kind == tOp && p.peekAt(j).text == "[" && p.peekAt(j+1).text == "]" {
		j += 2
	}
	n, l := p.peekAt(j), p.peekAt(j+1)
	return n.kind == tIdent && l.kind == tOp && l.text == "("
}

func (p *parser) parseFunction() {
	start := p.peek().pos
	rt, _ := p.parseType()
	name := p.next()
	fn := &funcDef{name: name.text, ret: rt, pos: start}
	if _, dup := p.funcs[name.text]; dup {
		p.semantic(name.pos, "Illegal duplicate functions ["+name.text+"].")
	}
	p.funcs[name.text] = fn
	p.funcList = append(p.funcList, fn)
	p.fn = &fnScope{blocks: []map[string]local{{}}, def: fn}
	p.expect("(")
	if !p.isOp(")") {
		for {
			t, _ := p.parseType()
			pn := p.next()
			if pn.kind != tIdent {
				p.fail(pn.pos, "unexpected token ["+tokenText(pn)+"] was expecting one of [ID].")
			}
			fn.params = append(fn.params, t)
			p.fn.declare(pn.text, t)
			if !p.accept(",") {
				break
			}
		}
	}
	p.expect(")")
	fn.nparams = len(fn.params)
	fn.open = p.expect("{").pos
	fn.body = p.parseStatements(false)
	p.expect("}")
	p.fn = nil
}

// parseType reads a type: def, a primitive or a class name, with optional [] pairs.
func (p *parser) parseType() (typ, string) {
	t := p.next()
	var info typeInfo
	name := t.text
	switch {
	case t.kind == tKeyword && t.text == "def":
		info = typeNames["def"]
	case t.kind == tType:
		info = typeNames[t.text]
		if t.text == "Map" && p.isOp(".") && p.peekAt(1).text == "Entry" {
			p.next()
			p.next()
			info = typeInfo{tyEntry, true, false, "java.util.Map$Entry"}
			name = "Map.Entry"
		}
	default:
		p.fail(t.pos, "unexpected token ["+tokenText(t)+"] was expecting one of [TYPE].")
	}
	if !info.supported {
		p.semantic(t.pos, "[fake] unsupported Painless feature: type ["+name+"]")
	}
	ty := info.t
	for p.isOp("[") && p.peekAt(1).kind == tOp && p.peekAt(1).text == "]" {
		p.next()
		p.next()
		ty = tyArrayDef
	}
	return ty, info.class
}

// isDeclStart reports whether a declaration starts here: a type followed by a name.
func (p *parser) isDeclStart() bool {
	t := p.peek()
	if !(t.kind == tType || (t.kind == tKeyword && t.text == "def")) {
		return false
	}
	j := 1
	if t.text == "Map" && p.peekAt(1).text == "." && p.peekAt(2).text == "Entry" {
		j = 3
	}
	for p.peekAt(j).kind == tOp && p.peekAt(j).text == "[" && p.peekAt(j+1).text == "]" {
		j += 2
	}
	return p.peekAt(j).kind == tIdent
}

// parseStatements reads statements up to '}' (or EOF at top level).
func (p *parser) parseStatements(top bool) []stmt {
	var out []stmt
	for {
		t := p.peek()
		if t.kind == tEOF {
			if !top {
				p.fail(t.pos, "unexpected end of script.")
			}
			return out
		}
		if t.kind == tOp && t.text == "}" {
			if top {
				p.unexpected()
			}
			return out
		}
		if p.accept(";") {
			continue
		}
		if p.isFunctionStart() {
			p.fail(t.pos, "invalid function definition: found function definition after statements")
		}
		out = append(out, p.parseStatement())
	}
}

// endSimple consumes the ';' after a simple statement; it may be left out before '}' or EOF.
func (p *parser) endSimple() {
	if p.accept(";") {
		return
	}
	t := p.peek()
	if t.kind == tEOF || (t.kind == tOp && t.text == "}") {
		return
	}
	p.unexpected()
}

func (p *parser) parseStatement() stmt {
	p.enter()
	defer p.leave()
	t := p.peek()
	// Statement boundaries are where Painless marks them: every statement but blocks,
	// break and continue at its first token, a declaration at each variable's name.
	switch {
	case t.kind == tKeyword && (t.text == "break" || t.text == "continue"):
	case t.kind == tOp && t.text == "{":
	case p.isDeclStart():
	default:
		p.stmtStarts = append(p.stmtStarts, t.pos)
	}
	if t.kind == tKeyword {
		switch t.text {
		case "if":
			p.next()
			p.expect("(")
			c := p.parseExpr()
			p.expect(")")
			s := &ifStmt{cond: c, p: t.pos}
			s.then = p.parseTrailer()
			if p.isKw("else") {
				p.next()
				s.els = p.parseTrailer()
			}
			return s
		case "while":
			p.next()
			p.expect("(")
			c := p.parseExpr()
			p.expect(")")
			s := &whileStmt{cond: c, p: t.pos}
			if semi := p.peek(); p.accept(";") {
				s.body = &blockStmt{p: semi.pos}
			} else {
				s.body = p.parseTrailer()
			}
			return s
		case "do":
			p.next()
			open := p.expect("{")
			p.pushBlock()
			body := &blockStmt{body: p.parseStatements(false), p: open.pos}
			p.popBlock()
			p.expect("}")
			if !p.isKw("while") {
				p.unexpected()
			}
			p.next()
			p.expect("(")
			c := p.parseExpr()
			p.expect(")")
			p.endSimple()
			return &whileStmt{cond: c, body: body, isDo: true, p: t.pos}
		case "for":
			return p.parseFor()
		case "try":
			return p.parseTry()
		case "return":
			p.next()
			s := &returnStmt{p: t.pos}
			if nt := p.peek(); !(nt.kind == tEOF || (nt.kind == tOp && (nt.text == ";" || nt.text == "}"))) {
				s.x = p.parseExpr()
			}
			p.endSimple()
			return s
		case "break":
			p.next()
			p.endSimple()
			return &breakStmt{p: t.pos}
		case "continue":
			p.next()
			p.endSimple()
			return &continueStmt{p: t.pos}
		case "throw":
			p.next()
			s := &throwStmt{x: p.parseExpr(), p: t.pos}
			p.endSimple()
			return s
		case "else", "catch", "in":
			p.unexpected()
		}
	}
	if t.kind == tOp && t.text == "{" { // Painless has no free-standing blocks
		p.fail(t.pos, "invalid sequence of tokens near ['{'].")
	}
	if p.isDeclStart() {
		d := p.parseDecl()
		p.endSimple()
		return d
	}
	x := p.parseExpr()
	p.endSimple()
	return &exprStmt{x: x, p: t.pos}
}

// parseTrailer reads the body of an if, else or loop: a braced block or a single
// statement, in its own scope.
func (p *parser) parseTrailer() *blockStmt {
	p.pushBlock()
	defer p.popBlock()
	t := p.peek()
	if p.accept("{") {
		body := p.parseStatements(false)
		p.expect("}")
		return &blockStmt{body: body, p: t.pos}
	}
	return &blockStmt{body: []stmt{p.parseStatement()}, p: t.pos}
}

func (p *parser) parseDecl() stmt {
	start := p.peek().pos
	t, _ := p.parseType()
	d := &declStmt{p: start}
	for {
		n := p.next()
		if n.kind != tIdent {
			p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [ID].")
		}
		p.stmtStarts = append(p.stmtStarts, n.pos)
		var init expr
		if p.accept("=") {
			init = p.parseExpr()
			p.checkAssignable(t, init, n.pos)
		}
		if _, exists := p.fn.blocks[len(p.fn.blocks)-1][n.text]; exists || p.shadows(n.text) {
			p.semantic(n.pos, "variable ["+n.text+"] is already defined")
		}
		d.slots = append(d.slots, p.fn.declare(n.text, t))
		d.types = append(d.types, t)
		d.inits = append(d.inits, init)
		if !p.accept(",") {
			return d
		}
	}
}

// shadows reports whether name is already a local of the current function (Painless,
// like Java, forbids redeclaring a name an enclosing block holds).
func (p *parser) shadows(name string) bool {
	for _, b := range p.fn.blocks {
		if _, ok := b[name]; ok {
			return true
		}
	}
	return false
}

// checkAssignable rejects what Painless rejects at compile time: a value whose static type
// cannot be implicitly cast to the declared type (int x = 1.5).
func (p *parser) checkAssignable(to typ, x expr, pos int) {
	from := x.static()
	if from == tyDef || to == tyDef || from == to {
		return
	}
	if implicitOK(from, to) {
		return
	}
	p.semanticErr(&compileErr{pos: pos, cause: "class_cast_exception", msg: "Cannot cast from [" + from.String() + "] to [" + to.String() + "]."})
}

// implicitOK is Painless's implicit cast table for the statically known types.
func implicitOK(from, to typ) bool {
	rf, rt := primRank(from), primRank(to)
	if rf > 0 && rt > 0 {
		return implicitPrim(from, to)
	}
	switch to {
	case tyNumber:
		return rf > 0 && from != tyChar || from == tyBoxInt || from == tyBoxLong || from == tyBoxDouble || from == tyBoxFloat ||
			from == tyBoxByte || from == tyBoxShort
	case tyBoxByte:
		return from == tyByte
	case tyBoxShort:
		return from == tyShort
	case tyBoxChar:
		return from == tyChar
	case tyByte:
		return from == tyBoxByte
	case tyShort:
		return from == tyBoxShort || from == tyBoxByte
	case tyChar:
		return from == tyBoxChar
	case tyBoxInt:
		return from == tyInt
	case tyBoxLong:
		return from == tyLong
	case tyBoxDouble:
		return from == tyDouble
	case tyBoxFloat:
		return from == tyFloat
	case tyBoxBool:
		return from == tyBoolean
	case tyBoolean:
		return from == tyBoxBool
	case tyInt:
		return from == tyBoxInt || from == tyBoxByte || from == tyBoxShort || from == tyBoxChar
	case tyLong:
		return from == tyBoxLong || from == tyBoxInt
	case tyDouble:
		return from == tyBoxDouble || from == tyBoxInt || from == tyBoxLong || from == tyBoxFloat
	case tyMap, tyList, tySet, tyCollection, tyArrayDef, tyEntry, tyString:
		return from == tyMap && to == tyMap || from == tyList && (to == tyList || to == tyCollection || to == tyArrayDef) ||
			from == tySet && (to == tySet || to == tyCollection)
	case tyException:
		return from == tyException
	}
	return false
}

func (p *parser) parseFor() stmt {
	start := p.next() // for
	p.expect("(")
	p.pushBlock()
	defer p.popBlock()
	// for (T x : expr) and for (x in expr)
	if p.peek().kind == tIdent && p.peekAt(1).kind == tKeyword && p.peekAt(1).text == "in" {
		n := p.next()
		p.next()
		iter := p.parseExpr()
		p.expect(")")
		slot := p.fn.declare(n.text, tyDef)
		return &forEachStmt{slot: slot, t: tyDef, iter: iter, body: p.parseTrailer(), p: start.pos}
	}
	if p.isDeclStart() {
		save, saveStarts := p.i, len(p.stmtStarts)
		t, _ := p.parseType()
		n := p.next()
		if p.accept(":") {
			iter := p.parseExpr()
			p.expect(")")
			slot := p.fn.declare(n.text, t)
			return &forEachStmt{slot: slot, t: t, iter: iter, body: p.parseTrailer(), p: start.pos}
		}
		p.i, p.stmtStarts = save, p.stmtStarts[:saveStarts]
	}
	s := &forStmt{p: start.pos}
	if !p.isOp(";") {
		if p.isDeclStart() {
			s.init = p.parseDecl()
		} else {
			s.init = &exprStmt{x: p.parseExpr()}
		}
	}
	p.expect(";")
	if !p.isOp(";") {
		s.cond = p.parseExpr()
	}
	p.expect(";")
	if !p.isOp(")") {
		s.update = p.parseExpr()
	}
	p.expect(")")
	if semi := p.peek(); p.accept(";") {
		s.body = &blockStmt{p: semi.pos}
	} else {
		s.body = p.parseTrailer()
	}
	return s
}

func (p *parser) parseTry() stmt {
	start := p.next()
	open := p.expect("{")
	p.pushBlock()
	body := &blockStmt{body: p.parseStatements(false), p: open.pos}
	p.popBlock()
	p.expect("}")
	s := &tryStmt{body: body, p: start.pos}
	for p.isKw("catch") {
		p.stmtStarts = append(p.stmtStarts, p.next().pos)
		p.expect("(")
		tt := p.next()
		info, ok := typeNames[tt.text]
		if tt.kind != tType || !ok || info.t != tyException {
			p.semantic(tt.pos, "[fake] unsupported Painless feature: catch of ["+tt.text+"]")
		}
		n := p.next()
		if n.kind != tIdent {
			p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [ID].")
		}
		p.expect(")")
		open := p.expect("{")
		p.pushBlock()
		slot := p.fn.declare(n.text, tyException)
		cb := &blockStmt{body: p.parseStatements(false), p: open.pos}
		p.popBlock()
		p.expect("}")
		s.catches = append(s.catches, catchClause{class: info.class, slot: slot, body: cb})
	}
	if len(s.catches) == 0 {
		p.fail(p.peek().pos, "unexpected token ["+tokenText(p.peek())+"] was expecting one of ['catch'].")
	}
	return s
}
