package painless

// iterableMethod implements what every Collection has in Painless's whitelist: forEach,
// stream, and the Groovy-style augmentations (any, every, find, findAll, collect,
// findResult, findResults, groupBy, split, join, sum, each, eachWithIndex, asList,
// asCollection). items is the receiver's elements in iteration order.
func iterableMethod(recv any, items []any, name string, args []any) (any, bool) {
	switch methodKey(name, len(args)) {
	case "stream/0":
		return newStream(items), true
	case "forEach/1", "each/1":
		c := asClosure(args[0], 1, name)
		before := modsOf(recv)
		for _, it := range append([]any(nil), items...) {
			c.call(it)
			if modsOf(recv) != before {
				break
			}
		}
		if modsOf(recv) != before { // as ArrayList.forEach and HashMap's views report it
			throw("ConcurrentModificationException", "")
		}
		if name == "each" {
			return recv, true
		}
		return nil, true
	case "eachWithIndex/1":
		c := asClosure(args[0], 2, name)
		for i, it := range append([]any(nil), items...) {
			c.call(it, int32(i))
		}
		return recv, true
	case "any/1", "every/1":
		c := asClosure(args[0], 1, name)
		for _, it := range items {
			if truth(c.call(it)) == (name == "any") {
				return name == "any", true
			}
		}
		return name != "any", true
	case "find/1":
		c := asClosure(args[0], 1, name)
		for _, it := range items {
			if truth(c.call(it)) {
				return it, true
			}
		}
		return nil, true
	case "findAll/1":
		c := asClosure(args[0], 1, name)
		out := []any{}
		for _, it := range items {
			if truth(c.call(it)) {
				out = append(out, it)
			}
		}
		return &List{Items: out}, true
	case "split/1":
		c := asClosure(args[0], 1, name)
		yes, no := []any{}, []any{}
		for _, it := range items {
			if truth(c.call(it)) {
				yes = append(yes, it)
			} else {
				no = append(no, it)
			}
		}
		return &List{Items: []any{&List{Items: yes}, &List{Items: no}}}, true
	case "collect/1":
		c := asClosure(args[0], 1, name)
		out := make([]any, 0, len(items))
		for _, it := range items {
			out = append(out, c.call(it))
		}
		return &List{Items: out}, true
	case "collect/2":
		c := asClosure(args[1], 1, name)
		for _, it := range items {
			addTo(args[0], c.call(it))
		}
		return args[0], true
	case "findResult/1", "findResult/2":
		c := asClosure(args[len(args)-1], 1, name)
		for _, it := range items {
			if v := c.call(it); v != nil {
				return v, true
			}
		}
		if len(args) == 2 {
			return args[0], true
		}
		return nil, true
	case "findResults/1":
		c := asClosure(args[0], 1, name)
		out := []any{}
		for _, it := range items {
			if v := c.call(it); v != nil {
				out = append(out, v)
			}
		}
		return &List{Items: out}, true
	case "groupBy/1":
		c := asClosure(args[0], 1, name)
		m := newHashMap(4)
		for _, it := range items {
			k := mapKey(c.call(it))
			group, ok := m.Get(k)
			if !ok {
				group = &List{Items: []any{}}
				m.Set(k, group)
			}
			g := group.(*List)
			g.Items = append(g.Items, it)
		}
		return m, true
	case "join/1":
		sep := stringArg(args[0])
		out := ""
		for i, it := range items {
			if i > 0 {
				out = concat(out, sep)
			}
			out = concat(out, javaString(it))
		}
		return out, true
	case "sum/0":
		var sum float64
		for _, it := range items {
			sum += doubleArg(it)
		}
		return sum, true
	case "sum/1":
		c := asClosure(args[0], 1, name)
		var sum float64
		for _, it := range items {
			sum += doubleArg(c.call(it))
		}
		return sum, true
	case "asList/0":
		if l, ok := recv.(*List); ok {
			return l, true
		}
		return &List{Items: append([]any{}, items...)}, true
	case "asCollection/0":
		return recv, true
	case "containsAll/1":
		for _, it := range collItems(args[0]) {
			if !collContains(recv, it) {
				return false, true
			}
		}
		return true, true
	}
	return nil, false
}

// modsOf returns the structural change count behind a collection (a view's map).
func modsOf(v any) int {
	switch c := v.(type) {
	case *List:
		return c.mods
	case *Set:
		if c.owner != nil {
			return c.owner.mods
		}
		return c.mods
	case *Map:
		return c.mods
	}
	return 0
}

// addTo is Collection.add on a collection argument.
func addTo(coll, v any) {
	switch c := coll.(type) {
	case *List:
		checkResizable(c, "add", 1)
		c.Items = append(c.Items, v)
		c.mods++
	case *Set:
		if c.immutable || c.owner != nil {
			throwUnsupported("")
		}
		c.add(v)
	case nil:
		throwNPE("")
	default:
		argCast(coll, "java.util.Collection")
	}
}
