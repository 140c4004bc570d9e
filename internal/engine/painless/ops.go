package painless

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// numeric kinds in promotion order, as Java's binary numeric promotion ranks them.
const (
	nkNone = iota
	nkInt
	nkLong
	nkFloat
	nkDouble
)

// numKind ranks a number for promotion. A BigInteger counts as an int, because DefMath
// handles Numbers it does not know through intValue (or longValue/doubleValue when the
// other operand is a Long or Double).
func numKind(v any) int {
	switch v.(type) {
	case int32, *big.Int:
		return nkInt
	case int64:
		return nkLong
	case float32:
		return nkFloat
	case float64:
		return nkDouble
	}
	return nkNone
}

func toInt64(v any) int64 {
	switch n := v.(type) {
	case *big.Int:
		return bigLow(n, 64)
	case int32:
		return int64(n)
	case int64:
		return n
	case float32:
		return f2l(float64(n))
	case float64:
		return f2l(n)
	}
	return 0
}

func toFloat64(v any) float64 {
	switch n := v.(type) {
	case *big.Int:
		return bigFloat(n)
	case int32:
		return float64(n)
	case int64:
		return float64(n)
	case float32:
		return float64(n)
	case float64:
		return n
	}
	return 0
}

// f2l and f2i convert as Java's (long)/(int) casts do: NaN is 0, out of range saturates.
func f2l(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

func f2i(f float64) int32 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt32:
		return math.MaxInt32
	case f <= math.MinInt32:
		return math.MinInt32
	}
	return int32(f)
}

// opTypeError raises what DefMath raises for operands it cannot combine: building its
// ClassCastException message calls getClass() on each operand, so a null operand is a
// NullPointerException with the JDK's helpful message naming DefMath's parameter.
func opTypeError(op string, l, r any) {
	if l == nil {
		throwNPE(`Cannot invoke "Object.getClass()" because "left" is null`)
	}
	if r == nil {
		throwNPE(`Cannot invoke "Object.getClass()" because "right" is null`)
	}
	_, lb := l.(bool)
	_, rb := r.(bool)
	if lb && rb {
		throwCCE2("Cannot apply [" + op + "] operation to type [boolean]")
	}
	throwCCE2("Cannot apply [" + op + "] operation to types [" + className(l) + "] and [" + className(r) + "].")
}

// nullOperand is the NullPointerException of a unary or shift operator on a null def:
// the operator lookup calls getClass() on its first argument.
const nullOperand = `Cannot invoke "Object.getClass()" because "args[0]" is null`

func throwCCE2(msg string) { throw("ClassCastException", msg) }

func unary(op string, v any) any {
	switch op {
	case "!":
		b, ok := v.(bool)
		if !ok {
			defCastError("", v, "boolean")
		}
		return !b
	case "-":
		switch n := v.(type) {
		case int32:
			return -n
		case int64:
			return -n
		case float32:
			return -n
		case float64:
			return -n
		}
	case "+":
		if numKind(v) != nkNone {
			return v
		}
	case "~":
		switch n := v.(type) {
		case int32:
			return ^n
		case int64:
			return ^n
		}
	}
	if v == nil {
		throwNPE(nullOperand)
	}
	throwCCE2("Cannot apply [" + op + "] operation to type [" + className(v) + "].")
	return nil
}

// binary applies a binary operator with Java's semantics on boxed values.
func binary(op string, l, r any) any {
	switch op {
	case "==":
		return looseEquals(l, r)
	case "!=":
		return !looseEquals(l, r)
	case "===":
		return identical(l, r)
	case "!==":
		return !identical(l, r)
	case "+":
		if ls, ok := l.(string); ok {
			return concat(ls, javaString(r))
		}
		if rs, ok := r.(string); ok {
			return concat(javaString(l), rs)
		}
	case "&", "|", "^":
		if lb, ok := l.(bool); ok {
			if rb, ok := r.(bool); ok {
				switch op {
				case "&":
					return lb && rb
				case "|":
					return lb || rb
				}
				return lb != rb
			}
		}
	case "<<", ">>", ">>>":
		return shift(op, l, r)
	}
	lk, rk := numKind(l), numKind(r)
	if lk == nkNone || rk == nkNone {
		opTypeError(op, l, r)
	}
	k := max(lk, rk)
	switch op {
	case "<", "<=", ">", ">=":
		var c int
		if k == nkInt {
			c = cmpInt(int64(int32(toInt64(l))), int64(int32(toInt64(r))))
		} else if k == nkLong {
			c = cmpInt(toInt64(l), toInt64(r))
		} else {
			a, b := toFloat64(l), toFloat64(r)
			if math.IsNaN(a) || math.IsNaN(b) {
				return false
			}
			c = cmpFloat(a, b)
		}
		switch op {
		case "<":
			return c < 0
		case "<=":
			return c <= 0
		case ">":
			return c > 0
		}
		return c >= 0
	}
	switch k {
	case nkInt:
		a, b := int32(toInt64(l)), int32(toInt64(r)) // a BigInteger's intValue: its low 32 bits
		switch op {
		case "+":
			return a + b
		case "-":
			return a - b
		case "*":
			return a * b
		case "/":
			if b == 0 {
				throw("ArithmeticException", "/ by zero")
			}
			return a / b
		case "%":
			if b == 0 {
				throw("ArithmeticException", "/ by zero")
			}
			return a % b
		case "&":
			return a & b
		case "|":
			return a | b
		case "^":
			return a ^ b
		}
	case nkLong:
		a, b := toInt64(l), toInt64(r)
		switch op {
		case "+":
			return a + b
		case "-":
			return a - b
		case "*":
			return a * b
		case "/":
			if b == 0 {
				throw("ArithmeticException", "/ by zero")
			}
			return a / b
		case "%":
			if b == 0 {
				throw("ArithmeticException", "/ by zero")
			}
			return a % b
		case "&":
			return a & b
		case "|":
			return a | b
		case "^":
			return a ^ b
		}
	case nkFloat:
		a, b := float32(toFloat64(l)), float32(toFloat64(r))
		switch op {
		case "+":
			return a + b
		case "-":
			return a - b
		case "*":
			return a * b
		case "/":
			return a / b
		case "%":
			return float32(math.Mod(float64(a), float64(b)))
		}
	case nkDouble:
		a, b := toFloat64(l), toFloat64(r)
		switch op {
		case "+":
			return a + b
		case "-":
			return a - b
		case "*":
			return a * b
		case "/":
			return a / b
		case "%":
			return math.Mod(a, b)
		}
	}
	opTypeError(op, l, r)
	return nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// shift: the result has the (unary-promoted) type of the left operand; the count is
// masked to 5 or 6 bits.
func shift(op string, l, r any) any {
	lk, rk := numKind(l), numKind(r)
	if l == nil {
		throwNPE(nullOperand)
	}
	if (lk != nkInt && lk != nkLong) || (rk != nkInt && rk != nkLong) {
		opTypeError(op, l, r)
	}
	n := uint(toInt64(r))
	if lk == nkInt {
		a := l.(int32)
		n &= 31
		switch op {
		case "<<":
			return a << n
		case ">>":
			return a >> n
		}
		return int32(uint32(a) >> n)
	}
	a := l.(int64)
	n &= 63
	switch op {
	case "<<":
		return a << n
	case ">>":
		return a >> n
	}
	return int64(uint64(a) >> n)
}

// looseEquals is Painless's == on def: numbers compare after promotion (1 == 1L),
// everything else with equals().
func looseEquals(l, r any) bool {
	lk, rk := numKind(l), numKind(r)
	if lk != nkNone && rk != nkNone {
		switch max(lk, rk) {
		case nkInt: // intValue on both sides (a BigInteger keeps its low 32 bits)
			return int32(toInt64(l)) == int32(toInt64(r))
		case nkLong:
			return toInt64(l) == toInt64(r)
		}
		return toFloat64(l) == toFloat64(r)
	}
	return javaEquals(l, r)
}

// identical is ===: reference identity. Collections compare by pointer. Boxed numbers and
// strings have no stable identity in the fake; they compare by type and value, which is
// what Java gives for literals and small cached boxes.
func identical(l, r any) bool {
	switch a := l.(type) {
	case *Map, *List, *Set, *Entry, *closure, *javaThrowable, *stream, *optional, *collector, *Date, *methodRef,
		*Instant, *ZonedDateTime, *ZoneId:
		return l == r
	case float64:
		b, ok := r.(float64)
		return ok && a == b
	}
	return isComparableKey(r) && l == r
}

// javaEquals is Object.equals: same class and value; collections compare structurally.
func javaEquals(l, r any) bool { return deepEquals(l, r, 0) }

// maxDepth bounds recursion over nested values; a cyclic structure fails as Java's
// StackOverflowError would, instead of exhausting the Go stack.
const maxDepth = 1000

func deepEquals(l, r any, depth int) bool {
	if depth > maxDepth {
		throw("StackOverflowError", "")
	}
	switch a := l.(type) {
	case nil:
		return r == nil
	case float64:
		b, ok := r.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b) || ok && math.IsNaN(a) && math.IsNaN(b)
	case float32:
		b, ok := r.(float32)
		return ok && math.Float32bits(a) == math.Float32bits(b) || ok && a != a && b != b
	case *Map:
		b, ok := r.(*Map)
		if !ok {
			return false
		}
		if a == b {
			return true
		}
		if a.Len() != b.Len() {
			return false
		}
		for i, k := range a.keys {
			bv, ok := b.Get(k)
			if !ok || !deepEquals(a.vals[i], bv, depth+1) {
				return false
			}
		}
		return true
	case *List:
		b, ok := r.(*List)
		if !ok || a.array || b.array {
			return ok && a == b
		}
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !deepEquals(a.Items[i], b.Items[i], depth+1) {
				return false
			}
		}
		return true
	case *Set:
		b, ok := r.(*Set)
		if !ok || len(a.items) != len(b.items) {
			return false
		}
		for _, it := range a.items {
			if !b.has(it) {
				return false
			}
		}
		return true
	}
	switch a := l.(type) {
	case *big.Int:
		o, ok := r.(*big.Int)
		return ok && o.Cmp(a) == 0
	case *Date:
		o, ok := r.(*Date)
		return ok && o.Millis == a.Millis
	case *Instant:
		o, ok := r.(*Instant)
		return ok && *o == *a
	case *ZonedDateTime:
		o, ok := r.(*ZonedDateTime)
		return ok && *o == *a
	case *ZoneId:
		o, ok := r.(*ZoneId)
		return ok && *o == *a
	}
	if !isComparableKey(r) {
		return false
	}
	return l == r
}

// javaString is String.valueOf(v).
func javaString(v any) string {
	var b strings.Builder
	writeJavaString(&b, v, 0)
	return b.String()
}

func writeJavaString(b *strings.Builder, v any, depth int) {
	if depth > 100 {
		throw("StackOverflowError", "")
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int32:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float32:
		b.WriteString(formatFloat(x))
	case float64:
		b.WriteString(formatDouble(x))
	case string:
		b.WriteString(x)
	case *Map:
		keys, vals := x.iter()
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJavaString(b, k, depth+1)
			b.WriteByte('=')
			if vals[i] == v {
				b.WriteString("(this Map)")
			} else {
				writeJavaString(b, vals[i], depth+1)
			}
		}
		b.WriteByte('}')
	case *List:
		if x.array {
			b.WriteString("[Ljava.lang.Object;@" + strconv.FormatUint(uint64(len(x.Items)), 16))
			return
		}
		writeJavaSeq(b, x.Items, v, depth)
	case *Set:
		writeJavaSeq(b, x.iter(), v, depth)
	case *Entry:
		writeJavaString(b, x.key, depth+1)
		b.WriteByte('=')
		writeJavaString(b, x.Value(), depth+1)
	case *javaThrowable:
		b.WriteString("java.lang." + x.class)
		if x.msg != "" {
			b.WriteString(": " + x.msg)
		}
	case *closure, *methodRef:
		b.WriteString("$Lambda")
	case *big.Int:
		b.WriteString(x.String())
	case *Date:
		b.WriteString(x.javaString())
	case *Instant:
		b.WriteString(x.javaString())
	case *ZonedDateTime:
		b.WriteString(x.javaString())
	case *ZoneId:
		b.WriteString(x.String())
	case *optional:
		if !x.present {
			b.WriteString("Optional.empty")
			return
		}
		b.WriteString("Optional[")
		writeJavaString(b, x.v, depth+1)
		b.WriteByte(']')
	case *stream:
		b.WriteString("java.util.stream.ReferencePipeline")
	case *collector:
		b.WriteString("java.util.stream.Collectors$CollectorImpl")
	default:
		b.WriteString("?")
	}
}

func writeJavaSeq(b *strings.Builder, items []any, self any, depth int) {
	b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		if it == self {
			b.WriteString("(this Collection)")
		} else {
			writeJavaString(b, it, depth+1)
		}
	}
	b.WriteByte(']')
}

// zeroValue is the initial value of an uninitialized local.
func zeroValue(t typ) any {
	switch t {
	case tyInt:
		return int32(0)
	case tyLong:
		return int64(0)
	case tyFloat:
		return float32(0)
	case tyDouble:
		return float64(0)
	case tyBoolean:
		return false
	}
	return nil
}

// valueNull is the NullPointerException of converting a null def to a primitive: Def's
// conversion methods call getClass() on their "value" parameter to build the message.
const valueNull = `Cannot invoke "Object.getClass()" because "value" is null`

// unboxedName is PainlessLookupUtility.typeToUnboxedType(v.getClass()) in messages.
func unboxedName(v any) string {
	switch v.(type) {
	case int32:
		return "int"
	case int64:
		return "long"
	case float32:
		return "float"
	case float64:
		return "double"
	case bool:
		return "boolean"
	}
	return className(v)
}

func defCastError(kind string, v any, to string) {
	if v == nil {
		throwNPE(valueNull)
	}
	throw("ClassCastException", "cannot "+kind+"cast def ["+unboxedName(v)+"] to "+to)
}

// checkcastError is the JVM's ClassCastException for a reference cast (checkcast).
func checkcastError(v any, to string) {
	from := className(v)
	throw("ClassCastException", "class "+from+" cannot be cast to class "+to+" ("+from+" and "+to+
		" are in module java.base of loader 'bootstrap')")
}

// refClass is the Java class name a reference type casts to.
func refClass(t typ) string {
	switch t {
	case tyEntry:
		return "java.util.Map$Entry"
	case tyCollection:
		return "java.util.Collection"
	case tyException:
		return "java.lang.Exception"
	case tyDate:
		return "java.util.Date"
	case tyInstant:
		return "java.time.Instant"
	case tyBigInt:
		return "java.math.BigInteger"
	case tyZoned:
		return "java.time.ZonedDateTime"
	case tyZone:
		return "java.time.ZoneId"
	case tyArrayDef:
		return "[Ljava.lang.Object;"
	}
	return t.String()
}

// convertForStore applies the implicit cast of a def value into a typed local, parameter,
// loop variable or array element, with the conversions and messages of Painless's Def
// class (def to primitive, boxed and String) or the JVM's checkcast (other references).
func convertForStore(v any, t typ) any {
	switch t {
	case tyDef:
		return v
	case tyBoolean:
		if _, ok := v.(bool); ok {
			return v
		}
		defCastError("", v, "boolean")
	case tyInt:
		if _, ok := v.(int32); ok {
			return v
		}
		defCastError("implicitly ", v, "int")
	case tyLong, tyBoxLong:
		switch n := v.(type) {
		case int64:
			return v
		case int32:
			return int64(n)
		case nil:
			if t == tyBoxLong {
				return nil
			}
		}
		defCastError("implicitly ", v, map[bool]string{true: "long", false: "java.lang.Long"}[t == tyLong])
	case tyFloat, tyBoxFloat:
		switch n := v.(type) {
		case float32:
			return v
		case int32:
			return float32(n)
		case int64:
			return float32(n)
		case nil:
			if t == tyBoxFloat {
				return nil
			}
		}
		defCastError("implicitly ", v, map[bool]string{true: "float", false: "java.lang.Float"}[t == tyFloat])
	case tyDouble, tyBoxDouble:
		if numKind(v) != nkNone {
			return toFloat64(v)
		}
		if v == nil && t == tyBoxDouble {
			return nil
		}
		defCastError("implicitly ", v, map[bool]string{true: "double", false: "java.lang.Double"}[t == tyDouble])
	case tyBoxInt:
		if _, ok := v.(int32); ok || v == nil {
			return v
		}
		defCastError("implicitly ", v, "java.lang.Integer")
	case tyBoxBool:
		if _, ok := v.(bool); ok || v == nil {
			return v
		}
		defCastError("implicitly ", v, "java.lang.Boolean")
	case tyString:
		if _, ok := v.(string); ok || v == nil {
			return v
		}
		defCastError("implicitly ", v, "java.lang.String")
	default:
		if v == nil || isInstance(v, t) {
			return v
		}
		checkcastError(v, refClass(t))
	}
	return nil
}

// explicitCast is `(T) v`: numeric casts narrow or widen as Java does; from def, any
// number converts to a primitive or boxed numeric type, as Def's explicit casts allow.
func explicitCast(v any, t typ) any {
	nk := numKind(v)
	if _, isBig := v.(*big.Int); isBig && t != tyDef && t != tyNumber && t != tyBigInt {
		// Def's explicit numeric casts list the boxed primitives only
		defCastError("explicitly ", v, refClass(t))
	}
	switch t {
	case tyInt, tyBoxInt:
		switch n := v.(type) {
		case int32:
			return n
		case int64:
			return int32(n)
		case float32, float64:
			return f2i(toFloat64(n))
		case nil:
			if t == tyBoxInt {
				return nil
			}
		}
		defCastError("explicitly ", v, map[bool]string{true: "int", false: "java.lang.Integer"}[t == tyInt])
	case tyLong, tyBoxLong:
		if nk != nkNone {
			return toInt64(v)
		}
		if v == nil && t == tyBoxLong {
			return nil
		}
		defCastError("explicitly ", v, map[bool]string{true: "long", false: "java.lang.Long"}[t == tyLong])
	case tyFloat, tyBoxFloat:
		if nk != nkNone {
			if n, ok := v.(int64); ok {
				return float32(n)
			}
			return float32(toFloat64(v))
		}
		if v == nil && t == tyBoxFloat {
			return nil
		}
		if t == tyFloat { // Def.defTofloatExplicit's message says so
			if v == nil {
				throwNPE(valueNull)
			}
			throw("ClassCastException", "cannot explicitly cast float ["+unboxedName(v)+"] to byte")
		}
		defCastError("explicitly ", v, "java.lang.Float")
	case tyDouble, tyBoxDouble:
		if nk != nkNone {
			return toFloat64(v)
		}
		if v == nil && t == tyBoxDouble {
			return nil
		}
		if t == tyDouble { // Def.defTodoubleExplicit names byte as well
			defCastError("explicitly ", v, "byte")
		}
		defCastError("explicitly ", v, "java.lang.Double")
	case tyString:
		if _, ok := v.(string); ok || v == nil {
			return v
		}
		defCastError("explicitly ", v, "java.lang.String")
	}
	return convertForStore(v, t)
}

// isInstance is `v instanceof T`.
func isInstance(v any, t typ) bool {
	if v == nil {
		return false
	}
	switch t {
	case tyDef:
		return true
	case tyInt, tyBoxInt:
		_, ok := v.(int32)
		return ok
	case tyLong, tyBoxLong:
		_, ok := v.(int64)
		return ok
	case tyFloat, tyBoxFloat:
		_, ok := v.(float32)
		return ok
	case tyDouble, tyBoxDouble:
		_, ok := v.(float64)
		return ok
	case tyBoolean, tyBoxBool:
		_, ok := v.(bool)
		return ok
	case tyNumber:
		return numKind(v) != nkNone
	case tyString:
		_, ok := v.(string)
		return ok
	case tyMap:
		_, ok := v.(*Map)
		return ok
	case tyList:
		l, ok := v.(*List)
		return ok && !l.array
	case tyArrayDef:
		l, ok := v.(*List)
		return ok && l.array
	case tySet:
		_, ok := v.(*Set)
		return ok
	case tyCollection:
		switch x := v.(type) {
		case *List:
			return !x.array
		case *Set:
			return true
		}
	case tyEntry:
		_, ok := v.(*Entry)
		return ok
	case tyException:
		_, ok := v.(*javaThrowable)
		return ok
	case tyDate:
		_, ok := v.(*Date)
		return ok
	case tyInstant:
		_, ok := v.(*Instant)
		return ok
	case tyBigInt:
		_, ok := v.(*big.Int)
		return ok
	case tyZoned:
		_, ok := v.(*ZonedDateTime)
		return ok
	case tyZone:
		_, ok := v.(*ZoneId)
		return ok
	}
	return false
}

// maxStringLen bounds strings a script builds; Java would run out of heap long before.
const maxStringLen = 1 << 27

func concat(a, b string) string {
	if len(a)+len(b) > maxStringLen {
		throw("OutOfMemoryError", "Java heap space")
	}
	return a + b
}
