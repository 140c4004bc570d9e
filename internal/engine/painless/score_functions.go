package painless

import (
	"math"
	"strconv"
	"strings"
)

// scoreFunction returns the score context's function (ScoreScriptUtils) of
// that name and arity, or nil: saturation, sigmoid and the numeric and date
// decay functions.
func scoreFunction(name string, arity int) func(args []any) any {
	num := func(v any) float64 { return convertForStore(v, tyDouble).(float64) }
	switch {
	case name == "saturation" && arity == 2:
		return func(a []any) any {
			v, k := num(a[0]), num(a[1])
			return v / (k + v)
		}
	case name == "sigmoid" && arity == 3:
		return func(a []any) any {
			v, k, e := num(a[0]), num(a[1]), num(a[2])
			return math.Pow(v, e) / (math.Pow(k, e) + math.Pow(v, e))
		}
	case arity == 5 && strings.HasPrefix(name, "decayNumeric"):
		kind := strings.TrimPrefix(name, "decayNumeric")
		if decayKind(kind) == nil {
			return nil
		}
		return func(a []any) any {
			origin, scale, offset, decay, v := num(a[0]), num(a[1]), num(a[2]), num(a[3]), num(a[4])
			return decayKind(kind)(math.Max(0, math.Abs(v-origin)-offset), scale, decay)
		}
	case arity == 5 && strings.HasPrefix(name, "decayDate"):
		kind := strings.TrimPrefix(name, "decayDate")
		if decayKind(kind) == nil {
			return nil
		}
		return func(a []any) any {
			origin := dateMillisArg(a[0])
			scale, offset := timeValueMillis(stringArg(a[1])), timeValueMillis(stringArg(a[2]))
			decay := num(a[3])
			z, ok := a[4].(*ZonedDateTime)
			if !ok {
				argCast(a[4], "org.opensearch.script.JodaCompatibleZonedDateTime")
			}
			v := float64(z.Sec*1000 + int64(z.Nano)/1_000_000)
			return decayKind(kind)(math.Max(0, math.Abs(v-origin)-offset), scale, decay)
		}
	}
	return geoDecayFunction(name, arity)
}

// decayKind is the shape of a decay function over a distance already past
// the offset.
func decayKind(kind string) func(distance, scale, decay float64) float64 {
	switch kind {
	case "Linear":
		return func(d, scale, decay float64) float64 {
			s := scale / (1.0 - decay)
			return math.Max(0.0, (s-d)/s)
		}
	case "Exp":
		return func(d, scale, decay float64) float64 { return math.Exp(math.Log(decay) / scale * d) }
	case "Gauss":
		return func(d, scale, decay float64) float64 {
			s := 0.5 * math.Pow(scale, 2.0) / math.Log(decay)
			return math.Exp(0.5 * math.Pow(d, 2.0) / s)
		}
	}
	return nil
}

// dateMillisArg reads the origin of a date decay: an ISO date-time or epoch
// milliseconds (strict_date_optional_time||epoch_millis).
func dateMillisArg(v any) float64 {
	s := stringArg(v)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return float64(n)
	}
	z := parseZoned(s)
	return float64(z.Sec*1000 + int64(z.Nano)/1_000_000)
}

// timeValueMillis is TimeValue.parseTimeValue in milliseconds: nanos,
// micros, ms, s, m, h or d, or a bare 0 or -1.
func timeValueMillis(s string) float64 {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "0" || t == "-1" {
		n, _ := strconv.ParseFloat(t, 64)
		return n
	}
	for _, u := range []struct {
		suffix string
		ms     float64
	}{{"nanos", 1e-6}, {"micros", 1e-3}, {"ms", 1}, {"s", 1000}, {"m", 60000}, {"h", 3600000}, {"d", 86400000}} {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			if n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64); err == nil {
				return float64(n) * u.ms
			}
		}
	}
	throw("OpenSearchParseException", "failed to parse setting [decay function] with value ["+s+"] as a time value: unit is missing or unrecognized")
	return 0
}
