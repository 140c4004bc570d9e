package painless

import (
	"math/big"
	"strconv"
)

// Painless's byte, short and char: boxed as java.lang.Byte, Short and
// Character. Distinct Go types keep them apart from Integer (a Byte 1 is
// not equal to an Integer 1 as a map key, as in Java); arithmetic promotes
// them to int first, as Java's numeric promotion does.
type (
	javaByte  int8
	javaShort int16
	javaChar  uint16
)

// promoteSmall applies unary numeric promotion: byte, short and char
// become int; anything else is returned as it is.
func promoteSmall(v any) any {
	switch n := v.(type) {
	case javaByte:
		return int32(n)
	case javaShort:
		return int32(n)
	case javaChar:
		return int32(n)
	}
	return v
}

// isSmallPrim reports whether t is byte, short or char.
func isSmallPrim(t typ) bool { return t == tyByte || t == tyShort || t == tyChar }

// promotedStatic is the static type of an operand after numeric promotion.
func promotedStatic(t typ) typ {
	if isSmallPrim(t) {
		return tyInt
	}
	return t
}

// primRank orders the numeric primitives for Painless's implicit widening:
// byte < short < int < long < float < double, char < int (char and byte or
// short do not widen into each other).
func primRank(t typ) int {
	switch t {
	case tyByte:
		return 1
	case tyShort, tyChar:
		return 2
	case tyInt:
		return 3
	case tyLong:
		return 4
	case tyFloat:
		return 5
	case tyDouble:
		return 6
	}
	return 0
}

// implicitPrim is AnalyzerCaster's implicit cast between numeric primitives.
func implicitPrim(from, to typ) bool {
	if from == to {
		return true
	}
	rf, rt := primRank(from), primRank(to)
	if rf == 0 || rt == 0 || rf >= rt {
		return false
	}
	// char widens to int and up only; byte and short never widen to char.
	return to != tyChar && !(from == tyChar && to == tyShort)
}

// explicitLegal is AnalyzerCaster's explicit cast check between statically
// known types: numeric primitives (and their boxes) convert among
// themselves, a String casts to char and a char to String; boolean and
// numbers never mix. Only pairs it can judge return false.
func explicitLegal(from, to typ) bool {
	num := func(t typ) bool { return primRank(t) > 0 || isBoxNum(t) }
	switch {
	case from == tyDef || to == tyDef || from == to:
		return true
	case num(from) && num(to):
		return true
	case from == tyString && (to == tyChar || to == tyBoxChar):
		return true
	case (from == tyChar || from == tyBoxChar) && to == tyString:
		return true
	case from == tyBoolean && to == tyBoxBool, from == tyBoxBool && to == tyBoolean:
		return true
	case num(from) && (to == tyBoolean || to == tyBoxBool || to == tyString),
		(from == tyBoolean || from == tyBoxBool || from == tyString) && num(to):
		return false
	case from == tyBoolean && to == tyString, from == tyString && to == tyBoolean:
		return false
	}
	return true // reference casts are checked when they run
}

// isBoxNum reports whether t is a boxed numeric type (Character included).
func isBoxNum(t typ) bool {
	switch t {
	case tyBoxInt, tyBoxLong, tyBoxFloat, tyBoxDouble, tyBoxByte, tyBoxShort, tyBoxChar:
		return true
	}
	return false
}

// stringToChar is Painless's Utility.StringTochar, the String to char cast.
func stringToChar(s string) javaChar {
	u := utf16Units(s)
	if len(u) != 1 {
		throw("ClassCastException", "cannot cast java.lang.String with length not equal to one to char")
	}
	return javaChar(u[0])
}

// charString is Character.toString: the one UTF-16 unit as a string (a lone
// surrogate becomes U+FFFD, which Go strings cannot hold otherwise).
func charString(c javaChar) string { return string(rune(c)) }

// smallString is Byte.toString and Short.toString.
func smallString(v any) (string, bool) {
	switch n := v.(type) {
	case javaByte:
		return strconv.Itoa(int(n)), true
	case javaShort:
		return strconv.Itoa(int(n)), true
	case javaChar:
		return charString(n), true
	}
	return "", false
}

// toSmall narrows a number to byte, short or char as Java's casts do
// (through int: the low bits; a float or double saturates to int first).
func toSmall(v any, t typ) any {
	var i int32
	switch n := v.(type) {
	case float32, float64:
		i = f2i(toFloat64(n))
	case int64:
		i = int32(n)
	default:
		i = int32(toInt64(v))
	}
	switch t {
	case tyByte, tyBoxByte:
		return javaByte(int8(i))
	case tyShort, tyBoxShort:
		return javaShort(int16(i))
	}
	return javaChar(uint16(i))
}

// implicitSmall is Def's implicit casts to byte, short and char and their
// boxes: a byte widens to short; nothing else narrows implicitly.
func implicitSmall(v any, t typ) any {
	boxed := t == tyBoxByte || t == tyBoxShort || t == tyBoxChar
	if v == nil && boxed {
		return nil
	}
	switch n := v.(type) {
	case javaByte:
		switch t {
		case tyByte, tyBoxByte:
			return n
		case tyShort, tyBoxShort:
			return javaShort(n)
		}
	case javaShort:
		if t == tyShort || t == tyBoxShort {
			return n
		}
	case javaChar:
		if t == tyChar || t == tyBoxChar {
			return n
		}
	}
	defCastError("implicitly ", v, t.String())
	return nil
}

// explicitSmall is `(byte) v`, `(short) v`, `(char) v` and their boxed
// forms: any number narrows as Java's casts do, and a one-character String
// casts to char (Utility.StringTochar).
func explicitSmall(v any, t typ) any {
	boxed := t == tyBoxByte || t == tyBoxShort || t == tyBoxChar
	if v == nil && boxed {
		return nil
	}
	if s, ok := v.(string); ok && (t == tyChar || t == tyBoxChar) {
		return stringToChar(s)
	}
	if numKind(v) != nkNone {
		if _, isBig := v.(*big.Int); !isBig {
			return toSmall(v, t)
		}
	}
	defCastError("explicitly ", v, t.String())
	return nil
}
