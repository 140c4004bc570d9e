package painless

import (
	"math"
	"math/big"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
)

// callMethod dispatches recv.name(args) by receiver type, then name and arity, as
// Painless's def call sites do.
func callMethod(r *run, recv any, name string, args []any) any {
	switch o := recv.(type) {
	case *DocLookup:
		if v, ok := docLookupMethod(o, name, args); ok {
			return v
		}
	case *docValues:
		if v, ok := docValuesMethod(o, name, args); ok {
			return v
		}
	case *Map:
		if v, ok := mapMethod(o, name, args); ok {
			return v
		}
	case *List:
		if v, ok := listMethod(o, name, args); ok {
			return v
		}
		if v, ok := iterableMethod(o, o.Items, name, args); ok {
			return v
		}
	case *Set:
		if v, ok := setMethod(o, name, args); ok {
			return v
		}
		if v, ok := iterableMethod(o, o.iter(), name, args); ok {
			return v
		}
	case string:
		if v, ok := stringMethod(o, name, args); ok {
			return v
		}
	case int32, int64, float32, float64, javaByte, javaShort:
		if v, ok := numberMethod(recv, name, args); ok {
			return v
		}
	case javaChar:
		switch methodKey(name, len(args)) {
		case "charValue/0":
			return o
		case "compareTo/1":
			if c, ok := args[0].(javaChar); ok {
				return int32(o) - int32(c) // Character.compare
			}
		}
	case bool:
		switch methodKey(name, len(args)) {
		case "booleanValue/0":
			return o
		case "compareTo/1":
			b, ok := args[0].(bool)
			if !ok {
				argCast(args[0], "java.lang.Boolean")
			}
			return int32(boolInt(o) - boolInt(b))
		}
	case *stream:
		if v, ok := streamMethod(o, name, args); ok {
			return v
		}
	case *optional:
		if v, ok := optionalMethod(o, name, args); ok {
			return v
		}
	case *Date:
		if v, ok := dateMethod(o, name, args); ok {
			return v
		}
	case *Instant:
		if v, ok := instantMethod(o, name, args); ok {
			return v
		}
	case *big.Int:
		if v, ok := bigMethod(o, name, args); ok {
			return v
		}
	case *ZonedDateTime:
		if o.joda {
			if v, ok := zonedJodaMethod(r, o, name, args); ok {
				return v
			}
		}
		if v, ok := zonedMethod(o, name, args); ok {
			return v
		}
	case *ZoneId:
		if methodKey(name, len(args)) == "getId/0" {
			return o.String()
		}
	case *Entry:
		switch methodKey(name, len(args)) {
		case "getKey/0":
			return o.key
		case "getValue/0":
			return o.Value()
		case "setValue/1":
			return mapPut(o.m, o.key, args[0])
		}
	case *javaThrowable:
		switch methodKey(name, len(args)) {
		case "getMessage/0", "getLocalizedMessage/0":
			if o.msg == "" {
				return nil
			}
			return o.msg
		}
	case nil:
		throwNPE("cannot access method/field [" + name + "] from a null def reference")
	}
	// methods every object has
	switch methodKey(name, len(args)) {
	case "toString/0":
		return javaString(recv)
	case "equals/1":
		return javaEquals(recv, args[0])
	case "hashCode/0":
		return hashCode(recv)
	}
	throwIAE("dynamic method [" + className(recv) + ", " + name + "/" + strconv.Itoa(len(args)) + "] not found")
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// argCast raises the ClassCastException of passing v where a parameter of class to is expected.
func argCast(v any, to string) {
	if v == nil {
		throwNPE("")
	}
	throwCCE(className(v), to)
}

func intArg(v any) int {
	i, ok := v.(int32)
	if !ok {
		argCast(v, "java.lang.Integer")
	}
	return int(i)
}

func stringArg(v any) string {
	s, ok := v.(string)
	if !ok {
		argCast(v, "java.lang.String")
	}
	return s
}

// collItems returns the elements of a List or Set argument.
func collItems(v any) []any {
	switch c := v.(type) {
	case *List:
		return c.Items
	case *Set:
		return c.iter()
	}
	argCast(v, "java.util.Collection")
	return nil
}

func numberMethod(n any, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "intValue/0":
		return explicitCast(n, tyInt), true
	case "longValue/0":
		return explicitCast(n, tyLong), true
	case "doubleValue/0":
		return explicitCast(n, tyDouble), true
	case "floatValue/0":
		return explicitCast(n, tyFloat), true
	case "byteValue/0":
		return explicitCast(n, tyByte), true
	case "shortValue/0":
		return explicitCast(n, tyShort), true
	case "compareTo/1":
		return int32(compareNatural(n, args[0])), true
	case "isNaN/0":
		switch f := n.(type) {
		case float64:
			return math.IsNaN(f), true
		case float32:
			return f != f, true
		}
	case "isInfinite/0":
		switch f := n.(type) {
		case float64:
			return math.IsInf(f, 0), true
		case float32:
			return math.IsInf(float64(f), 0), true
		}
	}
	return nil, false
}

// hashCode is Object.hashCode for the value classes scripts use.
func hashCode(v any) int32 { return hashDepth(v, 0) }

func hashDepth(v any, depth int) int32 {
	if depth > maxDepth {
		throw("StackOverflowError", "")
	}
	switch x := v.(type) {
	case nil:
		return 0
	case bool:
		if x {
			return 1231
		}
		return 1237
	case int32:
		return x
	case javaByte:
		return int32(x)
	case javaShort:
		return int32(x)
	case javaChar:
		return int32(x)
	case int64:
		return int32(x ^ int64(uint64(x)>>32))
	case float64:
		b := math.Float64bits(x)
		if math.IsNaN(x) {
			b = 0x7ff8000000000000
		}
		return int32(int64(b) ^ int64(b>>32))
	case float32:
		b := math.Float32bits(x)
		if x != x {
			b = 0x7fc00000
		}
		return int32(b)
	case string:
		return javahash.StringHash(x)
	case *List:
		h := int32(1)
		for _, it := range x.Items {
			h = 31*h + hashDepth(it, depth+1)
		}
		return h
	case *Map:
		var h int32
		for i, k := range x.keys {
			h += hashDepth(k, depth+1) ^ hashDepth(x.vals[i], depth+1)
		}
		return h
	case *Date:
		return int32(x.Millis ^ int64(uint64(x.Millis)>>32))
	case *Instant:
		return int32(x.Sec^int64(uint64(x.Sec)>>32)) + 51*x.Nano
	case *big.Int:
		return bigHash(x)
	case *ZonedDateTime:
		return int32(x.Sec^int64(uint64(x.Sec)>>32)) + 51*x.Nano + x.Offset
	case *Set:
		var h int32
		for _, it := range x.items {
			h += hashDepth(it, depth+1)
		}
		return h
	}
	return 0
}

// maxListLen bounds lists a script grows.
const maxListLen = 1 << 24
