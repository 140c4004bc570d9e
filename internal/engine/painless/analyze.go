package painless

import "strconv"

// The control-flow checks of Painless's semantic analysis, run once parsing is done:
// null (empty) blocks, constant loop conditions, unreachable statements, break and
// continue placement, missing returns and expression statements whose value is unused.
// Messages and locations follow OpenSearch's DefaultSemanticAnalysisPhase.

// flow is what the analysis knows about how a statement ends.
type flow struct {
	method      bool // leaves the function (return, throw, endless loop)
	loop        bool // leaves the enclosing loop (break, return, throw)
	all         bool // never falls through to the next statement
	anyContinue bool
	anyBreak    bool
}

// scope is the analysis state a statement is visited with.
type scope struct {
	inLoop     bool
	lastLoop   bool // last statement of a loop body (a continue there is extraneous)
	lastSource bool // last statement of the function (a bare value may be its result)
	// returns is the function's return type; tyVoid for update scripts and void functions.
	returns typ
	// lambda marks a lambda body, whose return type comes from the functional interface
	// it is passed as (void for a Consumer): any return form is accepted.
	lambda bool
}

// analyzeFunction checks a function body; name and params are for messages.
func (p *parser) analyzeFunction(body *blockStmt, name string, params int, returns typ, pos int, autoReturn bool) {
	if len(body.body) == 0 {
		p.fail(pos, "invalid function definition: found no statements for function ["+name+"] with ["+strconv.Itoa(params)+"] parameters")
	}
	f := p.checkBlock(body, scope{lastSource: true, returns: returns}, false)
	if !f.method && !autoReturn && returns != tyVoid {
		p.fail(pos, "invalid function definition: not all paths provide a return value for function ["+name+"] with ["+strconv.Itoa(params)+"] parameters")
	}
}

// checkBlock visits a non-empty block; beginLoop marks a loop body.
func (p *parser) checkBlock(b *blockStmt, sc scope, beginLoop bool) flow {
	var out flow
	last := len(b.body) - 1
	for i := range b.body {
		st := scope{inLoop: sc.inLoop, returns: sc.returns, lambda: sc.lambda}
		if i == last {
			st.lastLoop = beginLoop || sc.lastLoop
			st.lastSource = sc.lastSource
		}
		f := p.checkStmt(b, i, st)
		if i == last {
			out.method, out.loop, out.all = f.method, f.loop, f.all
		} else if f.all {
			p.fail(b.p, "invalid block: unreachable statement")
		}
		out.anyContinue = out.anyContinue || f.anyContinue
		out.anyBreak = out.anyBreak || f.anyBreak
	}
	return out
}

func isBoolLit(x expr) (value, ok bool) {
	l, isLit := x.(*litExpr)
	if !isLit {
		return false, false
	}
	v, ok := l.v.(bool)
	return v, ok
}

// checkLoopBody visits a loop body and applies the loop rules shared by every loop kind.
func (p *parser) checkLoopBody(body *blockStmt, sc scope, continuous bool, kind string, pos int) flow {
	f := p.checkBlock(body, scope{inLoop: true, returns: sc.returns, lambda: sc.lambda}, true)
	if f.loop && !f.anyContinue {
		p.fail(pos, "extraneous "+kind+" loop")
	}
	if continuous && !f.anyBreak {
		return flow{method: true, all: true}
	}
	return flow{}
}

func (p *parser) checkStmt(b *blockStmt, i int, sc scope) flow {
	switch s := b.body[i].(type) {
	case *ifStmt:
		if _, isConst := isBoolLit(s.cond); isConst || len(s.then.body) == 0 {
			p.fail(s.p, "extraneous if block")
		}
		inner := scope{inLoop: sc.inLoop, lastLoop: sc.lastLoop, lastSource: sc.lastSource, returns: sc.returns, lambda: sc.lambda}
		tf := p.checkBlock(s.then, inner, false)
		if s.els == nil {
			return flow{anyContinue: tf.anyContinue, anyBreak: tf.anyBreak}
		}
		if len(s.els.body) == 0 {
			p.fail(s.p, "extraneous else block.")
		}
		ef := p.checkBlock(s.els, inner, false)
		return flow{
			method: tf.method && ef.method, loop: tf.loop && ef.loop, all: tf.all && ef.all,
			anyContinue: tf.anyContinue || ef.anyContinue, anyBreak: tf.anyBreak || ef.anyBreak,
		}
	case *whileStmt:
		kind := "while"
		if s.isDo {
			kind = "do-while"
		}
		v, isConst := isBoolLit(s.cond)
		if s.isDo {
			if len(s.body.body) == 0 {
				p.fail(s.p, "extraneous do-while loop")
			}
			f := p.checkLoopBody(s.body, sc, false, kind, s.p)
			if isConst && !v {
				p.fail(s.p, "extraneous do-while loop")
			}
			if isConst && v {
				return p.endless(s.body, sc)
			}
			return f
		}
		if isConst && !v {
			p.fail(s.p, "extraneous while loop")
		}
		if len(s.body.body) == 0 {
			if isConst && v {
				p.fail(s.p, "no paths escape from while loop")
			}
			return flow{}
		}
		return p.checkLoopBody(s.body, sc, isConst && v, kind, s.p)
	case *forStmt:
		continuous := s.cond == nil
		if s.cond != nil {
			v, isConst := isBoolLit(s.cond)
			if isConst && !v {
				p.fail(s.p, "extraneous for loop")
			}
			if isConst && len(s.body.body) == 0 {
				p.fail(s.p, "no paths escape from for loop")
			}
			continuous = isConst && v
		}
		if len(s.body.body) == 0 {
			return flow{}
		}
		return p.checkLoopBody(s.body, sc, continuous, "for", s.p)
	case *forEachStmt:
		if len(s.body.body) == 0 {
			p.fail(s.p, "extraneous foreach loop")
		}
		return p.checkLoopBody(s.body, sc, false, "foreach", s.p)
	case *tryStmt:
		if len(s.body.body) == 0 {
			p.fail(s.p, "extraneous try statement")
		}
		inner := scope{inLoop: sc.inLoop, lastLoop: sc.lastLoop, lastSource: sc.lastSource, returns: sc.returns, lambda: sc.lambda}
		f := p.checkBlock(s.body, inner, false)
		for _, c := range s.catches {
			if len(c.body.body) == 0 {
				f.method, f.loop, f.all = false, false, false
				continue
			}
			cf := p.checkBlock(c.body, inner, false)
			f.method, f.loop, f.all = f.method && cf.method, f.loop && cf.loop, f.all && cf.all
			f.anyContinue, f.anyBreak = f.anyContinue || cf.anyContinue, f.anyBreak || cf.anyBreak
		}
		return f
	case *returnStmt:
		p.checkReturn(s, sc)
		return flow{method: true, loop: true, all: true}
	case *throwStmt:
		return flow{method: true, loop: true, all: true}
	case *breakStmt:
		if !sc.inLoop {
			p.fail(s.p, "invalid break statement: not inside loop")
		}
		return flow{all: true, loop: true, anyBreak: true}
	case *continueStmt:
		if !sc.inLoop {
			p.fail(s.p, "invalid continue statement: not inside loop")
		}
		if sc.lastLoop {
			p.fail(s.p, "extraneous continue statement")
		}
		return flow{all: true, anyContinue: true}
	case *exprStmt:
		if sc.lastSource && sc.returns != tyVoid {
			// the function's last bare value is its result
			p.checkAssignable(sc.returns, s.x, s.x.loc())
			b.body[i] = &returnStmt{x: s.x, p: s.p}
			return flow{method: true, loop: true, all: true}
		}
		if !isStatementExpr(s.x) {
			p.fail(s.x.loc(), notAStatement(s.x))
		}
	}
	return flow{}
}

// endless is the flow of a loop whose condition is the constant true.
func (p *parser) endless(body *blockStmt, sc scope) flow {
	f := p.checkBlock(body, scope{inLoop: true, returns: sc.returns, lambda: sc.lambda}, true)
	if f.anyBreak {
		return flow{}
	}
	return flow{method: true, all: true}
}

func (p *parser) checkReturn(s *returnStmt, sc scope) {
	if sc.lambda {
		return
	}
	switch {
	case s.x != nil && sc.returns == tyVoid:
		panic(&compileErr{pos: s.x.loc(), cause: "class_cast_exception",
			msg: "Cannot cast from [" + staticName(s.x) + "] to [void]."})
	case s.x == nil && sc.returns != tyVoid:
		panic(&compileErr{pos: s.p, cause: "class_cast_exception",
			msg: "cannot cast from [" + sc.returns.String() + "] to [void]"})
	case s.x != nil:
		p.checkAssignable(sc.returns, s.x, s.x.loc())
	}
}

// staticName is the canonical name of an expression's compile-time type.
func staticName(x expr) string {
	switch x.(type) {
	case *listLit:
		return "java.util.ArrayList"
	case *mapLit:
		return "java.util.HashMap"
	}
	return x.static().String()
}

// isStatementExpr reports whether an expression may stand alone as a statement.
func isStatementExpr(x expr) bool {
	switch x.(type) {
	case *assignExpr, *incDecExpr, *callExpr, *staticCallExpr, *fnCallExpr, *newExpr:
		return true
	}
	return false
}

var operationNames = map[string]string{
	"*": "multiplication", "/": "division", "%": "remainder", "+": "addition", "-": "subtraction",
	"<<": "left shift", ">>": "right shift", ">>>": "unsigned shift", "&": "bitwise and",
	"^": "bitwise xor", "|": "bitwise or", "==": "equals", "!=": "not equals",
	"===": "reference equals", "!==": "reference not equals", "<": "less than",
	"<=": "less than or equals", ">": "greater than", ">=": "greater than or equals",
	"&&": "boolean and", "||": "boolean or", "!": "boolean not", "~": "bitwise not",
}

// notAStatement is Painless's message for an expression statement whose value is unused.
func notAStatement(x expr) string { return "not a statement: result not used from " + describe(x) }

// describe names an expression node as Painless's messages do ("addition operation [+]").
func describe(x expr) string {
	switch v := x.(type) {
	case *binaryExpr:
		return operationNames[v.op] + " operation [" + v.op + "]"
	case *logicExpr:
		op := "||"
		if v.and {
			op = "&&"
		}
		return operationNames[op] + " operation [" + op + "]"
	case *unaryExpr:
		return operationNames[v.op] + " operation [" + v.op + "]"
	case *ternaryExpr:
		return "conditional operation [?:]"
	case *elvisExpr:
		return "elvis operation [?:]"
	case *castExpr:
		return "explicit cast with target type [" + v.name + "]"
	case *listLit:
		return "list initializer"
	case *mapLit:
		return "map initializer"
	case *newArrayExpr:
		return "new array"
	case *instanceofExpr:
		return "instanceof with target type [" + v.name + "]"
	case *localExpr:
		return "symbol [" + v.name + "]"
	case *litExpr:
		return "constant [" + javaString(v.v) + "]"
	case *fieldExpr:
		if v.nullSafe {
			return "null safe operation [?.]"
		}
		return "dot operator [.]"
	case *indexExpr:
		return "brace operator [[]]"
	case *lambdaExpr:
		return "lambda"
	case *callExpr:
		return "method call [" + v.name + "/" + strconv.Itoa(len(v.args)) + "]"
	case *staticCallExpr:
		return "method call [" + v.name + "/" + strconv.Itoa(len(v.args)) + "]"
	case *fnCallExpr:
		return "function call [" + v.name + "/" + strconv.Itoa(len(v.args)) + "]"
	case *newExpr:
		return "new object"
	case *assignExpr:
		return "assignment"
	case *incDecExpr:
		return "increment/decrement"
	}
	return "expression"
}
