package painless

import (
	"math"
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
	// returnsValue is set for contexts whose execute method returns a value (the last
	// statement may then be a bare value); update scripts return void.
	returnsValue bool
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
func parse(src string, globals []string, returnsValue bool) (main *funcDef, stmtStarts []int, cerr *compileErr) {
	toks, lerr := lex(src)
	if lerr != nil {
		return nil, nil, lerr
	}
	p := &parser{src: src, toks: toks, funcs: map[string]*funcDef{}, returnsValue: returnsValue}
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
	ret := tyVoid
	if p.returnsValue {
		ret = tyDef
	}
	body := &blockStmt{body: main.body}
	p.analyzeFunction(body, "execute", 0, ret, 0, true)
	main.body = body.body
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
	rank := func(t typ) int {
		switch t {
		case tyInt:
			return 1
		case tyLong:
			return 2
		case tyFloat:
			return 3
		case tyDouble:
			return 4
		}
		return 0
	}
	rf, rt := rank(from), rank(to)
	if rf > 0 && rt > 0 {
		return rf <= rt
	}
	switch to {
	case tyNumber:
		return rf > 0 || from == tyBoxInt || from == tyBoxLong || from == tyBoxDouble || from == tyBoxFloat
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
		return from == tyBoxInt
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

// ---- expressions ----

func (p *parser) parseExpr() expr {
	p.enter()
	defer p.leave()
	return p.parseAssign()
}

var assignOps = map[string]string{
	"=": "", "+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%", "&=": "&", "|=": "|",
	"^=": "^", "<<=": "<<", ">>=": ">>", ">>>=": ">>>",
}

func (p *parser) parseAssign() expr {
	start := p.peek().pos
	lhs := p.parseElvis()
	t := p.peek()
	op, ok := assignOps[t.text]
	if t.kind != tOp || !ok {
		return lhs
	}
	p.next()
	switch lhs.(type) {
	case *localExpr, *fieldExpr, *indexExpr:
	default:
		p.semantic(lhs.loc(), "invalid assignment: cannot assign a value to "+describe(lhs))
	}
	if f, ok := lhs.(*fieldExpr); ok && f.nullSafe {
		p.semantic(f.p, "invalid assignment: cannot assign a value to "+describe(f))
	}
	rhs := p.parseAssign()
	if l, ok := lhs.(*localExpr); ok && op == "" {
		p.checkAssignable(l.t, rhs, t.pos)
	}
	return &assignExpr{target: lhs, op: op, val: rhs, p: start}
}

func (p *parser) parseElvis() expr {
	start := p.peek().pos
	a := p.parseTernary()
	if p.accept("?:") {
		b := p.parseElvis()
		return &elvisExpr{a: a, b: b, p: start}
	}
	return a
}

func (p *parser) parseTernary() expr {
	start := p.peek().pos
	c := p.parseBinary(0)
	if p.accept("?") {
		a := p.parseExpr()
		p.expect(":")
		b := p.parseTernary()
		return &ternaryExpr{c: c, a: a, b: b, p: start}
	}
	return c
}

// binary precedence levels, loosest first.
var binLevels = [][]string{
	{"||"},
	{"&&"},
	{"|"},
	{"^"},
	{"&"},
	{"==", "!=", "===", "!=="},
	{"<", "<=", ">", ">=", "instanceof"},
	{"<<", ">>", ">>>"},
	{"=~", "==~"},
	{"+", "-"},
	{"*", "/", "%"},
}

func (p *parser) parseBinary(level int) expr {
	if level == len(binLevels) {
		return p.parseUnary()
	}
	start := p.peek().pos
	l := p.parseBinary(level + 1)
	for {
		t := p.peek()
		if !(t.kind == tOp || (t.kind == tKeyword && t.text == "instanceof")) || !contains(binLevels[level], t.text) {
			return l
		}
		p.next()
		switch t.text {
		case "instanceof":
			tt := p.peek()
			if tt.kind != tType && !(tt.kind == tKeyword && tt.text == "def") {
				p.fail(tt.pos, "unexpected token ["+tokenText(tt)+"] was expecting one of [TYPE].")
			}
			ty, class := p.parseType()
			l = &instanceofExpr{x: l, t: ty, class: class, p: start, name: tt.text}
			continue
		case "=~", "==~":
			p.semantic(t.pos, "[fake] unsupported Painless feature: regex operator ["+t.text+"]")
		}
		r := p.parseBinary(level + 1)
		switch t.text {
		case "&&", "||":
			l = &logicExpr{and: t.text == "&&", l: l, r: r, p: start}
		default:
			p.checkOperands(t.text, l.static(), r.static(), start)
			ls, rs := l.static(), r.static()
			strict := (t.text == "==" || t.text == "!=") && ls != tyDef && rs != tyDef && (ls == tyBigInt || rs == tyBigInt)
			l = &binaryExpr{op: t.text, l: l, r: r, p: start, t: binaryStatic(t.text, ls, rs), equals: strict}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *parser) parseUnary() expr {
	p.enter()
	defer p.leave()
	t := p.peek()
	if t.kind == tOp {
		switch t.text {
		case "++", "--":
			p.next()
			target := p.parseChain()
			p.checkTarget(target, t.pos)
			d := int32(1)
			if t.text == "--" {
				d = -1
			}
			return &incDecExpr{target: target, delta: d, prefix: true, p: t.pos}
		case "-":
			p.next()
			if n := p.peek(); n.kind == tInt || n.kind == tFloat {
				if nn := p.peekAt(1); !(nn.kind == tOp && (nn.text == "." || nn.text == "[" || nn.text == "?.")) {
					p.next()
					lit := p.numberLiteral(n, "-")
					lit.(*litExpr).p = t.pos
					return lit
				}
			}
			x := p.parseUnary()
			return &unaryExpr{op: "-", x: x, p: t.pos, t: unaryStatic("-", x.static())}
		case "+", "!", "~":
			p.next()
			x := p.parseUnary()
			return &unaryExpr{op: t.text, x: x, p: t.pos, t: unaryStatic(t.text, x.static())}
		case "(":
			if p.isCast() {
				p.next()
				name := p.peek().text
				ty, class := p.parseType()
				p.expect(")")
				x := p.parseUnary()
				return &castExpr{x: x, t: ty, class: class, p: t.pos, name: name}
			}
		}
	}
	x := p.parseChain()
	if n := p.peek(); n.kind == tOp && (n.text == "++" || n.text == "--") {
		p.next()
		p.checkTarget(x, n.pos)
		d := int32(1)
		if n.text == "--" {
			d = -1
		}
		return &incDecExpr{target: x, delta: d, p: t.pos}
	}
	return x
}

func (p *parser) checkTarget(x expr, pos int) {
	switch v := x.(type) {
	case *localExpr, *indexExpr:
		return
	case *fieldExpr:
		if !v.nullSafe {
			return
		}
	}
	p.semantic(x.loc(), "invalid assignment: cannot assign a value to "+describe(x))
}

// isCast reports whether '(' starts a cast: '(' TYPE {'[' ']'} ')' as Painless decides it.
func (p *parser) isCast() bool {
	t := p.peekAt(1)
	if !(t.kind == tType || (t.kind == tKeyword && t.text == "def")) {
		return false
	}
	j := 2
	if t.text == "Map" && p.peekAt(2).text == "." && p.peekAt(3).text == "Entry" {
		j = 4
	}
	for p.peekAt(j).text == "[" && p.peekAt(j+1).text == "]" {
		j += 2
	}
	c := p.peekAt(j)
	return c.kind == tOp && c.text == ")"
}

func (p *parser) parseChain() expr {
	x := p.parsePrimary()
	for {
		t := p.peek()
		if t.kind != tOp {
			return x
		}
		switch t.text {
		case ".", "?.":
			p.next()
			n := p.next()
			if n.kind != tIdent {
				p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [DOTID].")
			}
			ns := t.text == "?."
			if p.isOp("(") {
				args := p.parseArgs()
				p.checkMethod(n.text, len(args), n.pos)
				x = &callExpr{recv: x, name: n.text, args: args, nullSafe: ns, p: t.pos}
			} else {
				x = &fieldExpr{obj: x, name: n.text, nullSafe: ns, p: t.pos}
			}
		case "[":
			p.next()
			idx := p.parseExpr()
			p.expect("]")
			x = &indexExpr{obj: x, idx: idx, p: t.pos}
		default:
			return x
		}
	}
}

// checkMethod turns a call of a method real Painless has but the fake lacks into a
// compile error; names unknown to both fail at run time as in Painless.
func (p *parser) checkMethod(name string, arity, pos int) {
	if implementedMethods[methodKey(name, arity)] {
		return
	}
	if knownMissingMethods[name] {
		p.semantic(pos, "[fake] unsupported Painless feature: method ["+name+"/"+strconv.Itoa(arity)+"]")
	}
}

func methodKey(name string, arity int) string { return name + "/" + strconv.Itoa(arity) }

func (p *parser) parseArgs() []expr {
	p.expect("(")
	var args []expr
	if p.accept(")") {
		return args
	}
	for {
		args = append(args, p.parseArg())
		if p.accept(")") {
			return args
		}
		p.expect(",")
	}
}

func (p *parser) parseArg() expr {
	t := p.peek()
	if t.kind == tIdent && p.peekAt(1).text == "->" {
		return p.parseLambda()
	}
	if t.kind == tOp && t.text == "(" && p.isLambdaParams() {
		return p.parseLambda()
	}
	if ref := p.parseMethodRef(); ref != nil {
		return ref
	}
	return p.parseExpr()
}

// isLambdaParams reports whether '(' ... ')' '->' follows.
func (p *parser) isLambdaParams() bool {
	j := 1
	for {
		t := p.peekAt(j)
		switch {
		case t.kind == tOp && t.text == ")":
			n := p.peekAt(j + 1)
			return n.kind == tOp && n.text == "->"
		case t.kind == tIdent || t.kind == tType || (t.kind == tKeyword && t.text == "def") ||
			(t.kind == tOp && t.text == ","):
			j++
		default:
			return false
		}
	}
}

func (p *parser) parseLambda() expr {
	start := p.peek().pos
	fn := &funcDef{name: "lambda", isLambda: true, pos: start, ret: tyDef}
	outer := p.fn
	p.fn = &fnScope{parent: outer, blocks: []map[string]local{{}}, def: fn}
	defer func() { p.fn = outer }()
	if p.peek().kind == tIdent {
		n := p.next()
		p.fn.declare(n.text, tyDef)
		fn.params = append(fn.params, tyDef)
	} else {
		p.expect("(")
		for !p.isOp(")") {
			t := tyDef
			if p.peek().kind != tIdent {
				t, _ = p.parseType()
			}
			n := p.next()
			if n.kind != tIdent {
				p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [ID].")
			}
			p.fn.declare(n.text, t)
			fn.params = append(fn.params, t)
			if !p.accept(",") {
				break
			}
		}
		p.expect(")")
	}
	fn.nparams = len(fn.params)
	p.expect("->")
	if open := p.peek(); p.accept("{") {
		p.pushBlock()
		fn.body = p.parseStatements(false)
		p.popBlock()
		p.expect("}")
		if len(fn.body) > 0 {
			body := &blockStmt{body: fn.body, p: open.pos}
			p.checkBlock(body, scope{lastSource: true, returns: tyDef, lambda: true}, false)
			fn.body = body.body
		}
	} else {
		fn.exprBody = p.parseExpr()
	}
	return &lambdaExpr{fn: fn, p: start}
}

func (p *parser) parsePrimary() expr {
	p.enter()
	defer p.leave()
	t := p.next()
	switch t.kind {
	case tInt, tFloat:
		lit := p.numberLiteral(t, "")
		lit.(*litExpr).p = t.pos
		return lit
	case tString:
		return &litExpr{v: t.text, t: tyString, p: t.pos}
	case tKeyword:
		switch t.text {
		case "true":
			return &litExpr{v: true, t: tyBoolean, p: t.pos}
		case "false":
			return &litExpr{v: false, t: tyBoolean, p: t.pos}
		case "null":
			return &litExpr{v: nil, t: tyDef, p: t.pos}
		case "new":
			return p.parseNew(t)
		case "this":
			p.fail(t.pos, "[fake] unsupported Painless feature: [this]")
		}
	case tOp:
		switch t.text {
		case "(":
			x := p.parseExpr()
			p.expect(")")
			return x
		case "[":
			return p.parseCollectionLiteral(t.pos)
		case "->":
		}
	case tIdent:
		if p.isOp("(") {
			args := p.parseArgs()
			c := &fnCallExpr{name: t.text, args: args, p: t.pos}
			if fn, ok := p.funcs[t.text]; ok && fn.nparams == len(args) {
				c.fn = fn
			}
			p.pending = append(p.pending, c)
			return c
		}
		if p.isOp("->") {
			p.fail(p.peek().pos, "[fake] unsupported Painless feature: a lambda outside a method argument")
		}
		l, ok := p.fn.resolve(t.text)
		if !ok {
			p.semantic(t.pos, "cannot resolve symbol ["+t.text+"]")
		}
		return &localExpr{slot: l.slot, t: l.t, p: t.pos, name: t.text}
	case tType:
		return p.parseStatic(t)
	}
	if t.kind == tEOF {
		p.fail(t.pos, "unexpected end of script.")
	}
	p.fail(t.pos, "invalid sequence of tokens near ["+tokenText(t)+"].")
	return nil
}

func (p *parser) parseCollectionLiteral(pos int) expr {
	if p.accept(":") {
		p.expect("]")
		return &mapLit{p: pos}
	}
	if p.accept("]") {
		return &listLit{p: pos}
	}
	first := p.parseExpr()
	if p.accept(":") {
		m := &mapLit{keys: []expr{first}, vals: []expr{p.parseExpr()}, p: pos}
		for p.accept(",") {
			k := p.parseExpr()
			p.expect(":")
			m.keys = append(m.keys, k)
			m.vals = append(m.vals, p.parseExpr())
		}
		p.expect("]")
		return m
	}
	l := &listLit{items: []expr{first}, p: pos}
	for p.accept(",") {
		l.items = append(l.items, p.parseExpr())
	}
	p.expect("]")
	return l
}

func (p *parser) parseNew(nt token) expr {
	t := p.peek()
	if t.kind != tType && !(t.kind == tKeyword && t.text == "def") {
		p.fail(t.pos, "unexpected token ["+tokenText(t)+"] was expecting one of [TYPE].")
	}
	if p.peekAt(1).text == "[" {
		elem, _ := p.parseTypeNoArray()
		p.expect("[")
		if p.accept("]") {
			for p.isOp("[") {
				p.next()
				p.expect("]")
			}
			p.expect("{")
			a := &newArrayExpr{elem: elem, p: nt.pos, items: []expr{}}
			if !p.accept("}") {
				for {
					a.items = append(a.items, p.parseExpr())
					if p.accept("}") {
						break
					}
					p.expect(",")
				}
			}
			return a
		}
		size := p.parseExpr()
		p.expect("]")
		if p.isOp("[") {
			p.fail(p.peek().pos, "[fake] unsupported Painless feature: multi-dimensional arrays")
		}
		return &newArrayExpr{elem: elem, size: size, p: nt.pos}
	}
	p.next()
	info := typeNames[t.text]
	if !info.supported {
		p.semantic(t.pos, "[fake] unsupported Painless feature: type ["+t.text+"]")
	}
	args := p.parseArgs()
	if info.supported && !constructorOK(t.text, len(args)) {
		p.semantic(nt.pos, "constructor ["+info.class+", <init>/"+strconv.Itoa(len(args))+"] not found")
	}
	return &newExpr{class: t.text, args: args, p: nt.pos}
}

func (p *parser) parseTypeNoArray() (typ, string) {
	t := p.next()
	if t.kind == tKeyword && t.text == "def" {
		return tyDef, "def"
	}
	info := typeNames[t.text]
	if !info.supported {
		p.semantic(t.pos, "[fake] unsupported Painless feature: type ["+t.text+"]")
	}
	return info.t, info.class
}

// parseStatic reads Type.method(args), Type.FIELD or a method reference.
func (p *parser) parseStatic(t token) expr {
	info := typeNames[t.text]
	if p.isOp("::") { // a method reference outside a method argument
		p.semantic(p.next().pos, "invalid method reference: only allowed as a method argument")
		if n := p.next(); n.kind != tIdent && !(n.kind == tKeyword && n.text == "new") {
			p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [ID].")
		}
		return &litExpr{p: t.pos}
	}
	if !info.supported {
		p.semantic(t.pos, "[fake] unsupported Painless feature: type ["+t.text+"]")
	}
	dot := p.expect(".")
	n := p.next()
	if n.kind != tIdent {
		p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [DOTID].")
	}
	if p.isOp("(") {
		args := p.parseArgs()
		if !staticMethods[t.text+"."+methodKey(n.text, len(args))] {
			if !info.supported || knownStaticMissing(t.text) {
				p.semantic(dot.pos, "[fake] unsupported Painless feature: method ["+t.text+"."+n.text+"/"+strconv.Itoa(len(args))+"]")
			} else {
				p.semantic(dot.pos, "static method ["+info.class+", "+n.text+"/"+strconv.Itoa(len(args))+"] not found")
			}
		}
		return &staticCallExpr{class: t.text, name: n.text, args: args, p: dot.pos}
	}
	if v, ok := staticField(t.text, n.text); ok {
		v.(*litExpr).p = dot.pos
		return v
	}
	p.semantic(dot.pos, "static field ["+info.class+", "+n.text+"] not found")
	return &litExpr{p: dot.pos}
}

// numberLiteral parses a numeric token (with a folded leading minus) as Painless types it.
func (p *parser) numberLiteral(t token, sign string) expr {
	text := strings.ReplaceAll(t.text, "_", "")
	last := text[len(text)-1]
	if t.kind == tFloat || ((last == 'f' || last == 'F' || last == 'd' || last == 'D') && !strings.HasPrefix(text, "0x") && !strings.HasPrefix(text, "0X")) {
		body := text
		isFloat := false
		switch last {
		case 'f', 'F':
			body, isFloat = text[:len(text)-1], true
		case 'd', 'D':
			body = text[:len(text)-1]
		}
		if isFloat {
			f, err := strconv.ParseFloat(sign+body, 32)
			if err != nil || math.IsInf(f, 0) {
				p.semantic(t.pos, "Invalid float constant ["+sign+t.text+"].")
			}
			return &litExpr{v: float32(f), t: tyFloat}
		}
		f, err := strconv.ParseFloat(sign+body, 64)
		if err != nil || math.IsInf(f, 0) {
			p.semantic(t.pos, "Invalid double constant ["+sign+t.text+"].")
		}
		return &litExpr{v: f, t: tyDouble}
	}
	isLong := last == 'l' || last == 'L'
	body := text
	if isLong {
		body = text[:len(text)-1]
	}
	base := 10
	switch {
	case strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X"):
		base, body = 16, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, body = 8, body[1:]
	}
	bits := 32
	if isLong {
		bits = 64
	}
	var v int64
	if base == 10 {
		n, err := strconv.ParseInt(sign+body, 10, bits)
		if err != nil {
			p.semantic(t.pos, "Invalid "+map[bool]string{true: "long", false: "int"}[isLong]+" constant ["+sign+t.text+"].")
		}
		v = n
	} else {
		// hex and octal literals may set the sign bit, as in Java
		u, err := strconv.ParseUint(body, base, bits)
		if err != nil {
			p.semantic(t.pos, "Invalid "+map[bool]string{true: "long", false: "int"}[isLong]+" constant ["+sign+t.text+"].")
		}
		if isLong {
			v = int64(u)
		} else {
			v = int64(int32(uint32(u)))
		}
		if sign == "-" {
			v = -v
		}
	}
	if isLong {
		return &litExpr{v: v, t: tyLong}
	}
	return &litExpr{v: int32(v), t: tyInt}
}

// binaryStatic is the static result type of a binary operator on statically typed operands.
func binaryStatic(op string, l, r typ) typ {
	switch op {
	case "==", "!=", "===", "!==", "<", "<=", ">", ">=":
		return tyBoolean
	}
	if op == "+" && (l == tyString || r == tyString) {
		return tyString
	}
	prim := func(t typ) bool { return t == tyInt || t == tyLong || t == tyFloat || t == tyDouble }
	if !prim(l) || !prim(r) {
		if (op == "&" || op == "|" || op == "^") && l == tyBoolean && r == tyBoolean {
			return tyBoolean
		}
		return tyDef
	}
	if op == "<<" || op == ">>" || op == ">>>" {
		if l == tyLong {
			return tyLong
		}
		return tyInt
	}
	return max(l, r)
}

func unaryStatic(op string, t typ) typ {
	switch op {
	case "!":
		if t == tyBoolean {
			return tyBoolean
		}
	case "-", "+", "~":
		if t == tyInt || t == tyLong || t == tyFloat || t == tyDouble {
			return t
		}
	}
	return tyDef
}

// checkOperands rejects at compile time what Painless's analysis rejects for operands
// whose types are known statically (literals, typed locals): 'a' < 'b', true + 1.
func (p *parser) checkOperands(op string, l, r typ, pos int) {
	if l == tyDef || r == tyDef {
		return
	}
	num := func(t typ) bool {
		switch t {
		case tyInt, tyLong, tyFloat, tyDouble, tyBoxInt, tyBoxLong, tyBoxFloat, tyBoxDouble, tyNumber:
			return true
		}
		return false
	}
	integral := func(t typ) bool {
		switch t {
		case tyInt, tyLong, tyBoxInt, tyBoxLong:
			return true
		}
		return false
	}
	boolish := func(t typ) bool { return t == tyBoolean || t == tyBoxBool }
	ok := true
	switch op {
	case "+":
		ok = l == tyString || r == tyString || (num(l) && num(r))
	case "-", "*", "/", "%", "<", "<=", ">", ">=":
		ok = num(l) && num(r)
	case "<<", ">>", ">>>":
		ok = integral(l) && integral(r)
	case "&", "|", "^":
		ok = (integral(l) && integral(r)) || (boolish(l) && boolish(r))
	}
	if !ok {
		p.semanticErr(&compileErr{pos: pos, cause: "class_cast_exception",
			msg: "cannot apply the " + operationNames[op] + " operator [" + op + "] to the types [" + l.String() + "] and [" + r.String() + "]"})
	}
}

// parseMethodRef reads Type::name, Type::new, Map.Entry::name, this::name or local::name
// when one starts here (they are only allowed as method arguments, like lambdas).
func (p *parser) parseMethodRef() expr {
	t := p.peek()
	j := 1
	class := t.text
	if t.kind == tType && t.text == "Map" && p.peekAt(1).text == "." && p.peekAt(2).text == "Entry" {
		j, class = 3, "Map.Entry"
	}
	if sep := p.peekAt(j); sep.kind != tOp || sep.text != "::" {
		return nil
	}
	switch {
	case t.kind == tType, t.kind == tKeyword && t.text == "this", t.kind == tIdent:
	default:
		return nil
	}
	for k := 0; k <= j; k++ {
		p.next()
	}
	n := p.next()
	if n.kind != tIdent && !(n.kind == tKeyword && n.text == "new") {
		p.fail(n.pos, "unexpected token ["+tokenText(n)+"] was expecting one of [ID].")
	}
	ref := &methodRefExpr{class: class, name: n.text, p: t.pos}
	switch {
	case t.kind == tKeyword: // this::function
		ref.kind = refThis
		p.pendingRefs = append(p.pendingRefs, ref)
	case t.kind == tIdent: // local::method
		l, ok := p.fn.resolve(t.text)
		if !ok {
			p.semantic(t.pos, "cannot resolve symbol ["+t.text+"]")
		}
		ref.kind, ref.recv = refBound, &localExpr{slot: l.slot, t: l.t, p: t.pos, name: t.text}
	case class == "Map.Entry":
		ref.kind = refType
	default:
		info := typeNames[t.text]
		if !info.supported {
			p.semantic(t.pos, "[fake] unsupported Painless feature: type ["+t.text+"]")
		}
		ref.kind = refType
		if n.text == "new" {
			ref.kind = refCtor
			if !constructorOK(t.text, 0) && !constructorOK(t.text, 1) {
				p.semantic(n.pos, "[fake] unsupported Painless feature: constructor reference ["+t.text+"::new]")
			}
		}
	}
	return ref
}
