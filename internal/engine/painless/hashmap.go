package painless

// NewHashMap returns an empty java.util.HashMap: it iterates in Java's bucket order, as
// the maps of an IngestDocument do (its source and metadata share one HashMap).
func NewHashMap(n int) *Map { return newHashMap(n) }

// ClassName returns the Java class name of a native value ("java.lang.String",
// "java.util.HashMap", ...), as error messages print it.
func ClassName(v any) string { return className(v) }

// ToJavaString returns String.valueOf(v) for a native value, as string concatenation and
// toString print it (Double.toString formatting, maps as {k=v}).
func ToJavaString(v any) string { return javaString(v) }

// Locked returns a view of v (maps and lists, nested ones included) whose every write
// raises an UnsupportedOperationException with reason as its message, as the unmodifiable
// wrappers OpenSearch hands some scripts do (ingest conditions). Reads see v's values
// and iteration order; v itself is not changed.
func Locked(v any, reason string) any { return locked(v, reason, map[any]any{}) }

func locked(v any, reason string, done map[any]any) any {
	switch x := v.(type) {
	case *Map:
		if c, ok := done[x]; ok {
			return c
		}
		c := &Map{keys: x.keys, vals: make([]any, len(x.vals)), index: x.index, class: x.class, readOnly: true, roReason: reason,
			hashed: x.hashed, capacity: x.capacity, hashes: x.hashes}
		done[x] = c
		for i, e := range x.vals {
			c.vals[i] = locked(e, reason, done)
		}
		return c
	case *List:
		if c, ok := done[x]; ok {
			return c
		}
		c := &List{Items: make([]any, len(x.Items)), immutable: x.immutable, array: x.array, elem: x.elem, locked: true, roReason: reason}
		done[x] = c
		for i, e := range x.Items {
			c.Items[i] = locked(e, reason, done)
		}
		return c
	}
	return v
}
