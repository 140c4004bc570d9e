package painless

import "strconv"

func (x *litExpr) eval(*env) any     { return x.v }
func (x *litExpr) static() typ       { return x.t }
func (x *localExpr) eval(e *env) any { return e.slots[x.slot] }
func (x *localExpr) static() typ     { return x.t }

func (x *fieldExpr) static() typ { return tyDef }

func (x *fieldExpr) eval(e *env) any {
	obj := x.obj.eval(e)
	if obj == nil && x.nullSafe {
		return nil
	}
	e.r.pos = x.p
	return getField(obj, x.name)
}

// getField is `obj.name`, resolved as Def.lookupGetter does: a whitelisted getter first
// (isEmpty is "empty", getLength "length", getKey "key"...), then the Map shortcut (get)
// or the List shortcut (a numeric index).
func getField(obj any, name string) any {
	switch o := obj.(type) {
	case *DocLookup:
		return docLookupField(o, name)
	case *docValues:
		return docValuesField(o, name)
	case *Map:
		if name == "empty" {
			return o.Len() == 0
		}
		v, _ := o.Get(name)
		return v
	case *List:
		switch name {
		case "length":
			return int32(len(o.Items))
		case "empty":
			if !o.array {
				return len(o.Items) == 0
			}
		}
		if o.array {
			break
		}
		i, err := strconv.Atoi(name)
		if err != nil {
			throwIAE("Illegal list shortcut value [" + name + "].")
		}
		return listGet(o, int64(i))
	case *Set:
		if name == "empty" {
			return len(o.items) == 0
		}
	case *Entry:
		switch name {
		case "key":
			return o.key
		case "value":
			return o.Value()
		}
	case string:
		if name == "empty" {
			return len(o) == 0
		}
	case *Date:
		if name == "time" {
			return o.Millis
		}
	case *optional:
		if name == "present" {
			return o.present
		}
	case *javaThrowable:
		switch name {
		case "message", "localizedMessage":
			if o.msg == "" {
				return nil
			}
			return o.msg
		}
	case nil:
		throwNPE("cannot access method/field [" + name + "] from a null def reference")
	}
	throwIAE("dynamic getter [" + className(obj) + ", " + name + "] not found")
	return nil
}

// setField is `obj.name = v`: a whitelisted setter, else the Map or List shortcut.
func setField(obj any, name string, v any) {
	switch o := obj.(type) {
	case *Map:
		mapPut(o, name, v)
		return
	case *List:
		if o.array {
			break
		}
		i, err := strconv.Atoi(name)
		if err != nil {
			throwIAE("Illegal list shortcut value [" + name + "].")
		}
		listSet(o, int64(i), v)
		return
	case *Date:
		if name == "time" {
			o.Millis = convertForStore(v, tyLong).(int64)
			return
		}
	case *Entry:
		if name == "value" { // Map.Entry.setValue
			mapPut(o.m, o.key, v)
			return
		}
	case nil:
		throwNPE("cannot access method/field [" + name + "] from a null def reference")
	}
	throwIAE("dynamic setter [" + className(obj) + ", " + name + "] not found")
}

func mapPut(m *Map, k, v any) any {
	if m.readOnly {
		throwUnsupported(m.roReason)
	}
	return m.Set(k, v)
}

func (x *indexExpr) static() typ { return tyDef }

func (x *indexExpr) eval(e *env) any {
	obj := x.obj.eval(e)
	idx := x.idx.eval(e)
	e.r.pos = x.p
	return getIndex(obj, idx)
}

// nullBrace is the NullPointerException of `x[i]` on a null def: the brace access first
// calls the dynamic normalizeIndex (negative list indexes), whose null check names it.
const nullBrace = "cannot access method/field [normalizeIndex] from a null def reference"

func getIndex(obj, idx any) any {
	switch o := obj.(type) {
	case *DocLookup:
		return o.get(idx)
	case *docValues:
		return o.at(indexArg(idx))
	case *Map:
		v, _ := o.Get(idx)
		return v
	case *List:
		return listGet(o, indexArg(idx))
	case nil:
		throwNPE(nullBrace)
	}
	throwIAE("Attempting to address a non-array-like type [" + className(obj) + "] as an array.")
	return nil
}

func setIndex(obj, idx, v any) {
	switch o := obj.(type) {
	case *DocLookup:
		throwUnsupported("")
	case *docValues:
		throwUnsupported("doc values are unmodifiable")
	case *Map:
		mapPut(o, idx, v)
		return
	case *List:
		listSet(o, indexArg(idx), v)
		return
	case nil:
		throwNPE(nullBrace)
	}
	throwIAE("Attempting to address a non-array-like type [" + className(obj) + "] as an array.")
}

// indexArg reads a list index, which must be an int (a Long does not narrow implicitly).
func indexArg(idx any) int64 {
	switch i := idx.(type) {
	case int32:
		return int64(i)
	case nil:
		throwNPE("cannot use null as a list index")
	}
	throwCCE(className(idx), "java.lang.Integer")
	return 0
}

// listGet reads list[i]; a negative index counts from the end, as the Painless list
// shortcut does.
func listGet(l *List, i int64) any {
	n := int64(len(l.Items))
	j := i
	if j < 0 {
		j += n
	}
	if j < 0 || j >= n {
		outOfBounds(l, i, n)
	}
	return l.Items[j]
}

func listSet(l *List, i int64, v any) {
	checkMutable(l)
	n := int64(len(l.Items))
	j := i
	if j < 0 {
		j += n
	}
	if j < 0 || j >= n {
		outOfBounds(l, i, n)
	}
	if l.array {
		v = convertForStore(v, l.elem)
	}
	l.Items[j] = v
}

func outOfBounds(l *List, i, n int64) {
	class := "IndexOutOfBoundsException"
	if l.array {
		class = "ArrayIndexOutOfBoundsException"
	}
	throw(class, "Index "+strconv.FormatInt(i, 10)+" out of bounds for length "+strconv.FormatInt(n, 10))
}

func (x *callExpr) static() typ { return tyDef }

func (x *callExpr) eval(e *env) any {
	recv := x.recv.eval(e)
	if recv == nil && x.nullSafe {
		return nil
	}
	var buf [3]any
	args := buf[:0]
	if len(x.args) > len(buf) {
		args = make([]any, 0, len(x.args))
	}
	for _, a := range x.args {
		args = append(args, a.eval(e))
	}
	e.r.pos = x.p
	return callMethod(e.r, recv, x.name, args)
}

func (x *staticCallExpr) static() typ { return staticReturn(x.class, x.name) }

func (x *staticCallExpr) eval(e *env) any {
	args := make([]any, len(x.args))
	for i, a := range x.args {
		args[i] = a.eval(e)
	}
	e.r.pos = x.p
	return callStatic(e.r, x.class, x.name, args)
}

func (x *newExpr) static() typ { return typeNames[x.class].t }

func (x *newExpr) eval(e *env) any {
	args := make([]any, len(x.args))
	for i, a := range x.args {
		args[i] = a.eval(e)
	}
	e.r.pos = x.p
	return construct(e.r, x.class, args)
}

func (x *newArrayExpr) static() typ { return tyArrayDef }

func (x *newArrayExpr) eval(e *env) any {
	if x.size == nil {
		items := make([]any, len(x.items))
		for i, it := range x.items {
			v := it.eval(e)
			e.r.pos = x.p
			items[i] = convertForStore(v, x.elem)
		}
		return &List{Items: items, array: true, elem: x.elem}
	}
	n := x.size.eval(e)
	e.r.pos = x.p
	size, ok := n.(int32)
	if !ok {
		if n == nil {
			throwNPE("array size is null")
		}
		throwCCE(className(n), "int")
	}
	if size < 0 {
		throw("NegativeArraySizeException", strconv.Itoa(int(size)))
	}
	if size > 10_000_000 {
		throw("OutOfMemoryError", "Java heap space")
	}
	items := make([]any, size)
	z := zeroValue(x.elem)
	for i := range items {
		items[i] = z
	}
	return &List{Items: items, array: true, elem: x.elem}
}

func (x *listLit) static() typ { return tyList }

func (x *listLit) eval(e *env) any {
	items := make([]any, len(x.items))
	for i, it := range x.items {
		items[i] = it.eval(e)
	}
	return &List{Items: items}
}

func (x *mapLit) static() typ { return tyMap }

func (x *mapLit) eval(e *env) any {
	m := newHashMap(len(x.keys)) // Painless map literals are HashMaps
	for i, k := range x.keys {
		m.Set(k.eval(e), x.vals[i].eval(e))
	}
	return m
}

func (x *unaryExpr) static() typ { return x.t }

func (x *unaryExpr) eval(e *env) any {
	v := x.x.eval(e)
	e.r.pos = x.p
	return unary(x.op, v)
}

func (x *binaryExpr) static() typ { return x.t }

func (x *binaryExpr) eval(e *env) any {
	l := x.l.eval(e)
	r := x.r.eval(e)
	e.r.pos = x.p
	if x.equals {
		return javaEquals(l, r) == (x.op == "==")
	}
	return binary(x.op, l, r)
}

func (x *logicExpr) static() typ { return tyBoolean }

func (x *logicExpr) eval(e *env) any {
	l := cond(e, x.l, x.l.loc())
	if x.and != l { // && with false, || with true: short-circuit
		return l
	}
	return cond(e, x.r, x.r.loc())
}

func (x *ternaryExpr) static() typ {
	if a, b := x.a.static(), x.b.static(); a == b {
		return a
	}
	return tyDef
}

func (x *ternaryExpr) eval(e *env) any {
	if cond(e, x.c, x.c.loc()) {
		return x.a.eval(e)
	}
	return x.b.eval(e)
}

func (x *elvisExpr) static() typ { return tyDef }

func (x *elvisExpr) eval(e *env) any {
	if v := x.a.eval(e); v != nil {
		return v
	}
	return x.b.eval(e)
}

func (x *instanceofExpr) static() typ { return tyBoolean }

func (x *instanceofExpr) eval(e *env) any { return isInstance(x.x.eval(e), x.t) }

func (x *castExpr) static() typ { return x.t }

func (x *castExpr) eval(e *env) any {
	v := x.x.eval(e)
	e.r.pos = x.p
	return explicitCast(v, x.t)
}

func (x *assignExpr) static() typ { return x.target.static() }

func (x *assignExpr) eval(e *env) any {
	switch t := x.target.(type) {
	case *localExpr:
		var v any
		if x.op == "" {
			v = x.val.eval(e)
		} else {
			old := e.slots[t.slot]
			r := x.val.eval(e)
			e.r.pos = t.p
			v = compound(x.op, old, r, t.t)
		}
		e.r.pos = x.val.loc()
		v = convertForStore(v, t.t)
		e.slots[t.slot] = v
		return v
	case *fieldExpr:
		obj := t.obj.eval(e)
		var v any
		if x.op == "" {
			v = x.val.eval(e)
		} else {
			e.r.pos = t.p
			old := getField(obj, t.name)
			r := x.val.eval(e)
			e.r.pos = t.p
			v = compound(x.op, old, r, tyDef)
		}
		e.r.pos = t.p
		setField(obj, t.name, v)
		return v
	case *indexExpr:
		obj := t.obj.eval(e)
		idx := t.idx.eval(e)
		var v any
		if x.op == "" {
			v = x.val.eval(e)
		} else {
			e.r.pos = t.p
			old := getIndex(obj, idx)
			r := x.val.eval(e)
			e.r.pos = t.p
			v = compound(x.op, old, r, tyDef)
		}
		e.r.pos = t.p
		setIndex(obj, idx, v)
		return v
	}
	return nil
}

// compound applies `old op r` and casts the result back to the type of the left side, as
// Painless does for compound assignment (an Integer counter += 4 stays an Integer; on a
// def the runtime type of the old value decides).
func compound(op string, old, r any, declared typ) any {
	if op == "+" {
		if _, ok := old.(string); ok {
			return binary(op, old, r)
		}
		if _, ok := r.(string); ok {
			// concatenation, then the cast back to the left side's type: only a String
			// (or an untyped null) can take it (DefBootstrap casts to the lhs class)
			if old == nil && (declared == tyDef || declared == tyString) {
				return binary(op, old, r)
			}
			if old == nil {
				throwNPE("cannot cast null to a primitive type [" + declared.String() + "]")
			}
			throwCCE("java.lang.String", className(old))
		}
	}
	v := binary(op, old, r)
	if declared != tyDef {
		return explicitCast(v, declared)
	}
	switch old.(type) {
	case javaByte:
		return explicitCast(v, tyByte)
	case javaShort:
		return explicitCast(v, tyShort)
	case javaChar:
		return explicitCast(v, tyChar)
	case int32:
		return explicitCast(v, tyInt)
	case int64:
		return explicitCast(v, tyLong)
	case float32:
		return explicitCast(v, tyFloat)
	case float64:
		return explicitCast(v, tyDouble)
	}
	return v
}

func (x *incDecExpr) static() typ { return x.target.static() }

func (x *incDecExpr) eval(e *env) any {
	var old any
	var store func(any)
	switch t := x.target.(type) {
	case *localExpr:
		old = e.slots[t.slot]
		store = func(v any) { e.slots[t.slot] = v }
	case *fieldExpr:
		obj := t.obj.eval(e)
		e.r.pos = t.p
		old = getField(obj, t.name)
		store = func(v any) { e.r.pos = t.p; setField(obj, t.name, v) }
	case *indexExpr:
		obj := t.obj.eval(e)
		idx := t.idx.eval(e)
		e.r.pos = t.p
		old = getIndex(obj, idx)
		store = func(v any) { e.r.pos = t.p; setIndex(obj, idx, v) }
	}
	e.r.pos = x.target.loc()
	var nv any
	switch o := old.(type) {
	case int32:
		nv = o + x.delta
	case int64:
		nv = o + int64(x.delta)
	case float32:
		nv = o + float32(x.delta)
	case float64:
		nv = o + float64(x.delta)
	case javaByte:
		nv = javaByte(int8(int32(o) + x.delta))
	case javaShort:
		nv = javaShort(int16(int32(o) + x.delta))
	case javaChar:
		nv = javaChar(uint16(int32(o) + x.delta))
	case nil:
		// x++ is x += 1: DefMath's generic add fails on the null left operand
		throwNPE(`Cannot invoke "Object.getClass()" because "left" is null`)
	default:
		throwCCE(className(old), "java.lang.Number")
	}
	store(nv)
	if x.prefix {
		return nv
	}
	return old
}
