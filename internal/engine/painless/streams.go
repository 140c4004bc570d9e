package painless

import (
	"iter"
	"strconv"
	"strings"
)

// stream is a java.util.stream.Stream: a lazy pipeline pulled by its terminal operation,
// so lambdas run per element in Java's order and short-circuiting operations stop early.
type stream struct {
	seq  iter.Seq[any]
	used bool
	// num is the element kind of IntStream/LongStream/DoubleStream (nkInt...), 0 for objects.
	num int
}

// optional is a java.util.Optional (or OptionalInt/Long/Double).
type optional struct {
	v       any
	present bool
}

// collector is what Collectors.* returns: the recipe a collect() call applies.
type collector struct {
	kind     string // toList, toSet, joining, toMap
	sep      string
	key, val function
}

func newStream(items []any) *stream {
	snapshot := append([]any(nil), items...)
	return &stream{seq: func(yield func(any) bool) {
		for _, it := range snapshot {
			if !yield(it) {
				return
			}
		}
	}}
}

// take marks the stream consumed, as Java allows one operation per stream object.
func (s *stream) take() iter.Seq[any] {
	if s.used {
		throw("IllegalStateException", "stream has already been operated upon or closed")
	}
	s.used = true
	return s.seq
}

func (s *stream) then(seq iter.Seq[any], num int) *stream { return &stream{seq: seq, num: num} }

func streamMethod(s *stream, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "filter/1":
		c, src := asClosure(args[0], 1, "filter"), s.take()
		return s.then(func(yield func(any) bool) {
			for v := range src {
				if truth(c.call(v)) && !yield(v) {
					return
				}
			}
		}, s.num), true
	case "map/1", "mapToInt/1", "mapToLong/1", "mapToDouble/1", "mapToObj/1":
		c, src := asClosure(args[0], 1, name), s.take()
		num := map[string]int{"map": s.num, "mapToInt": nkInt, "mapToLong": nkLong, "mapToDouble": nkDouble}[name]
		return s.then(func(yield func(any) bool) {
			for v := range src {
				r := c.call(v)
				if num != nkNone {
					r = convertForStore(r, numType(num))
				}
				if !yield(r) {
					return
				}
			}
		}, num), true
	case "peek/1":
		c, src := asClosure(args[0], 1, "peek"), s.take()
		return s.then(func(yield func(any) bool) {
			for v := range src {
				c.call(v)
				if !yield(v) {
					return
				}
			}
		}, s.num), true
	case "distinct/0":
		src := s.take()
		return s.then(func(yield func(any) bool) {
			seen := []any{}
			for v := range src {
				if indexOf(seen, v) >= 0 {
					continue
				}
				seen = append(seen, v)
				if !yield(v) {
					return
				}
			}
		}, s.num), true
	case "sorted/0", "sorted/1":
		var cmp any
		if len(args) == 1 {
			cmp = args[0]
		}
		src := s.take()
		return s.then(func(yield func(any) bool) {
			var all []any
			for v := range src {
				all = append(all, v)
			}
			sortItems(all, cmp)
			for _, v := range all {
				if !yield(v) {
					return
				}
			}
		}, s.num), true
	case "limit/1", "skip/1":
		n := toInt64(numberArg(args[0]))
		if n < 0 {
			throwIAE(strconv.FormatInt(n, 10))
		}
		src, limit := s.take(), name == "limit"
		return s.then(func(yield func(any) bool) {
			var i int64
			if limit && n == 0 {
				return
			}
			for v := range src {
				i++
				if !limit && i <= n {
					continue
				}
				if !yield(v) || (limit && i >= n) {
					return
				}
			}
		}, s.num), true
	case "boxed/0":
		src := s.take()
		return s.then(src, nkNone), true
	case "forEach/1":
		c := asClosure(args[0], 1, "forEach")
		for v := range s.take() {
			c.call(v)
		}
		return nil, true
	case "count/0":
		var n int64
		for range s.take() {
			n++
		}
		return n, true
	case "anyMatch/1", "allMatch/1", "noneMatch/1":
		c := asClosure(args[0], 1, name)
		for v := range s.take() {
			m := truth(c.call(v))
			switch {
			case name == "anyMatch" && m:
				return true, true
			case name == "allMatch" && !m:
				return false, true
			case name == "noneMatch" && m:
				return false, true
			}
		}
		return name != "anyMatch", true
	case "findFirst/0", "findAny/0":
		for v := range s.take() {
			if v == nil {
				throwNPE("")
			}
			return &optional{v: v, present: true}, true
		}
		return &optional{}, true
	case "min/1", "max/1", "min/0", "max/0":
		if len(args) == 0 && s.num == nkNone {
			return nil, false
		}
		var best any
		found := false
		for v := range s.take() {
			if !found {
				best, found = v, true
				continue
			}
			var c int
			if len(args) == 1 {
				r := asClosure(args[0], 2, "compare").call(v, best)
				n, ok := r.(int32)
				if !ok {
					argCast(r, "java.lang.Integer")
				}
				c = int(n)
			} else {
				c = compareNatural(v, best)
			}
			if (strings.HasPrefix(name, "min") && c < 0) || (strings.HasPrefix(name, "max") && c > 0) {
				best = v
			}
		}
		return &optional{v: best, present: found}, true
	case "sum/0":
		if s.num == nkNone {
			return nil, false
		}
		var acc any = zeroValue(numType(s.num))
		for v := range s.take() {
			acc = binary("+", acc, v)
		}
		return acc, true
	case "average/0":
		if s.num == nkNone {
			return nil, false
		}
		var sum float64
		n := 0
		for v := range s.take() {
			sum += toFloat64(v)
			n++
		}
		if n == 0 {
			return &optional{}, true
		}
		return &optional{v: sum / float64(n), present: true}, true
	case "reduce/2":
		c := asClosure(args[1], 2, "reduce")
		acc := args[0]
		for v := range s.take() {
			acc = c.call(acc, v)
		}
		return acc, true
	case "collect/1":
		col, ok := args[0].(*collector)
		if !ok {
			argCast(args[0], "java.util.stream.Collector")
		}
		return col.collect(s.take()), true
	}
	return nil, false
}

func numType(num int) typ {
	switch num {
	case nkInt:
		return tyInt
	case nkLong:
		return tyLong
	case nkDouble:
		return tyDouble
	}
	return tyDef
}

func numberArg(v any) any {
	if numKind(v) == nkNone {
		argCast(v, "java.lang.Long")
	}
	return v
}

func (c *collector) collect(src iter.Seq[any]) any {
	switch c.kind {
	case "toList":
		out := []any{}
		for v := range src {
			out = append(out, v)
		}
		return &List{Items: out}
	case "toSet":
		s := newHashSet(4)
		for v := range src {
			s.add(v)
		}
		return s
	case "joining":
		var b strings.Builder
		i := 0
		for v := range src {
			if i > 0 {
				b.WriteString(c.sep)
			}
			str, ok := v.(string)
			if !ok {
				argCast(v, "java.lang.CharSequence")
			}
			b.WriteString(str)
			i++
		}
		return b.String()
	case "toMap":
		m := newHashMap(4)
		for v := range src {
			k, val := mapKey(c.key.call(v)), c.val.call(v)
			if val == nil {
				throwNPE("")
			}
			if old, dup := m.Get(k); dup {
				throw("IllegalStateException", "Duplicate key "+javaString(k)+" (attempted merging values "+javaString(old)+" and "+javaString(val)+")")
			}
			m.Set(k, val)
		}
		return m
	}
	return nil
}

func optionalMethod(o *optional, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "isPresent/0":
		return o.present, true
	case "get/0", "getAsInt/0", "getAsLong/0", "getAsDouble/0":
		if !o.present {
			throw("NoSuchElementException", "No value present")
		}
		return o.v, true
	case "orElse/1":
		if o.present {
			return o.v, true
		}
		return args[0], true
	case "orElseGet/1":
		if o.present {
			return o.v, true
		}
		return asClosure(args[0], 0, "orElseGet").call(), true
	case "ifPresent/1":
		if o.present {
			asClosure(args[0], 1, "ifPresent").call(o.v)
		}
		return nil, true
	case "orElseThrow/1":
		if o.present {
			return o.v, true
		}
		v := asClosure(args[0], 0, "orElseThrow").call()
		t, ok := v.(*javaThrowable)
		if !ok {
			argCast(v, "java.lang.Throwable")
		}
		panic(t)
	case "map/1":
		if !o.present {
			return o, true
		}
		v := asClosure(args[0], 1, "map").call(o.v)
		return &optional{v: v, present: v != nil}, true
	case "filter/1":
		if !o.present || truth(asClosure(args[0], 1, "filter").call(o.v)) {
			return o, true
		}
		return &optional{}, true
	}
	return nil, false
}

// collectorsStatic is Collectors.toList() and friends.
func collectorsStatic(name string, args []any) any {
	switch methodKey(name, len(args)) {
	case "toList/0", "toSet/0":
		return &collector{kind: name}
	case "joining/0":
		return &collector{kind: "joining"}
	case "joining/1":
		if args[0] == nil {
			throwNPE("")
		}
		return &collector{kind: "joining", sep: javaString(args[0])}
	case "toMap/2":
		return &collector{kind: "toMap", key: asClosure(args[0], 1, "toMap"), val: asClosure(args[1], 1, "toMap")}
	}
	throwIAE("static method [java.util.stream.Collectors, " + name + "/" + strconv.Itoa(len(args)) + "] not found")
	return nil
}
