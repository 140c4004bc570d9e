package painless

// Map methods and Painless's Map augmentations.

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
			throwUnsupported(m.roReason)
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
			throwUnsupported(m.roReason)
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
			throwUnsupported(m.roReason)
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
		throwUnsupported(m.roReason)
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
