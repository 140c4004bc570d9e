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
	case int32, *big.Int, javaByte, javaShort, javaChar:
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
	case javaByte:
		return int64(n)
	case javaShort:
		return int64(n)
	case javaChar:
		return int64(n)
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
	case javaByte:
		return float64(n)
	case javaShort:
		return float64(n)
	case javaChar:
		return float64(n)
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
	if op != "!" {
		v = promoteSmall(v) // unary numeric promotion
	}
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
		// a BigInteger's intValue: its low 32 bits
		if v, ok := integerOp(op, int32(toInt64(l)), int32(toInt64(r))); ok {
			return v
		}
	case nkLong:
		if v, ok := integerOp(op, toInt64(l), toInt64(r)); ok {
			return v
		}
	case nkFloat:
		a, b := float32(toFloat64(l)), float32(toFloat64(r))
		if op == "%" {
			return float32(math.Mod(float64(a), float64(b)))
		}
		if v, ok := floatOp(op, a, b); ok {
			return v
		}
	case nkDouble:
		a, b := toFloat64(l), toFloat64(r)
		if op == "%" {
			return math.Mod(a, b)
		}
		if v, ok := floatOp(op, a, b); ok {
			return v
		}
	}
	opTypeError(op, l, r)
	return nil
}

// integerOp is Java's int or long arithmetic (wrapping, and division by
// zero an ArithmeticException); ok is false for an operator it lacks.
func integerOp[T int32 | int64](op string, a, b T) (any, bool) {
	switch op {
	case "+":
		return a + b, true
	case "-":
		return a - b, true
	case "*":
		return a * b, true
	case "/", "%":
		if b == 0 {
			throw("ArithmeticException", "/ by zero")
		}
		if op == "/" {
			return a / b, true
		}
		return a % b, true
	case "&":
		return a & b, true
	case "|":
		return a | b, true
	case "^":
		return a ^ b, true
	}
	return nil, false
}

// floatOp is Java's float or double arithmetic for + - * /.
func floatOp[T float32 | float64](op string, a, b T) (any, bool) {
	switch op {
	case "+":
		return a + b, true
	case "-":
		return a - b, true
	case "*":
		return a * b, true
	case "/":
		return a / b, true
	}
	return nil, false
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
	l = promoteSmall(l)
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
	case javaByte, javaShort, javaChar:
		s, _ := smallString(x)
		b.WriteString(s)
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
	case *docValues:
		writeJavaSeq(b, x.list().Items, v, depth)
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

// maxStringLen bounds strings a script builds; Java would run out of heap long before.
const maxStringLen = 1 << 27

func concat(a, b string) string {
	if len(a)+len(b) > maxStringLen {
		throw("OutOfMemoryError", "Java heap space")
	}
	return a + b
}
