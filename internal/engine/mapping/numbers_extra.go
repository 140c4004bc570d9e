package mapping

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// RoundHalfFloat rounds a value to the nearest IEEE half-precision float
// (ties to even), as HalfFloatPoint stores it. half_float doc values hold
// the rounded value as a double.
func RoundHalfFloat(f float64) float64 {
	f32 := float32(f)
	if math.IsNaN(float64(f32)) || math.IsInf(float64(f32), 0) {
		return float64(f32)
	}
	a := math.Abs(float64(f32))
	if a >= 65520 { // rounds past the largest half (65504)
		return math.Copysign(math.Inf(1), f)
	}
	// The spacing of halves around a: 2^(exp-10), never below the
	// subnormal step 2^-24.
	if a == 0 {
		return float64(f32)
	}
	_, e := math.Frexp(a)
	exp := float64(e - 1)
	if exp < -14 {
		exp = -14
	}
	step := math.Ldexp(1, int(exp)-10)
	return math.Copysign(math.RoundToEven(a/step)*step, float64(f32))
}

// ScaleFloat is the long a scaled_float stores for v: Math.round(v * factor).
func ScaleFloat(v, factor float64) int64 { return javaRound(v * factor) }

// ScaledDocValue is the double a scaled_float's doc values return for its
// stored long: the long times 1/factor.
func ScaledDocValue(scaled int64, factor float64) float64 { return float64(scaled) * (1 / factor) }

// javaRound is Math.round(double): floor(x + 0.5), saturating.
func javaRound(x float64) int64 {
	if math.IsNaN(x) {
		return 0
	}
	r := math.Floor(x + 0.5)
	if r >= 9.223372036854775807e18 {
		return math.MaxInt64
	}
	if r <= -9.223372036854775808e18 {
		return math.MinInt64
	}
	return int64(r)
}

// ScalingFactor returns a scaled_float field's scaling_factor.
func (f *Field) ScalingFactor() float64 {
	v, _ := f.Params["scaling_factor"].(float64)
	return v
}

// unsigned_long doc values live in a long column with the sign bit flipped,
// so signed order of the stored longs is unsigned order of the values.

// EncodeUnsigned is the stored long of an unsigned value.
func EncodeUnsigned(u uint64) int64 { return int64(u ^ 1<<63) }

// DecodeUnsigned is the unsigned value of a stored long.
func DecodeUnsigned(v int64) uint64 { return uint64(v) ^ 1<<63 }

var maxUnsigned = new(big.Float).SetUint64(math.MaxUint64)

// ParseUnsigned parses an unsigned_long value: integers from 0 to 2^64-1,
// decimals truncated.
func ParseUnsigned(text string) (uint64, *apierr.Error) {
	s := strings.TrimSpace(text)
	if u, err := strconv.ParseUint(s, 10, 64); err == nil {
		return u, nil
	}
	bf, ok := new(big.Float).SetPrec(200).SetString(s)
	if !ok {
		return 0, apierr.New(apierr.TypeNumberFormat, "For input string: \""+text+"\"")
	}
	if bf.Sign() < 0 {
		if t, _ := bf.Int(nil); t.Sign() < 0 {
			return 0, apierr.IllegalArgument("Value [%s] is out of range for an unsigned long", text)
		}
		return 0, nil
	}
	if bf.Cmp(maxUnsigned) > 0 {
		if t, _ := bf.Int(nil); !t.IsUint64() {
			return 0, apierr.IllegalArgument("Value [%s] is out of range for an unsigned long", text)
		}
	}
	t, _ := bf.Int(nil)
	return t.Uint64(), nil
}
