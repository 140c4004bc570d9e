package painless

// ToDouble converts a script's numeric result to a double, as a values
// source reading script values does; ok is false for other values.
func ToDouble(v any) (f float64, ok bool) {
	switch v.(type) {
	case int32, int64, float32, float64:
		return toFloat64(v), true
	case bool:
		if v.(bool) {
			return 1, true
		}
		return 0, true
	}
	if n, isNum := v.(interface{ Sign() int }); isNum {
		return toFloat64(n), true
	}
	return 0, false
}

// SelfReferencing reports whether a script's result holds a container
// inside itself (CollectionUtils.ensureNoSelfReferences).
func SelfReferencing(v any) bool {
	var odd any
	return unwritable(v, map[any]bool{}, 0, &odd) == cyclic
}
