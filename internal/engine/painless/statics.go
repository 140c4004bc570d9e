package painless

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/javacmp"
	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
)

// staticMethods lists the static methods the fake implements, as "Class.name/arity".
var staticMethods = map[string]bool{
	"Math.abs/1": true, "Math.max/2": true, "Math.min/2": true, "Math.round/1": true,
	"Math.floor/1": true, "Math.ceil/1": true, "Math.pow/2": true, "Math.sqrt/1": true,
	"Math.log/1": true, "Math.log10/1": true, "Math.exp/1": true, "Math.signum/1": true,
	"Math.random/0": true, "Math.cbrt/1": true, "Math.hypot/2": true, "Math.rint/1": true,
	"Integer.parseInt/1": true, "Integer.parseInt/2": true, "Integer.valueOf/1": true, "Integer.valueOf/2": true,
	"Integer.toString/1": true, "Integer.compare/2": true, "Integer.max/2": true, "Integer.min/2": true,
	"Long.parseLong/1": true, "Long.parseLong/2": true, "Long.valueOf/1": true, "Long.valueOf/2": true,
	"Long.toString/1": true, "Long.compare/2": true, "Long.max/2": true, "Long.min/2": true, "Long.sum/2": true,
	"Double.parseDouble/1": true, "Double.valueOf/1": true, "Double.toString/1": true,
	"Double.compare/2": true, "Double.isNaN/1": true, "Double.max/2": true, "Double.min/2": true, "Double.sum/2": true,
	"Float.parseFloat/1": true, "Float.valueOf/1": true,
	"Boolean.parseBoolean/1": true, "Boolean.valueOf/1": true, "Boolean.toString/1": true,
	"String.valueOf/1": true, "String.join/2": true,
	"Collections.singleton/1": true, "Collections.singletonList/1": true, "Collections.emptyList/0": true,
	"Collections.emptyMap/0": true, "Collections.emptySet/0": true, "Collections.sort/1": true,
	"Collections.sort/2": true, "Collections.reverse/1": true, "Collections.max/1": true, "Collections.min/1": true,
	"Collections.max/2": true, "Collections.min/2": true, "Collections.singletonMap/2": true, "Collections.nCopies/2": true,
	"Collections.frequency/2": true, "Collections.disjoint/2": true, "Collections.swap/3": true,
	"Objects.equals/2": true, "Objects.isNull/1": true, "Objects.nonNull/1": true,
	"Objects.toString/1": true, "Objects.toString/2": true, "Objects.requireNonNull/1": true,
	"Objects.requireNonNull/2": true, "Objects.hashCode/1": true,
	"System.currentTimeMillis/0": true,
	"Instant.ofEpochMilli/1":     true, "Instant.ofEpochSecond/1": true, "Instant.parse/1": true,
	"ZonedDateTime.parse/1": true, "ZonedDateTime.ofInstant/2": true, "ZoneId.of/1": true, "ZoneOffset.of/1": true,
	"Date.from/1": true, "BigInteger.valueOf/1": true,
	"Collectors.toList/0": true, "Collectors.toSet/0": true, "Collectors.joining/0": true,
	"Collectors.joining/1": true, "Collectors.toMap/2": true,
	"MovingFunctions.max/1": true, "MovingFunctions.min/1": true, "MovingFunctions.sum/1": true,
	"MovingFunctions.unweightedAvg/1": true, "MovingFunctions.stdDev/2": true, "MovingFunctions.linearWeightedAvg/1": true,
	"MovingFunctions.ewma/2": true, "MovingFunctions.holt/3": true, "MovingFunctions.holtWinters/6": true,
	"Processors.bytes/1": true, "Processors.lowercase/1": true, "Processors.uppercase/1": true,
	"Processors.json/1": true, "Processors.json/2": true, "Processors.urlDecode/1": true,
}

// knownStaticMissing reports whether class is one whose other static methods real Painless
// has (the fake names them as unsupported), as opposed to a class Painless lacks too.
func knownStaticMissing(class string) bool {
	switch class {
	case "Math", "Integer", "Long", "Double", "Float", "Boolean", "String", "Collections", "Objects", "System", "Collectors", "Date",
		"Instant", "ZonedDateTime", "ZoneId", "ZoneOffset", "BigInteger":
		return true
	}
	return false
}

// staticReturn gives the static type of a few static calls whose result type matters
// for declarations (int x = Integer.parseInt(s)).
func staticReturn(class, name string) typ {
	if class == "MovingFunctions" {
		return tyDouble
	}
	switch class + "." + name {
	case "Integer.parseInt", "Integer.compare", "Long.compare", "Double.compare":
		return tyInt
	case "Long.parseLong", "Math.round", "System.currentTimeMillis":
		return tyLong
	case "Double.parseDouble", "Math.sqrt", "Math.pow", "Math.floor", "Math.ceil", "Math.log",
		"Math.log10", "Math.exp", "Math.random", "Math.abs", "Math.max", "Math.min", "Math.signum":
		return tyDouble
	case "String.valueOf", "String.join", "Integer.toString", "Long.toString", "Double.toString":
		return tyString
	case "Boolean.parseBoolean", "Objects.equals", "Objects.isNull", "Objects.nonNull":
		return tyBoolean
	}
	return tyDef
}

// staticField resolves constants such as Math.PI and Integer.MAX_VALUE at compile time.
func staticField(class, name string) (expr, bool) {
	switch class + "." + name {
	case "Math.PI":
		return &litExpr{v: math.Pi, t: tyDouble}, true
	case "Math.E":
		return &litExpr{v: math.E, t: tyDouble}, true
	case "Integer.MAX_VALUE":
		return &litExpr{v: int32(math.MaxInt32), t: tyInt}, true
	case "Integer.MIN_VALUE":
		return &litExpr{v: int32(math.MinInt32), t: tyInt}, true
	case "Long.MAX_VALUE":
		return &litExpr{v: int64(math.MaxInt64), t: tyLong}, true
	case "Long.MIN_VALUE":
		return &litExpr{v: int64(math.MinInt64), t: tyLong}, true
	case "Double.MAX_VALUE":
		return &litExpr{v: math.MaxFloat64, t: tyDouble}, true
	case "Double.MIN_VALUE":
		return &litExpr{v: 4.9e-324, t: tyDouble}, true
	case "Double.POSITIVE_INFINITY":
		return &litExpr{v: math.Inf(1), t: tyDouble}, true
	case "Double.NEGATIVE_INFINITY":
		return &litExpr{v: math.Inf(-1), t: tyDouble}, true
	case "Double.NaN":
		return &litExpr{v: math.NaN(), t: tyDouble}, true
	case "ZoneOffset.UTC":
		return &litExpr{v: &ZoneId{}, t: tyZone}, true
	case "BigInteger.ZERO", "BigInteger.ONE", "BigInteger.TWO", "BigInteger.TEN":
		n := map[string]int64{"ZERO": 0, "ONE": 1, "TWO": 2, "TEN": 10}[name]
		return &litExpr{v: big.NewInt(n), t: tyBigInt}, true
	}
	return nil, false
}

// numArg reads a numeric argument of a method declared with a double parameter.
func doubleArg(v any) float64 {
	if numKind(v) == nkNone {
		argCast(v, "java.lang.Double")
	}
	return toFloat64(v)
}

func callStatic(r *run, class, name string, args []any) any {
	if class == "Processors" {
		return processorsStatic(name, args)
	}
	if class == "Collectors" {
		return collectorsStatic(name, args)
	}
	if class == "MovingFunctions" {
		return movingFunctions(name, args)
	}
	if v, ok := timeStatic(r, class, name, args); ok {
		return v
	}
	if class == "BigInteger" {
		if v, ok := bigStatic(name, args); ok {
			return v
		}
	}
	if class == "Date" && name == "from" && len(args) == 1 {
		i := instantArg(args[0])
		return &Date{Millis: i.Sec*1000 + int64(i.Nano)/1_000_000}
	}
	switch class + "." + methodKey(name, len(args)) {
	// Painless whitelists one Math method per name and arity, with double parameters.
	case "Math.abs/1":
		return math.Abs(doubleArg(args[0]))
	case "Math.max/2":
		a, b := doubleArg(args[0]), doubleArg(args[1])
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return math.Max(a, b)
	case "Math.min/2":
		a, b := doubleArg(args[0]), doubleArg(args[1])
		if math.IsNaN(a) || math.IsNaN(b) {
			return math.NaN()
		}
		return math.Min(a, b)
	case "Math.round/1":
		return javaRound(doubleArg(args[0]))
	case "Math.floor/1":
		return math.Floor(doubleArg(args[0]))
	case "Math.ceil/1":
		return math.Ceil(doubleArg(args[0]))
	case "Math.rint/1":
		return math.RoundToEven(doubleArg(args[0]))
	case "Math.pow/2":
		return math.Pow(doubleArg(args[0]), doubleArg(args[1]))
	case "Math.sqrt/1":
		return math.Sqrt(doubleArg(args[0]))
	case "Math.cbrt/1":
		return math.Cbrt(doubleArg(args[0]))
	case "Math.hypot/2":
		return math.Hypot(doubleArg(args[0]), doubleArg(args[1]))
	case "Math.log/1":
		return math.Log(doubleArg(args[0]))
	case "Math.log10/1":
		return math.Log10(doubleArg(args[0]))
	case "Math.exp/1":
		return math.Exp(doubleArg(args[0]))
	case "Math.signum/1":
		f := doubleArg(args[0])
		switch {
		case f > 0:
			return 1.0
		case f < 0:
			return -1.0
		}
		return f
	case "Math.random/0":
		return rand.Float64()
	case "Integer.parseInt/1":
		return parseInt(args[0], 10, 32)
	case "Integer.parseInt/2":
		return parseInt(args[0], intArg(args[1]), 32)
	// The whitelist has one method per arity: valueOf(int) and valueOf(String,int), so
	// Integer.valueOf('5') is a ClassCastException as in Painless.
	case "Integer.valueOf/1":
		return convertForStore(args[0], tyInt)
	case "Integer.valueOf/2":
		return parseInt(args[0], intArg(args[1]), 32)
	case "Long.parseLong/1":
		return parseInt(args[0], 10, 64)
	case "Long.parseLong/2", "Long.valueOf/2":
		return parseInt(args[0], intArg(args[1]), 64)
	case "Long.valueOf/1":
		return convertForStore(args[0], tyLong)
	case "Double.parseDouble/1":
		return parseDouble(stringArg(args[0]))
	case "Double.valueOf/1":
		return convertForStore(args[0], tyDouble)
	case "Double.sum/2":
		return doubleArg(args[0]) + doubleArg(args[1])
	case "Float.parseFloat/1":
		return float32(parseDouble(stringArg(args[0])))
	case "Float.valueOf/1":
		return convertForStore(args[0], tyFloat)
	case "Integer.toString/1":
		return javaString(convertForStore(args[0], tyInt))
	case "Long.toString/1":
		return javaString(convertForStore(args[0], tyLong))
	case "Double.toString/1":
		return javaString(convertForStore(args[0], tyDouble))
	case "Boolean.toString/1":
		return javaString(convertForStore(args[0], tyBoolean))
	case "Integer.compare/2":
		return int32(cmpInt(int64(convertForStore(args[0], tyInt).(int32)), int64(convertForStore(args[1], tyInt).(int32))))
	case "Long.compare/2":
		return int32(cmpInt(convertForStore(args[0], tyLong).(int64), convertForStore(args[1], tyLong).(int64)))
	case "Double.compare/2":
		return int32(javacmp.Double(doubleArg(args[0]), doubleArg(args[1])))
	case "Double.isNaN/1":
		return math.IsNaN(doubleArg(args[0]))
	case "Integer.max/2", "Integer.min/2":
		a, b := convertForStore(args[0], tyInt).(int32), convertForStore(args[1], tyInt).(int32)
		switch name {
		case "max":
			return max(a, b)
		case "min":
			return min(a, b)
		}
		return a + b
	case "Long.max/2", "Long.min/2", "Long.sum/2":
		a, b := convertForStore(args[0], tyLong).(int64), convertForStore(args[1], tyLong).(int64)
		switch name {
		case "max":
			return max(a, b)
		case "min":
			return min(a, b)
		}
		return a + b
	case "Double.max/2":
		return math.Max(doubleArg(args[0]), doubleArg(args[1]))
	case "Double.min/2":
		return math.Min(doubleArg(args[0]), doubleArg(args[1]))
	case "Boolean.parseBoolean/1":
		s, _ := args[0].(string)
		return strings.EqualFold(s, "true")
	case "Boolean.valueOf/1":
		return convertForStore(args[0], tyBoolean)
	case "String.valueOf/1":
		return javaString(args[0])
	case "String.join/2":
		sep := args[0]
		if sep == nil {
			throwNPE("")
		}
		var parts []string
		for _, it := range collItems(args[1]) {
			parts = append(parts, javaString(it))
		}
		return strings.Join(parts, javaString(sep))
	case "Collections.singleton/1":
		s := newSet(1)
		s.add(args[0])
		s.immutable = true
		return s
	case "Collections.singletonList/1":
		return &List{Items: []any{args[0]}, immutable: true}
	case "Collections.emptyList/0":
		return &List{Items: []any{}, immutable: true}
	case "Collections.emptySet/0":
		s := newSet(0)
		s.immutable = true
		return s
	case "Collections.emptyMap/0":
		m := NewMap(0)
		m.readOnly = true
		return m
	case "Collections.sort/1", "Collections.sort/2":
		l := listArg(args[0])
		checkMutable(l)
		var cmp any
		if len(args) == 2 {
			cmp = args[1]
		}
		sortItems(l.Items, cmp)
		l.mods++
		return nil
	case "Collections.reverse/1":
		l := listArg(args[0])
		checkMutable(l)
		for i, j := 0, len(l.Items)-1; i < j; i, j = i+1, j-1 {
			l.Items[i], l.Items[j] = l.Items[j], l.Items[i]
		}
		return nil
	case "Collections.max/1", "Collections.min/1", "Collections.max/2", "Collections.min/2":
		items := collItems(args[0])
		if len(items) == 0 {
			throw("NoSuchElementException", "")
		}
		cmp := compareNatural
		if len(args) == 2 {
			cmp = comparatorFunc(args[1])
		}
		best := items[0]
		for _, it := range items[1:] {
			c := cmp(it, best)
			if (name == "max" && c > 0) || (name == "min" && c < 0) {
				best = it
			}
		}
		return best
	case "Collections.singletonMap/2":
		m := NewMap(1)
		m.Set(mapKey(args[0]), args[1])
		m.readOnly = true
		return m
	case "Collections.nCopies/2":
		n := intArg(args[0])
		if n < 0 {
			throwIAE("List length = " + strconv.Itoa(n))
		}
		if n > maxListLen {
			throw("OutOfMemoryError", "Java heap space")
		}
		items := make([]any, n)
		for i := range items {
			items[i] = args[1]
		}
		return &List{Items: items, immutable: true}
	case "Collections.frequency/2":
		n := int32(0)
		for _, it := range collItems(args[0]) {
			if javaEquals(args[1], it) {
				n++
			}
		}
		return n
	case "Collections.disjoint/2":
		for _, it := range collItems(args[0]) {
			if collContains(args[1], it) {
				return false
			}
		}
		collItems(args[1])
		return true
	case "Collections.swap/3":
		l := listArg(args[0])
		i, j := intArg(args[1]), intArg(args[2])
		if i < 0 || i >= len(l.Items) {
			throwIndex(i, len(l.Items))
		}
		if j < 0 || j >= len(l.Items) {
			throwIndex(j, len(l.Items))
		}
		checkMutable(l)
		l.Items[i], l.Items[j] = l.Items[j], l.Items[i]
		return nil
	case "Objects.equals/2":
		return javaEquals(args[0], args[1])
	case "Objects.isNull/1":
		return args[0] == nil
	case "Objects.nonNull/1":
		return args[0] != nil
	case "Objects.hashCode/1":
		return hashCode(args[0])
	case "Objects.toString/1":
		return javaString(args[0])
	case "Objects.toString/2":
		if args[0] == nil {
			return args[1]
		}
		return javaString(args[0])
	case "Objects.requireNonNull/1", "Objects.requireNonNull/2":
		if args[0] == nil {
			msg := ""
			if len(args) == 2 {
				msg = javaString(args[1])
			}
			throwNPE(msg)
		}
		return args[0]
	case "System.currentTimeMillis/0":
		return r.now().UnixMilli()
	}
	throwIAE("static method [" + class + ", " + name + "/" + strconv.Itoa(len(args)) + "] not found")
	return nil
}

func listArg(v any) *List {
	l, ok := v.(*List)
	if !ok || l.array {
		argCast(v, "java.util.List")
	}
	return l
}

// javaRound is Math.round(double): floor(x + 0.5), saturating, NaN → 0.
func javaRound(f float64) int64 {
	if math.IsNaN(f) {
		return 0
	}
	return f2l(math.Floor(f + 0.5))
}

func parseInt(v any, base, bits int) any {
	s := stringArg(v)
	if base < 2 || base > 36 {
		throw("NumberFormatException", "radix "+strconv.Itoa(base)+" out of range")
	}
	t := s
	if strings.HasPrefix(t, "+") && len(t) > 1 && t[1] != '-' && t[1] != '+' {
		t = t[1:]
	}
	n, err := strconv.ParseInt(t, base, bits)
	if err != nil || strings.Contains(t, "_") {
		throw("NumberFormatException", `For input string: "`+s+`"`+radixSuffix(base))
	}
	if bits == 32 {
		return int32(n)
	}
	return n
}

func radixSuffix(base int) string {
	if base == 10 {
		return ""
	}
	return " under radix " + strconv.Itoa(base)
}

func parseDouble(s string) float64 {
	t := javaTrim(s)
	t = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(t, "d"), "D"), "f"), "F")
	if strings.ContainsAny(t, "_xXpP") && !strings.Contains(t, "Infinity") {
		throw("NumberFormatException", `For input string: "`+s+`"`)
	}
	switch t {
	case "NaN":
		return math.NaN()
	case "Infinity", "+Infinity":
		return math.Inf(1)
	case "-Infinity":
		return math.Inf(-1)
	case "", "inf", "+inf", "-inf", "infinity", "nan":
		if t == "" {
			throw("NumberFormatException", "empty String")
		}
		throw("NumberFormatException", `For input string: "`+s+`"`)
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f
		}
		throw("NumberFormatException", `For input string: "`+s+`"`)
	}
	return f
}

// constructorOK reports whether `new Class(args)` exists with that arity.
func constructorOK(class string, n int) bool {
	switch class {
	case "ArrayList", "HashMap", "LinkedHashMap", "HashSet", "LinkedHashSet", "Date":
		return n <= 1
	case "BigInteger":
		return n == 1 || n == 2
	case "String":
		return n <= 1
	case "Exception", "RuntimeException", "IllegalArgumentException", "IllegalStateException",
		"NullPointerException", "UnsupportedOperationException", "ArithmeticException",
		"ClassCastException", "IndexOutOfBoundsException", "ArrayIndexOutOfBoundsException",
		"NumberFormatException":
		return n <= 1
	}
	return false
}

// construct is `new Class(args)`.
func construct(r *run, class string, args []any) any {
	switch class {
	case "BigInteger":
		radix := 10
		if len(args) == 2 {
			radix = intArg(args[1])
		}
		return newBigInteger(stringArg(args[0]), radix)
	case "Date":
		if len(args) == 1 {
			return &Date{Millis: convertForStore(args[0], tyLong).(int64)}
		}
		return &Date{Millis: r.now().UnixMilli()}
	case "ArrayList":
		if len(args) == 1 {
			return &List{Items: append([]any{}, collItems(args[0])...)}
		}
		return &List{Items: []any{}}
	case "HashMap", "LinkedHashMap":
		m := NewMap(4)
		if class == "HashMap" {
			m = newHashMap(4)
		}
		if len(args) == 1 {
			switch src := args[0].(type) {
			case *Map:
				keys, vals := src.iter()
				if len(keys) > 0 {
					m.capacity = tableSizeFor(int(float32(len(keys))/0.75 + 1))
				}
				for i, k := range keys {
					m.Set(k, vals[i])
				}
			default:
				argCast(args[0], "java.util.Map")
			}
		}
		return m
	case "HashSet", "LinkedHashSet":
		s := newSet(4)
		if class == "HashSet" {
			s = newHashSet(4)
		}
		if len(args) == 1 {
			items := collItems(args[0])
			if s.hashed {
				s.capacity = tableSizeFor(javahash.CollectionCapacity(len(items)))
			}
			for _, it := range items {
				s.add(it)
			}
		}
		return s
	case "String":
		if len(args) == 1 {
			return stringArg(args[0])
		}
		return ""
	}
	t := &javaThrowable{class: class}
	if len(args) == 1 && args[0] != nil {
		t.msg = javaString(args[0])
	}
	return t
}

// implementedMethods lists every instance method the fake dispatches, as "name/arity".
// A call whose name/arity is absent here but present in knownMissingMethods is a compile
// error; absent from both, it fails at run time as Painless does ("dynamic method ... not
// found").
var implementedMethods = map[string]bool{
	"get/1": true, "put/2": true, "putAll/1": true, "remove/1": true, "containsKey/1": true,
	"containsValue/1": true, "getOrDefault/2": true, "putIfAbsent/2": true, "size/0": true,
	"isEmpty/0": true, "clear/0": true, "keySet/0": true, "values/0": true, "entrySet/0": true,
	"forEach/1": true, "computeIfAbsent/2": true, "merge/3": true, "replace/2": true,
	"add/1": true, "add/2": true, "addAll/1": true, "set/2": true, "getLength/0": true,
	"contains/1": true, "indexOf/1": true, "lastIndexOf/1": true, "removeIf/1": true,
	"removeAll/1": true, "retainAll/1": true, "containsAll/1": true, "sort/1": true,
	"subList/2": true, "each/1": true, "find/1": true, "findAll/1": true, "any/1": true,
	"every/1": true, "collect/1": true, "join/1": true,
	"length/0": true, "equalsIgnoreCase/1": true, "startsWith/1": true, "startsWith/2": true,
	"endsWith/1": true, "indexOf/2": true, "lastIndexOf/2": true, "substring/1": true,
	"substring/2": true, "toLowerCase/0": true, "toUpperCase/0": true, "trim/0": true,
	"compareTo/1": true, "compareToIgnoreCase/1": true, "concat/1": true,
	"splitOnToken/1": true, "splitOnToken/2": true,
	"intValue/0": true, "longValue/0": true, "doubleValue/0": true, "floatValue/0": true,
	"byteValue/0": true, "shortValue/0": true, "charValue/0": true,
	"isNaN/0": true, "isInfinite/0": true, "booleanValue/0": true,
	"getKey/0": true, "getValue/0": true, "setValue/1": true, "getMillis/0": true,
	"getMessage/0": true, "getLocalizedMessage/0": true,
	"toEpochMilli/0": true, "getEpochSecond/0": true, "getNano/0": true,
	"isBefore/1": true, "isAfter/1": true, "isEqual/1": true, "atZone/1": true, "toInstant/0": true,
	"toEpochSecond/0": true, "getYear/0": true, "getMonthValue/0": true, "getDayOfMonth/0": true,
	"getDayOfYear/0": true, "getHour/0": true, "getMinute/0": true, "getSecond/0": true,
	"getZone/0": true, "withZoneSameInstant/1": true, "getId/0": true,
	"plusNanos/1": true, "plusSeconds/1": true, "plusMinutes/1": true, "plusHours/1": true,
	"plusDays/1": true, "plusWeeks/1": true, "plusMonths/1": true, "plusYears/1": true, "plusMillis/1": true,
	"minusNanos/1": true, "minusSeconds/1": true, "minusMinutes/1": true, "minusHours/1": true,
	"minusDays/1": true, "minusWeeks/1": true, "minusMonths/1": true, "minusYears/1": true, "minusMillis/1": true,
	"getTime/0": true, "after/1": true, "before/1": true, "setTime/1": true, "clone/0": true,
	"subtract/1": true, "multiply/1": true, "divide/1": true, "remainder/1": true, "mod/1": true,
	"pow/1": true, "negate/0": true, "abs/0": true, "signum/0": true, "intValueExact/0": true,
	"longValueExact/0": true, "bitLength/0": true, "toString/1": true,
	"sha1/0": true, "sha256/0": true, "encodeBase64/0": true, "decodeBase64/0": true, "addAll/2": true, "replaceAll/1": true,
	"compute/2": true, "computeIfPresent/2": true, "remove/2": true, "replace/3": true,
	"collect/2": true, "count/1": true, "findResult/1": true, "findResult/2": true, "findResults/1": true,
	"groupBy/1": true, "split/1": true, "sum/1": true, "eachWithIndex/1": true, "asList/0": true,
	"asCollection/0": true, "orElseThrow/1": true,
	"stream/0": true, "filter/1": true, "map/1": true, "mapToInt/1": true, "mapToLong/1": true,
	"mapToDouble/1": true, "mapToObj/1": true, "peek/1": true, "distinct/0": true, "sorted/0": true,
	"sorted/1": true, "limit/1": true, "skip/1": true, "boxed/0": true, "count/0": true,
	"anyMatch/1": true, "allMatch/1": true, "noneMatch/1": true, "findFirst/0": true, "findAny/0": true,
	"min/0": true, "max/0": true, "min/1": true, "max/1": true, "sum/0": true, "average/0": true,
	"reduce/2": true, "isPresent/0": true, "get/0": true, "getAsInt/0": true, "getAsLong/0": true,
	"getAsDouble/0": true, "orElse/1": true, "orElseGet/1": true, "ifPresent/1": true,
	"toString/0": true, "equals/1": true, "hashCode/0": true,
}

// knownMissingMethods are method names real Painless whitelists (on some receiver) that
// the fake does not implement.
var knownMissingMethods = map[string]bool{
	"iterator": true, "flatMap": true, "toList": true, "takeWhile": true, "dropWhile": true, "listIterator": true, "spliterator": true, "toArray": true,
	"charAt": true, "chars": true, "codePointAt": true, "codePoints": true,
	"toCharArray": true, "regionMatches": true, "replaceAll": true, "replaceFirst": true,
	"getByPath": true, "codePointBefore": true, "codePointCount": true, "offsetByCodePoints": true,
	"getChars": true, "comparingByKey": true, "comparingByValue": true,
	"byteValue": true, "shortValue": true, "trimToSize": true,
	"descendingIterator": true, "contentEquals": true, "subSequence": true,
	"getMillis": true, "format": true, "getDayOfWeek": true, "getMonth": true, "truncatedTo": true,
	"toLocalDate": true, "toLocalDateTime": true, "toLocalTime": true, "withDayOfMonth": true,
	"withHour": true, "withMinute": true, "withSecond": true, "withNano": true, "getOffset": true,
	"until": true, "atOffset": true, "withZoneSameLocal": true,
}
