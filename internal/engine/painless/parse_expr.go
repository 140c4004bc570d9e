package painless

import (
	"math"
	"strconv"
	"strings"
)

// Expression parsing: precedence climbing from assignment down to primaries, with
// casts, lambdas, method references, literals and static members.

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
				if from := x.static(); !explicitLegal(from, ty) {
					p.semanticErr(&compileErr{pos: t.pos, cause: "class_cast_exception",
						msg: "Cannot cast from [" + staticName(x) + "] to [" + ty.String() + "]."})
				}
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
	if t.text == "MovingFunctions" && !p.movingFunctions {
		p.semantic(t.pos, "cannot resolve symbol [MovingFunctions]")
	}
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
	if t.text == "Processors" && !p.processors {
		p.semantic(t.pos, "cannot resolve symbol [Processors]")
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
	l, r = promotedStatic(l), promotedStatic(r)
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
	if op != "!" {
		t = promotedStatic(t)
	}
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
		case tyInt, tyLong, tyFloat, tyDouble, tyBoxInt, tyBoxLong, tyBoxFloat, tyBoxDouble, tyNumber,
			tyByte, tyShort, tyChar, tyBoxByte, tyBoxShort, tyBoxChar:
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
