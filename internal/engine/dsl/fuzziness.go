package dsl

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// Fuzziness is a parsed fuzziness option: AUTO (with its bounds) or a fixed
// number of edits.
type Fuzziness struct {
	Auto bool
	// Low and High are the AUTO bounds: terms shorter than Low allow no
	// edit, shorter than High one, others two. Defaults 3 and 6.
	Low, High int
	// Edits is the fixed distance when not Auto (may exceed 2, which acts
	// as 2).
	Edits int
}

// FuzzinessAuto is AUTO with the default bounds.
var FuzzinessAuto = Fuzziness{Auto: true, Low: 3, High: 6}

// String renders the fuzziness as OpenSearch echoes it ("AUTO", "AUTO:2,5",
// "1").
func (f Fuzziness) String() string {
	if f.Auto {
		if f.Low == 3 && f.High == 6 {
			return "AUTO"
		}
		return "AUTO:" + strconv.Itoa(f.Low) + "," + strconv.Itoa(f.High)
	}
	return strconv.Itoa(f.Edits)
}

// Distance is the number of edits allowed for term (Fuzziness.asDistance):
// AUTO counts the term's code points.
func (f Fuzziness) Distance(term string) int {
	if f.Auto {
		n := utf8.RuneCountInString(term)
		switch {
		case n < f.Low:
			return 0
		case n < f.High:
			return 1
		}
		return 2
	}
	return min(2, f.Edits)
}

// ParseFuzziness reads a fuzziness option value as Fuzziness.parse does.
func ParseFuzziness(v *xcontent.Value) (Fuzziness, *Error) {
	if v.Kind != xcontent.String && v.Kind != xcontent.Number {
		return Fuzziness{}, illegalArgument("Can't parse fuzziness on token: ["+v.Token()+"]").At(v.Line, v.Col)
	}
	f, err := FuzzinessFromString(v.Text())
	return f, located(err, v)
}

// FuzzinessFromString parses "AUTO", "AUTO:low,high" or a non-negative
// integer, with OpenSearch's errors.
func FuzzinessFromString(s string) (Fuzziness, *Error) {
	upper := strings.ToUpper(s)
	if upper == "AUTO" {
		return FuzzinessAuto, nil
	}
	if strings.HasPrefix(upper, "AUTO:") {
		// Java's split drops trailing empty strings.
		parts := strings.Split(s[5:], ",")
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		if len(parts) != 2 {
			return Fuzziness{}, parseException("failed to find low and high distance values")
		}
		lo, err1 := javaParseInt(parts[0])
		hi, err2 := javaParseInt(parts[1])
		if err1 || err2 {
			return Fuzziness{}, parseException(`failed to parse [` + s + `] as a "auto:int,int"`)
		}
		if lo < 0 || hi < 0 || lo > hi {
			return Fuzziness{}, illegalArgument("fuzziness wrongly configured, must be: lowDistance > 0, highDistance > 0 and lowDistance <= highDistance ")
		}
		return Fuzziness{Auto: true, Low: lo, High: hi}, nil
	}
	n, bad := javaParseInt(s)
	if bad || n < 0 {
		return Fuzziness{}, illegalArgument("Illegal Fuzziness Value")
	}
	return Fuzziness{Edits: n}, nil
}

// javaParseInt is Integer.parseInt: optional sign, decimal digits, 32 bits;
// bad reports failure.
func javaParseInt(s string) (n int, bad bool) {
	if s == "" {
		return 0, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9') && !(i == 0 && (c == '+' || c == '-') && len(s) > 1) {
			return 0, true
		}
	}
	v, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0, true
	}
	return int(v), false
}
