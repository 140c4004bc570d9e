package painless

import (
	"math"
	"math/big"
	"sort"
	"strconv"
)

// callMethod dispatches recv.name(args) by receiver type, then name and arity, as
// Painless's def call sites do.
func callMethod(r *run, recv any, name string, args []any) any {
	switch o := recv.(type) {
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
	case int32, int64, float32, float64:
		if v, ok := numberMethod(recv, name, args); ok {
			return v
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

func mapMethod(m *Map, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "get/1":
		v, _ := m.Get(mapKey(args[0]))
		return v, true
	case "put/2":
		return mapPut(m, mapKey(args[0]), args[1]), true
	case "putAll/1":
		src, ok := args[0].(*Map)
		if !ok {
			argCast(args[0], "java.util.Map")
		}
		if m.readOnly {
			throwUnsupported("")
		}
		keys, vals := src.iter()
		keys, vals = append([]any(nil), keys...), append([]any(nil), vals...)
		if m.hashed && m.capacity > 0 && len(keys) > m.capacity*3/4 {
			m.capacity <<= 1 // HashMap.putAll resizes up front
		} else if m.hashed && m.capacity == 0 && len(keys) > 0 {
			m.capacity = tableSizeFor(int(float32(len(keys))/0.75 + 1))
		}
		for i, k := range keys {
			m.Set(k, vals[i])
		}
		return nil, true
	case "remove/1":
		if m.readOnly {
			throwUnsupported("")
		}
		return m.Delete(mapKey(args[0])), true
	case "containsKey/1":
		_, ok := m.Get(mapKey(args[0]))
		return ok, true
	case "containsValue/1":
		for _, v := range m.vals {
			if javaEquals(args[0], v) {
				return true, true
			}
		}
		return false, true
	case "getOrDefault/2":
		if v, ok := m.Get(mapKey(args[0])); ok {
			return v, true
		}
		return args[1], true
	case "putIfAbsent/2":
		k := mapKey(args[0])
		if v, ok := m.Get(k); ok && v != nil {
			return v, true
		}
		mapPut(m, k, args[1])
		return nil, true
	case "size/0":
		return int32(m.Len()), true
	case "isEmpty/0":
		return m.Len() == 0, true
	case "clear/0":
		if m.readOnly {
			throwUnsupported("")
		}
		m.clear()
		return nil, true
	case "keySet/0":
		s := newSet(m.Len())
		keys, _ := m.iter()
		for _, k := range keys {
			s.add(k)
		}
		s.owner, s.view = m, viewKeys
		return s, true
	case "values/0":
		_, vals := m.iter()
		return &List{Items: append([]any{}, vals...)}, true
	case "entrySet/0":
		s := newSet(m.Len())
		keys, _ := m.iter()
		for _, k := range keys {
			s.add(&Entry{m: m, key: k})
		}
		s.owner, s.view = m, viewEntries
		return s, true
	case "forEach/1":
		c := asClosure(args[0], 2, "forEach")
		keys, vals := m.iter()
		keys, vals = append([]any(nil), keys...), append([]any(nil), vals...)
		before := m.mods
		for i, k := range keys {
			c.call(k, vals[i])
			if m.mods != before {
				break
			}
		}
		if m.mods != before {
			throw("ConcurrentModificationException", "")
		}
		return nil, true
	case "computeIfAbsent/2":
		k := mapKey(args[0])
		if v, ok := m.Get(k); ok && v != nil {
			return v, true
		}
		v := asClosure(args[1], 1, "computeIfAbsent").call(k)
		if v != nil {
			mapPut(m, k, v)
		}
		return v, true
	case "merge/3":
		k := mapKey(args[0])
		old, _ := m.Get(k)
		nv := args[1]
		if old != nil {
			nv = asClosure(args[2], 2, "merge").call(old, args[1])
		}
		if nv == nil {
			mapDelete(m, k)
		} else {
			mapPut(m, k, nv)
		}
		return nv, true
	case "replace/2":
		k := mapKey(args[0])
		if _, ok := m.Get(k); ok {
			return mapPut(m, k, args[1]), true
		}
		return nil, true
	case "compute/2", "computeIfPresent/2":
		k := mapKey(args[0])
		old, ok := m.Get(k)
		if name == "computeIfPresent" && (!ok || old == nil) {
			return nil, true
		}
		nv := asClosure(args[1], 2, name).call(k, old)
		if nv == nil {
			if ok {
				mapDelete(m, k)
			}
			return nil, true
		}
		mapPut(m, k, nv)
		return nv, true
	case "remove/2":
		k := mapKey(args[0])
		if v, ok := m.Get(k); ok && javaEquals(v, args[1]) {
			mapDelete(m, k)
			return true, true
		}
		return false, true
	case "replace/3":
		k := mapKey(args[0])
		if v, ok := m.Get(k); ok && javaEquals(v, args[1]) {
			mapPut(m, k, args[2])
			return true, true
		}
		return false, true
	case "replaceAll/1":
		c := asClosure(args[0], 2, name)
		keys, _ := m.iter()
		for _, k := range append([]any(nil), keys...) {
			v, _ := m.Get(k)
			mapPut(m, k, c.call(k, v))
		}
		return nil, true
	}
	return mapAugmentation(m, name, args)
}

func mapDelete(m *Map, k any) {
	if m.readOnly {
		throwUnsupported("")
	}
	m.Delete(k)
}

// mapAugmentation implements Painless's Groovy-style methods on Map, which take
// (key, value) lambdas.
func mapAugmentation(m *Map, name string, args []any) (any, bool) {
	keys, vals := m.iter()
	keys, vals = append([]any(nil), keys...), append([]any(nil), vals...)
	switch methodKey(name, len(args)) {
	case "each/1":
		c := asClosure(args[0], 2, name)
		for i, k := range keys {
			c.call(k, vals[i])
		}
		return m, true
	case "collect/1":
		c := asClosure(args[0], 2, name)
		out := make([]any, 0, len(keys))
		for i, k := range keys {
			out = append(out, c.call(k, vals[i]))
		}
		return &List{Items: out}, true
	case "collect/2":
		c := asClosure(args[1], 2, name)
		for i, k := range keys {
			addTo(args[0], c.call(k, vals[i]))
		}
		return args[0], true
	case "count/1":
		c := asClosure(args[0], 2, name)
		n := int32(0)
		for i, k := range keys {
			if truth(c.call(k, vals[i])) {
				n++
			}
		}
		return n, true
	case "every/1":
		c := asClosure(args[0], 2, name)
		for i, k := range keys {
			if !truth(c.call(k, vals[i])) {
				return false, true
			}
		}
		return true, true
	case "find/1":
		c := asClosure(args[0], 2, name)
		for i, k := range keys {
			if truth(c.call(k, vals[i])) {
				return &Entry{m: m, key: k}, true
			}
		}
		return nil, true
	case "findAll/1":
		c := asClosure(args[0], 2, name)
		out := newHashMap(4)
		for i, k := range keys {
			if truth(c.call(k, vals[i])) {
				out.Set(k, vals[i])
			}
		}
		return out, true
	case "findResult/1", "findResult/2":
		c := asClosure(args[len(args)-1], 2, name)
		for i, k := range keys {
			if v := c.call(k, vals[i]); v != nil {
				return v, true
			}
		}
		if len(args) == 2 {
			return args[0], true
		}
		return nil, true
	case "findResults/1":
		c := asClosure(args[0], 2, name)
		out := []any{}
		for i, k := range keys {
			if v := c.call(k, vals[i]); v != nil {
				out = append(out, v)
			}
		}
		return &List{Items: out}, true
	case "groupBy/1":
		c := asClosure(args[0], 2, name)
		out := newHashMap(4)
		for i, k := range keys {
			g := mapKey(c.call(k, vals[i]))
			group, ok := out.Get(g)
			if !ok {
				group = newHashMap(4)
				out.Set(g, group)
			}
			group.(*Map).Set(k, vals[i])
		}
		return out, true
	}
	return nil, false
}

// mapKey rejects keys a Go map cannot hold (none of the runtime values are such, but a
// closure or future type must not crash the interpreter).
func mapKey(k any) any {
	if !isComparableKey(k) {
		throwIAE("unsupported map key of class [" + className(k) + "]")
	}
	return k
}

func checkMutable(l *List) {
	if l.immutable {
		throwUnsupported("")
	}
}

func checkResizable(l *List, name string, n int) {
	if l.array {
		throwIAE("dynamic method [" + className(l) + ", " + name + "/" + strconv.Itoa(n) + "] not found")
	}
	checkMutable(l)
}

func listMethod(l *List, name string, args []any) (any, bool) {
	key := methodKey(name, len(args))
	if l.array { // arrays have only the length field and the Object methods
		switch key {
		case "toString/0", "equals/1", "hashCode/0":
			return nil, false
		}
		throwIAE("dynamic method [[Ljava.lang.Object;, " + key + "] not found")
	}
	switch key {
	case "add/1":
		checkResizable(l, name, 1)
		if len(l.Items) >= maxListLen {
			throw("OutOfMemoryError", "Java heap space")
		}
		l.Items = append(l.Items, args[0])
		l.mods++
		return true, true
	case "add/2":
		checkResizable(l, name, 2)
		i := intArg(args[0])
		if i < 0 || i > len(l.Items) {
			throwIndex(i, len(l.Items))
		}
		l.Items = append(l.Items, nil)
		copy(l.Items[i+1:], l.Items[i:])
		l.Items[i] = args[1]
		l.mods++
		return nil, true
	case "addAll/1":
		checkResizable(l, name, 1)
		items := collItems(args[0])
		if len(l.Items)+len(items) > maxListLen {
			throw("OutOfMemoryError", "Java heap space")
		}
		l.Items = append(l.Items, append([]any(nil), items...)...)
		l.mods++
		return len(items) > 0, true
	case "get/1":
		i := intArg(args[0])
		if i < 0 || i >= len(l.Items) {
			throwIndex(i, len(l.Items))
		}
		return l.Items[i], true
	case "set/2":
		checkMutable(l)
		i := intArg(args[0])
		if i < 0 || i >= len(l.Items) {
			throwIndex(i, len(l.Items))
		}
		old := l.Items[i]
		l.Items[i] = args[1]
		return old, true
	case "remove/1":
		// List has only remove(int) in the whitelist: remove("x") is a ClassCastException.
		checkResizable(l, name, 1)
		i := intArg(args[0])
		if i < 0 || i >= len(l.Items) {
			throwIndex(i, len(l.Items))
		}
		old := l.Items[i]
		l.Items = append(l.Items[:i], l.Items[i+1:]...)
		l.mods++
		return old, true
	case "size/0", "getLength/0":
		return int32(len(l.Items)), true
	case "addAll/2":
		checkResizable(l, name, 2)
		i := intArg(args[0])
		if i < 0 || i > len(l.Items) {
			throwIndex(i, len(l.Items))
		}
		items := append([]any(nil), collItems(args[1])...)
		if len(l.Items)+len(items) > maxListLen {
			throw("OutOfMemoryError", "Java heap space")
		}
		l.Items = append(l.Items[:i], append(items, l.Items[i:]...)...)
		l.mods++
		return len(items) > 0, true
	case "replaceAll/1":
		checkMutable(l)
		c := asClosure(args[0], 1, "replaceAll")
		for i, it := range l.Items {
			l.Items[i] = c.call(it)
		}
		return nil, true
	case "isEmpty/0":
		return len(l.Items) == 0, true
	case "contains/1":
		return indexOf(l.Items, args[0]) >= 0, true
	case "indexOf/1":
		return int32(indexOf(l.Items, args[0])), true
	case "lastIndexOf/1":
		for i := len(l.Items) - 1; i >= 0; i-- {
			if javaEquals(args[0], l.Items[i]) {
				return int32(i), true
			}
		}
		return int32(-1), true
	case "clear/0":
		checkResizable(l, name, 0)
		clear(l.Items)
		l.Items = l.Items[:0]
		l.mods++
		return nil, true
	case "removeIf/1":
		c := asClosure(args[0], 1, "removeIf")
		checkMutable(l)
		return filterList(l, func(v any) bool { return truth(c.call(v)) }), true
	case "removeAll/1":
		checkMutable(l)
		other := args[0]
		collItems(other)
		return filterList(l, func(v any) bool { return collContains(other, v) }), true
	case "retainAll/1":
		checkMutable(l)
		other := args[0]
		collItems(other)
		return filterList(l, func(v any) bool { return !collContains(other, v) }), true
	case "containsAll/1":
		for _, it := range collItems(args[0]) {
			if indexOf(l.Items, it) < 0 {
				return false, true
			}
		}
		return true, true
	case "sort/1":
		checkMutable(l)
		sortItems(l.Items, args[0])
		l.mods++
		return nil, true
	case "subList/2":
		a, b := intArg(args[0]), intArg(args[1])
		if a < 0 || b > len(l.Items) || a > b {
			throw("IndexOutOfBoundsException", "fromIndex: "+strconv.Itoa(a)+", toIndex: "+strconv.Itoa(b)+", size: "+strconv.Itoa(len(l.Items)))
		}
		// a copy: writes through a subList view are not modelled
		return &List{Items: append([]any{}, l.Items[a:b]...)}, true
	}
	return nil, false
}

// truth reads a predicate's result, which must be a boolean.
func truth(v any) bool {
	b, ok := v.(bool)
	if !ok {
		argCast(v, "java.lang.Boolean")
	}
	return b
}

func indexOf(items []any, v any) int {
	for i, it := range items {
		if javaEquals(v, it) {
			return i
		}
	}
	return -1
}

func collContains(c, v any) bool {
	switch x := c.(type) {
	case *List:
		return indexOf(x.Items, v) >= 0
	case *Set:
		return x.has(v)
	}
	return false
}

// filterList removes the elements drop selects; it reports whether any was removed. The
// predicate sees the list unchanged, and nothing is removed if it throws, as in ArrayList.
func filterList(l *List, drop func(any) bool) bool {
	marks := make([]bool, len(l.Items))
	any := false
	for i, it := range l.Items {
		if drop(it) {
			marks[i], any = true, true
		}
	}
	if !any {
		return false
	}
	out := l.Items[:0]
	for i, it := range l.Items {
		if !marks[i] {
			out = append(out, it)
		}
	}
	clear(l.Items[len(out):])
	l.Items = out
	l.mods++
	return true
}

// sortItems sorts by natural order (cmp == nil) or with a comparator lambda; the sort is
// stable, as Java's List.sort is.
func sortItems(items []any, cmp any) {
	compare := compareNatural
	if cmp != nil {
		compare = comparatorFunc(cmp)
	}
	sort.SliceStable(items, func(i, j int) bool { return compare(items[i], items[j]) < 0 })
}

// comparatorFunc turns a Comparator lambda into a Go comparison; it must return an int.
func comparatorFunc(cmp any) func(a, b any) int {
	c := asClosure(cmp, 2, "compare")
	return func(a, b any) int {
		v := c.call(a, b)
		n, ok := v.(int32)
		if !ok {
			argCast(v, "java.lang.Integer")
		}
		return int(n)
	}
}

// compareNatural is Comparable.compareTo between two values of the same class.
func compareNatural(a, b any) int {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		if !ok {
			argCast(b, "java.lang.String")
		}
		return compareStrings(x, y)
	case int32:
		y, ok := b.(int32)
		if !ok {
			argCast(b, "java.lang.Integer")
		}
		return cmpInt(int64(x), int64(y))
	case int64:
		y, ok := b.(int64)
		if !ok {
			argCast(b, "java.lang.Long")
		}
		return cmpInt(x, y)
	case float64:
		y, ok := b.(float64)
		if !ok {
			argCast(b, "java.lang.Double")
		}
		return compareDouble(x, y)
	case float32:
		y, ok := b.(float32)
		if !ok {
			argCast(b, "java.lang.Float")
		}
		return compareDouble(float64(x), float64(y))
	case bool:
		y, ok := b.(bool)
		if !ok {
			argCast(b, "java.lang.Boolean")
		}
		return boolInt(x) - boolInt(y)
	case *Date:
		return cmpInt(x.Millis, dateArg(b).Millis)
	case *Instant:
		o := instantArg(b)
		return cmpInstant(x.Sec, x.Nano, o.Sec, o.Nano)
	case *big.Int:
		return x.Cmp(bigArg(b))
	case *ZonedDateTime:
		v, _ := zonedMethod(x, "compareTo", []any{b})
		return int(v.(int32))
	case nil:
		throwNPE("")
	}
	throwCCE(className(a), "java.lang.Comparable")
	return 0
}

// compareDouble is Double.compare: NaN is largest, -0.0 < 0.0.
func compareDouble(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	ab, bb := math.Float64bits(a), math.Float64bits(b)
	if math.IsNaN(a) {
		ab = 0x7ff8000000000000
	}
	if math.IsNaN(b) {
		bb = 0x7ff8000000000000
	}
	return cmpInt(int64(ab), int64(bb))
}

func setMethod(s *Set, name string, args []any) (any, bool) {
	mut := func() {
		if s.immutable || (s.owner != nil && name == "add") || (s.owner != nil && name == "addAll") {
			throwUnsupported("")
		}
	}
	switch methodKey(name, len(args)) {
	case "add/1":
		mut()
		return s.add(args[0]), true
	case "addAll/1":
		mut()
		changed := false
		for _, it := range append([]any(nil), collItems(args[0])...) {
			if s.add(it) {
				changed = true
			}
		}
		return changed, true
	case "contains/1":
		return s.has(args[0]), true
	case "containsAll/1":
		for _, it := range collItems(args[0]) {
			if !s.has(it) {
				return false, true
			}
		}
		return true, true
	case "remove/1":
		mut()
		return s.removeThrough(args[0]), true
	case "removeIf/1":
		mut()
		c := asClosure(args[0], 1, "removeIf")
		return s.removeWhere(func(v any) bool { return truth(c.call(v)) }), true
	case "removeAll/1":
		mut()
		other := args[0]
		collItems(other)
		return s.removeWhere(func(v any) bool { return collContains(other, v) }), true
	case "retainAll/1":
		mut()
		other := args[0]
		collItems(other)
		return s.removeWhere(func(v any) bool { return !collContains(other, v) }), true
	case "size/0":
		return int32(len(s.items)), true
	case "isEmpty/0":
		return len(s.items) == 0, true
	case "clear/0":
		mut()
		s.removeWhere(func(any) bool { return true })
		return nil, true
	}
	return nil, false
}

// removeThrough removes v from the set and, for a keySet or entrySet view, from its map.
func (s *Set) removeThrough(v any) bool {
	if s.owner != nil {
		if s.owner.readOnly {
			throwUnsupported("")
		}
		switch s.view {
		case viewKeys:
			if _, ok := s.owner.Get(v); ok {
				s.owner.Delete(v)
			}
		case viewEntries:
			if e, ok := v.(*Entry); ok {
				s.owner.Delete(e.key)
			}
		}
	}
	return s.remove(v)
}

func (s *Set) removeWhere(drop func(any) bool) bool {
	var victims []any
	for _, it := range s.items {
		if drop(it) {
			victims = append(victims, it)
		}
	}
	for _, v := range victims {
		s.removeThrough(v)
	}
	return len(victims) > 0
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
		var h int32
		for _, u := range utf16Units(x) {
			h = 31*h + int32(u)
		}
		return h
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
