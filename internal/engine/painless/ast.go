package painless

// The tree the parser builds and the interpreter walks. Names are resolved to frame
// slots at compile time, so running a script never looks a name up.

// expr is an expression node.
type expr interface {
	eval(e *env) any
	// static returns the compile-time type (tyDef when only known at run time).
	static() typ
	// loc is the node's offset as Painless locates it: where a cast of its value fails.
	loc() int
}

// stmt is a statement node.
type stmt interface {
	exec(e *env) ctl
}

// ctl is how a statement ends.
type ctl uint8

const (
	ctlNext ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

// funcDef is a user function, a lambda, or the script body itself.
type funcDef struct {
	name    string
	params  []typ
	ret     typ
	nparams int
	nslots  int
	body    []stmt
	// captures copies outer slots into this lambda's slots when the lambda is created.
	captures []capture
	pos      int // where the declaration starts (its return type)
	open     int // the body's '{'
	isLambda bool
	exprBody expr // a lambda written as `x -> expr`
}

type capture struct{ outer, inner int }

// Expression nodes. p is the byte offset OpenSearch reports when the node fails.

type litExpr struct {
	v any
	t typ
	p int
}

type localExpr struct {
	slot int
	t    typ
	p    int
	name string
}

type fieldExpr struct {
	obj      expr
	name     string
	nullSafe bool
	p        int
}

type indexExpr struct {
	obj, idx expr
	p        int
}

type callExpr struct {
	recv     expr
	name     string
	args     []expr
	nullSafe bool
	p        int
}

type staticCallExpr struct {
	class, name string
	args        []expr
	p           int
}

type fnCallExpr struct {
	fn   *funcDef
	name string
	args []expr
	p    int
	// builtin is a context function (ScoreScriptUtils, or a k-NN plugin
	// function, knn_functions.go) the call resolved to.
	builtin func(args []any) any
	// hosted is a score-context function that reads the document and shard
	// being scored (randomScore, termFreq...; score_host.go), ret its type.
	hosted    func(h ScoreHost, args []any) any
	hostedRet typ
	// emit is the arity of a call to the derived field context's emit
	// (0 for any other call).
	emit int
}

type newExpr struct {
	class string
	args  []expr
	p     int
}

type newArrayExpr struct {
	size  expr   // new T[n]
	items []expr // new T[] {a, b}
	elem  typ
	p     int
}

type listLit struct {
	items []expr
	p     int
}

type mapLit struct {
	keys, vals []expr
	p          int
}

type unaryExpr struct {
	op string
	x  expr
	p  int
	t  typ
}

type binaryExpr struct {
	op   string
	l, r expr
	p    int
	t    typ
	// equals marks == and != between statically typed operands that Painless compares
	// with equals() rather than numerically (a BigInteger against a number).
	equals bool
}

type logicExpr struct {
	and  bool
	l, r expr
	p    int
}

type ternaryExpr struct {
	c, a, b expr
	p       int
}

type elvisExpr struct {
	a, b expr
	p    int
}

type instanceofExpr struct {
	x     expr
	class string
	t     typ
	p     int
	name  string // the type as written
}

type castExpr struct {
	x     expr
	t     typ
	class string
	p     int
	name  string // the type as written
}

// assignExpr is `target = val` or a compound `target op= val` (op is the binary operator).
type assignExpr struct {
	target expr // *localExpr, *fieldExpr or *indexExpr
	op     string
	val    expr
	p      int
}

type incDecExpr struct {
	target expr
	delta  int32
	prefix bool
	p      int
}

type lambdaExpr struct {
	fn *funcDef
	p  int
}

// Statement nodes.

type exprStmt struct {
	x expr
	p int
}

type declStmt struct {
	slots []int
	types []typ
	inits []expr // nil entry: default value
	p     int
}

// blockStmt is a braced block or the single statement of an if, else or loop; an empty
// body is what Painless calls a null block.
type blockStmt struct {
	body []stmt
	p    int
}

type ifStmt struct {
	cond      expr
	then, els *blockStmt // els is nil without an else
	p         int
}

type whileStmt struct {
	cond expr
	body *blockStmt
	isDo bool
	p    int
}

type forStmt struct {
	init   stmt
	cond   expr
	update expr
	body   *blockStmt
	p      int
}

type forEachStmt struct {
	slot int
	t    typ
	iter expr
	body *blockStmt
	p    int
}

type returnStmt struct {
	x expr
	p int
}

type breakStmt struct{ p int }

type continueStmt struct{ p int }

type throwStmt struct {
	x expr
	p int
}

type tryStmt struct {
	body    *blockStmt
	catches []catchClause
	p       int
}

type catchClause struct {
	class string
	slot  int
	body  *blockStmt
}

// Offsets of the expression nodes.

func (x *litExpr) loc() int        { return x.p }
func (x *localExpr) loc() int      { return x.p }
func (x *fieldExpr) loc() int      { return x.p }
func (x *indexExpr) loc() int      { return x.p }
func (x *callExpr) loc() int       { return x.p }
func (x *staticCallExpr) loc() int { return x.p }
func (x *fnCallExpr) loc() int     { return x.p }
func (x *newExpr) loc() int        { return x.p }
func (x *newArrayExpr) loc() int   { return x.p }
func (x *listLit) loc() int        { return x.p }
func (x *mapLit) loc() int         { return x.p }
func (x *unaryExpr) loc() int      { return x.p }
func (x *binaryExpr) loc() int     { return x.p }
func (x *logicExpr) loc() int      { return x.p }
func (x *ternaryExpr) loc() int    { return x.p }
func (x *elvisExpr) loc() int      { return x.p }
func (x *instanceofExpr) loc() int { return x.p }
func (x *castExpr) loc() int       { return x.p }
func (x *assignExpr) loc() int     { return x.p }
func (x *incDecExpr) loc() int     { return x.p }
func (x *lambdaExpr) loc() int     { return x.p }
