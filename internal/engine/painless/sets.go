package painless

// Set methods, including keySet and entrySet views that write through to their map.

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
			throwUnsupported(s.owner.roReason)
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
