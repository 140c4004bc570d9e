package painless

// Method references (Type::method, Type::new, this::function, local::method). Painless
// resolves them against the functional interface they are passed as; the fake resolves
// them when called, from the number of arguments the built-in passes: a static method of
// that arity if the class has one, else an instance method on the first argument.

type refKind uint8

const (
	refType  refKind = iota // String::valueOf, String::length, Map.Entry::getKey
	refCtor                 // ArrayList::new
	refThis                 // this::myFunction
	refBound                // x::contains, bound to the value of local x
)

// methodRefExpr builds a method reference value.
type methodRefExpr struct {
	kind  refKind
	class string // type name as written (Map.Entry for the entry class)
	name  string
	fn    *funcDef // refThis, resolved once every function is known
	recv  expr     // refBound
	p     int
}

// methodRef is a method reference at run time.
type methodRef struct {
	kind  refKind
	class string
	name  string
	fn    *funcDef
	recv  any
	run   *run
}

func (x *methodRefExpr) static() typ { return tyDef }
func (x *methodRefExpr) loc() int    { return x.p }

func (x *methodRefExpr) eval(e *env) any {
	m := &methodRef{kind: x.kind, class: x.class, name: x.name, fn: x.fn, run: e.r}
	if x.kind == refBound {
		m.recv = x.recv.eval(e)
		if m.recv == nil {
			e.r.pos = x.p
			throwNPE("")
		}
	}
	return m
}

func (m *methodRef) call(args ...any) any {
	r := m.run
	switch m.kind {
	case refCtor:
		if !constructorOK(m.class, len(args)) {
			throwIAE("constructor [" + typeNames[m.class].class + ", <init>/" + itoa(len(args)) + "] not found")
		}
		return construct(r, m.class, args)
	case refThis:
		return callFunc(r, m.fn, nil, args)
	case refBound:
		return callMethod(r, m.recv, m.name, args)
	}
	if staticMethods[m.class+"."+methodKey(m.name, len(args))] {
		return callStatic(r, m.class, m.name, args)
	}
	if len(args) == 0 {
		throwIAE("static method [" + typeNames[m.class].class + ", " + m.name + "/0] not found")
	}
	return callMethod(r, args[0], m.name, args[1:])
}
