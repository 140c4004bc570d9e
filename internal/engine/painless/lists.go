package painless

import (
	"math/big"
	"sort"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/javacmp"
)

// List methods, and the helpers they share with sets and streams (element search,
// filtering, ordering).

func checkMutable(l *List) {
	if l.immutable || l.locked {
		throwUnsupported(l.roReason)
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
		return javacmp.Double(x, y)
	case float32:
		y, ok := b.(float32)
		if !ok {
			argCast(b, "java.lang.Float")
		}
		return javacmp.Double(float64(x), float64(y))
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
