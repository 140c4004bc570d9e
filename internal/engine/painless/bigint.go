package painless

import (
	"math"
	"math/big"
	"strings"
)

// java.math.BigInteger, held as an immutable *big.Int: every operation returns a new
// value. JSON integers beyond 64 bits parse to it, as Jackson's do.

// bigLow returns the low bits of x as two's complement, as intValue/longValue do.
func bigLow(x *big.Int, bits uint) int64 {
	mask := new(big.Int).SetUint64(math.MaxUint64)
	u := new(big.Int).And(x, mask).Uint64() // And on a negative number uses two's complement
	if bits == 32 {
		return int64(int32(uint32(u)))
	}
	return int64(u)
}

func bigFloat(x *big.Int) float64 {
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

func bigArg(v any) *big.Int {
	b, ok := v.(*big.Int)
	if !ok {
		argCast(v, "java.math.BigInteger")
	}
	return b
}

// newBigInteger is new BigInteger(String[, radix]).
func newBigInteger(s string, radix int) *big.Int {
	if radix < 2 || radix > 36 {
		throw("NumberFormatException", "Radix out of range")
	}
	if s == "" {
		throw("NumberFormatException", "Zero length BigInteger")
	}
	t := s
	if strings.HasPrefix(t, "+") {
		t = t[1:]
	}
	if t == "" || t == "-" || strings.ContainsAny(t, "_+") || strings.Count(t, "-") > 1 || strings.LastIndex(t, "-") > 0 {
		throw("NumberFormatException", "For input string: \""+s+"\""+radixSuffix(radix))
	}
	b, ok := new(big.Int).SetString(t, radix)
	if !ok {
		throw("NumberFormatException", "For input string: \""+s+"\""+radixSuffix(radix))
	}
	return b
}

func bigStatic(name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "valueOf/1":
		return big.NewInt(convertForStore(args[0], tyLong).(int64)), true
	}
	return nil, false
}

func bigMethod(x *big.Int, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "add/1":
		return new(big.Int).Add(x, bigArg(args[0])), true
	case "subtract/1":
		return new(big.Int).Sub(x, bigArg(args[0])), true
	case "multiply/1":
		return new(big.Int).Mul(x, bigArg(args[0])), true
	case "divide/1", "remainder/1":
		d := bigArg(args[0])
		if d.Sign() == 0 {
			throw("ArithmeticException", "BigInteger divide by zero")
		}
		if name == "divide" {
			return new(big.Int).Quo(x, d), true // truncates toward zero, as Java does
		}
		return new(big.Int).Rem(x, d), true
	case "mod/1":
		m := bigArg(args[0])
		if m.Sign() <= 0 {
			throw("ArithmeticException", "BigInteger: modulus not positive")
		}
		return new(big.Int).Mod(x, m), true
	case "pow/1":
		e := intArg(args[0])
		if e < 0 {
			throw("ArithmeticException", "Negative exponent")
		}
		return new(big.Int).Exp(x, big.NewInt(int64(e)), nil), true
	case "negate/0":
		return new(big.Int).Neg(x), true
	case "abs/0":
		return new(big.Int).Abs(x), true
	case "signum/0":
		return int32(x.Sign()), true
	case "max/1", "min/1":
		o := bigArg(args[0])
		if (x.Cmp(o) >= 0) == (name == "max") {
			return x, true
		}
		return o, true
	case "compareTo/1":
		return int32(x.Cmp(bigArg(args[0]))), true
	case "toString/1":
		r := intArg(args[0])
		if r < 2 || r > 36 {
			r = 10
		}
		return x.Text(r), true
	case "intValue/0":
		return int32(bigLow(x, 32)), true
	case "longValue/0":
		return bigLow(x, 64), true
	case "doubleValue/0":
		return bigFloat(x), true
	case "floatValue/0":
		return float32(bigFloat(x)), true
	case "intValueExact/0", "longValueExact/0":
		if name == "longValueExact" {
			if !x.IsInt64() {
				throw("ArithmeticException", "BigInteger out of long range")
			}
			return x.Int64(), true
		}
		if !x.IsInt64() || x.Int64() < math.MinInt32 || x.Int64() > math.MaxInt32 {
			throw("ArithmeticException", "BigInteger out of int range")
		}
		return int32(x.Int64()), true
	case "bitLength/0":
		if x.Sign() < 0 {
			return int32(new(big.Int).Not(x).BitLen()), true
		}
		return int32(x.BitLen()), true
	}
	return nil, false
}

// bigHash is BigInteger.hashCode: 31-based over the 32-bit words of the magnitude, times
// the sign.
func bigHash(x *big.Int) int32 {
	var h int32
	words := new(big.Int).Abs(x).Bytes()
	for len(words)%4 != 0 {
		words = append([]byte{0}, words...)
	}
	for i := 0; i < len(words); i += 4 {
		w := int32(uint32(words[i])<<24 | uint32(words[i+1])<<16 | uint32(words[i+2])<<8 | uint32(words[i+3]))
		h = 31*h + w
	}
	return h * int32(x.Sign())
}
