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
