package painless

import "math/big"

// Casts and instanceof: implicit conversions into typed slots, explicit (T) casts, with
// the messages of Painless's Def class and the JVM.

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
	case tyByte:
		return javaByte(0)
	case tyShort:
		return javaShort(0)
	case tyChar:
		return javaChar(0)
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
	case javaByte:
		return "byte"
	case javaShort:
		return "short"
	case javaChar:
		return "char"
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
	case tyByte, tyShort, tyChar, tyBoxByte, tyBoxShort, tyBoxChar:
		return implicitSmall(v, t)
	case tyBoolean:
		if _, ok := v.(bool); ok {
			return v
		}
		defCastError("", v, "boolean")
	case tyInt:
		switch v.(type) {
		case int32:
			return v
		case javaByte, javaShort, javaChar:
			return promoteSmall(v)
		}
		defCastError("implicitly ", v, "int")
	case tyLong, tyBoxLong:
		switch n := v.(type) {
		case int64:
			return v
		case int32:
			return int64(n)
		case javaByte, javaShort, javaChar:
			return toInt64(n)
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
		case javaByte, javaShort, javaChar:
			return float32(toInt64(n))
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
		switch v.(type) {
		case javaByte, javaShort, javaChar:
			return promoteSmall(v)
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
	case tyByte, tyShort, tyChar, tyBoxByte, tyBoxShort, tyBoxChar:
		return explicitSmall(v, t)
	case tyInt, tyBoxInt:
		switch n := v.(type) {
		case int32:
			return n
		case javaByte, javaShort, javaChar:
			return promoteSmall(n)
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
		if c, ok := v.(javaChar); ok { // Utility.charToString
			return charString(c)
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
		_, isChar := v.(javaChar) // Character is no Number
		return numKind(v) != nkNone && !isChar
	case tyByte, tyBoxByte:
		_, ok := v.(javaByte)
		return ok
	case tyShort, tyBoxShort:
		_, ok := v.(javaShort)
		return ok
	case tyChar, tyBoxChar:
		_, ok := v.(javaChar)
		return ok
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
