package painless

import (
	"math/big"
	"sort"

	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
)

// Runtime values. Scripts see Java objects; the interpreter represents them as:
//
//	null            nil
//	boolean         bool
//	Integer         int32
//	Long            int64
//	Float           float32
//	Double          float64
//	String          string
//	Map             *Map   (insertion-ordered, like the LinkedHashMap an update source is)
//	List            *List  (an ArrayList: a slice behind a pointer, so aliasing works as in Java)
//	Set             *Set   (insertion-ordered HashSet)
//	Map.Entry       *Entry
//	lambda          *closure
//
// Maps and lists are pointers because Java collections are references: a script that
// keeps `def tags = ctx._source.tags` and adds to it must change the document.

// Map is a Java Map. Keys are comparable Go values (string, int32, int64, float64, bool,
// nil; an Integer 1 and a Long 1 are different keys, as in Java). A map is either a
// LinkedHashMap (iteration in insertion order) or a HashMap, which iterates in Java's
// bucket order: that order shows in script loops, toString and the JSON OpenSearch writes,
// so the fake reproduces it. The zero value is not usable; use NewMap.
type Map struct {
	keys []any // insertion order
	vals []any
	// index maps keys to positions once the map outgrows a linear scan (nil before).
	index map[any]int
	// class is the Java class name used in messages ("java.util.HashMap").
	class string
	// readOnly marks the top-level params map: writes raise unsupported_operation_exception
	// (with roReason as its message, empty for params).
	readOnly bool
	roReason string
	// frozen marks a params map frozenParams made (already safe to bind as is).
	frozen bool
	// hashed selects HashMap iteration order; capacity is its table size (0: not
	// allocated); hashes holds each key's HashMap.hash, taken at insertion as Java does.
	hashed   bool
	capacity int
	hashes   []uint32
	// mods counts structural changes, for ConcurrentModificationException.
	mods int
}

// NewMap returns an empty LinkedHashMap (insertion order) with room for n entries.
func NewMap(n int) *Map {
	return &Map{keys: make([]any, 0, n), vals: make([]any, 0, n), class: "java.util.LinkedHashMap"}
}

// newHashMap returns an empty java.util.HashMap.
func newHashMap(n int) *Map {
	m := NewMap(n)
	m.class, m.hashed = "java.util.HashMap", true
	return m
}

// HashMap defaults: initial table size and load factor 0.75.
const hashInitialCapacity = javahash.DefaultCapacity

// tableSizeFor is the power of two at or above c, as HashMap sizes its table.
func tableSizeFor(c int) int { return javahash.TableSizeFor(c) }

// grow doubles the table as HashMap does when the size passes 0.75 of it.
func grow(capacity, size int) int {
	if capacity == 0 {
		capacity = hashInitialCapacity
	}
	for size > capacity*3/4 {
		capacity <<= 1
	}
	return capacity
}

// javaHash is HashMap.hash(key): hashCode with the high half folded into the low half.
func javaHash(k any) uint32 {
	return javahash.Spread(hashCode(k))
}

// hashOrder returns the indexes of entries (in insertion order, with their hashes) in
// the order a Java HashMap with this table size iterates them: by bucket, then
// insertion order within a bucket.
func hashOrder(hashes []uint32, capacity int) []int {
	idx := make([]int, len(hashes))
	mask := uint32(max(capacity, 1) - 1)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return hashes[idx[a]]&mask < hashes[idx[b]]&mask })
	return idx
}

// iter returns the keys and values in Java iteration order. For a LinkedHashMap these are
// the map's own slices: do not modify them.
func (m *Map) iter() (keys, vals []any) {
	if !m.hashed || len(m.keys) < 2 {
		return m.keys, m.vals
	}
	order := hashOrder(m.hashes, m.capacity)
	keys, vals = make([]any, len(order)), make([]any, len(order))
	for i, j := range order {
		keys[i], vals[i] = m.keys[j], m.vals[j]
	}
	return keys, vals
}

// Len returns the number of entries.
func (m *Map) Len() int { return len(m.keys) }

// smallMap is the size up to which a map finds keys by scanning instead of hashing:
// most documents' objects are small, and this saves an allocation per object.
const smallMap = 8

// find returns the position of k, or -1.
func (m *Map) find(k any) int {
	if m.index != nil {
		if i, ok := m.index[k]; ok {
			return i
		}
		return -1
	}
	for i, key := range m.keys {
		if key == k {
			return i
		}
	}
	return -1
}

// Get returns the value under key k and whether it is present.
func (m *Map) Get(k any) (any, bool) {
	i := m.find(k)
	if i < 0 {
		return nil, false
	}
	return m.vals[i], true
}

// Set puts v under k, keeping the position of an existing key; it returns the previous value.
func (m *Map) Set(k, v any) any {
	if i := m.find(k); i >= 0 {
		old := m.vals[i]
		m.vals[i] = v
		return old
	}
	var h uint32
	if m.hashed {
		h = javaHash(k) // may throw, as hashCode would in Java, before anything changes
	}
	if m.index != nil {
		m.index[k] = len(m.keys)
	}
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, v)
	if m.index == nil && len(m.keys) > smallMap {
		m.index = make(map[any]int, 2*len(m.keys))
		for i, key := range m.keys {
			m.index[key] = i
		}
	}
	m.mods++
	if m.hashed {
		m.hashes = append(m.hashes, h)
		m.capacity = grow(m.capacity, len(m.keys))
	}
	return nil
}

// Delete removes k and returns the value it had (nil if absent).
func (m *Map) Delete(k any) any {
	i := m.find(k)
	if i < 0 {
		return nil
	}
	old := m.vals[i]
	m.mods++
	if m.index != nil {
		delete(m.index, k)
	}
	copy(m.keys[i:], m.keys[i+1:])
	copy(m.vals[i:], m.vals[i+1:])
	if m.hashed {
		m.hashes = append(m.hashes[:i], m.hashes[i+1:]...)
	}
	m.keys[len(m.keys)-1], m.vals[len(m.vals)-1] = nil, nil
	m.keys = m.keys[:len(m.keys)-1]
	m.vals = m.vals[:len(m.vals)-1]
	if m.index != nil {
		for j := i; j < len(m.keys); j++ {
			m.index[m.keys[j]] = j
		}
	}
	return old
}

// Keys returns the keys in Java iteration order. The slice may be shared: do not modify it.
func (m *Map) Keys() []any { k, _ := m.iter(); return k }

// Values returns the values in Java iteration order. The slice may be shared: do not modify it.
func (m *Map) Values() []any { _, v := m.iter(); return v }

func (m *Map) clear() {
	if len(m.keys) > 0 {
		m.mods++
	}
	m.index = nil
	m.keys = m.keys[:0]
	m.vals = m.vals[:0]
	m.hashes = m.hashes[:0]
}

// List is a Java ArrayList.
type List struct {
	// Items holds the elements; scripts may grow or shrink it.
	Items []any
	// immutable marks lists from Collections.singletonList/emptyList.
	immutable bool
	// locked marks a list inside a Locked view: writes fail with roReason.
	locked   bool
	roReason string
	// array marks a Java array (new int[3]): fixed size, ArrayIndexOutOfBoundsException;
	// elem is its element type, which stores convert to.
	array bool
	elem  typ
	// mods counts structural changes, for ConcurrentModificationException.
	mods int
}

// NewList returns a list holding items (not copied).
func NewList(items []any) *List { return &List{Items: items} }

// Set is a Java HashSet with insertion order kept.
type Set struct {
	items     []any // insertion order
	index     map[any]int
	immutable bool
	// hashed selects HashSet iteration order; capacity is the backing table size and
	// hashes the elements' HashMap.hash values.
	hashed   bool
	capacity int
	hashes   []uint32
	mods     int
	// owner is the map a keySet() or entrySet() view came from: removals write through.
	owner *Map
	view  uint8
}

const (
	viewKeys uint8 = iota + 1
	viewEntries
)

func newSet(n int) *Set { return &Set{items: make([]any, 0, n), index: make(map[any]int, n)} }

func newHashSet(n int) *Set {
	s := newSet(n)
	s.hashed = true
	return s
}

// iter returns the elements in Java iteration order (shared when insertion-ordered).
func (s *Set) iter() []any {
	if !s.hashed || len(s.items) < 2 {
		return s.items
	}
	order := hashOrder(s.hashes, s.capacity)
	out := make([]any, len(order))
	for i, j := range order {
		out[i] = s.items[j]
	}
	return out
}

func (s *Set) add(v any) bool {
	k := setKey(v)
	if _, ok := s.index[k]; ok {
		return false
	}
	var h uint32
	if s.hashed {
		h = javaHash(v)
	}
	s.index[k] = len(s.items)
	s.items = append(s.items, v)
	s.mods++
	if s.hashed {
		s.hashes = append(s.hashes, h)
		s.capacity = grow(s.capacity, len(s.items))
	}
	return true
}

func (s *Set) has(v any) bool { _, ok := s.index[setKey(v)]; return ok }

func (s *Set) remove(v any) bool {
	k := setKey(v)
	i, ok := s.index[k]
	if !ok {
		return false
	}
	delete(s.index, k)
	s.mods++
	s.items = append(s.items[:i], s.items[i+1:]...)
	if s.hashed {
		s.hashes = append(s.hashes[:i], s.hashes[i+1:]...)
	}
	for j := i; j < len(s.items); j++ {
		s.index[setKey(s.items[j])] = j
	}
	return true
}

// setKey makes a value usable as a Go map key. Collections are keyed by identity, which
// differs from Java's structural hashCode; sets of lists are rare in update scripts.
func setKey(v any) any { return v }

// Entry is a Map.Entry from entrySet(); setValue writes through to its map.
type Entry struct {
	m   *Map
	key any
}

// Key returns the entry's key.
func (e *Entry) Key() any { return e.key }

// Value returns the entry's current value.
func (e *Entry) Value() any { v, _ := e.m.Get(e.key); return v }

// closure is a lambda value.
type closure struct {
	fn       *funcDef
	captured []any
	// env is the run the closure was created in (for the loop budget and positions).
	run *run
}

// isComparableKey reports whether v can be a Go map key without panicking.
func isComparableKey(v any) bool {
	switch v.(type) {
	case nil, bool, int32, int64, float32, float64, string, javaByte, javaShort, javaChar, *Map, *List, *Set, *Entry,
		*closure, *javaThrowable, *stream, *optional, *collector, *Date, *methodRef,
		*Instant, *ZonedDateTime, *ZoneId, *big.Int:
		return true
	}
	return false
}

// className returns the Java class name of a runtime value, for messages.
func className(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "java.lang.Boolean"
	case int32:
		return "java.lang.Integer"
	case javaByte:
		return "java.lang.Byte"
	case javaShort:
		return "java.lang.Short"
	case javaChar:
		return "java.lang.Character"
	case int64:
		return "java.lang.Long"
	case float32:
		return "java.lang.Float"
	case float64:
		return "java.lang.Double"
	case string:
		return "java.lang.String"
	case *Map:
		return x.class
	case *List:
		if x.immutable {
			return "java.util.Collections$SingletonList"
		}
		return "java.util.ArrayList"
	case *Set:
		if x.immutable {
			return "java.util.Collections$SingletonSet"
		}
		return "java.util.HashSet"
	case *Entry:
		return "java.util.HashMap$Node"
	case *closure, *methodRef:
		return "java.lang.invoke.LambdaForm"
	case *javaThrowable:
		return "java.lang." + x.class
	case *stream:
		return "java.util.stream.ReferencePipeline"
	case *optional:
		return "java.util.Optional"
	case *collector:
		return "java.util.stream.Collectors$CollectorImpl"
	case *Date:
		return "java.util.Date"
	case *Instant:
		return "java.time.Instant"
	case *big.Int:
		return "java.math.BigInteger"
	case *ZonedDateTime:
		if x.joda {
			return "org.opensearch.script.JodaCompatibleZonedDateTime"
		}
		return "java.time.ZonedDateTime"
	case *DocLookup:
		return "org.opensearch.search.lookup.LeafDocLookup"
	case *docValues:
		return docClasses[x.f.Kind]
	case *ZoneId:
		if x.region != "" {
			return "java.time.ZoneRegion"
		}
		return "java.time.ZoneOffset"
	}
	return "java.lang.Object"
}
