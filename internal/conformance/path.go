package conformance

import (
	"fmt"
	"strconv"
	"strings"
)

// ArbitraryKey is the path segment that stands for "any key of this object".
const ArbitraryKey = "_arbitrary_key_"

// SplitPath splits a dotted path into segments as the reference runner's
// ObjectPath does: a backslash is dropped and makes the next dot literal
// (`index\.number_of_shards` is one key), and empty segments are dropped.
// The empty path has no segments and means the whole value.
func SplitPath(path string) []string {
	var parts []string
	var cur strings.Builder
	escape := false
	for _, c := range path {
		switch {
		case c == '\\':
			escape = true
			continue
		case c == '.' && escape:
			escape = false
		case c == '.':
			if cur.Len() > 0 {
				parts = append(parts, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteRune(c)
	}
	if cur.Len() > 0 {
		parts = append(parts, cur.String())
	}
	return parts
}

// Lookup walks segments from root the way the reference runner's ObjectPath
// does: a missing key or a null on the way yields nil without error; a
// non-numeric or out-of-range list index, or a step into a scalar, is an
// error. ArbitraryKey yields the first key of an object.
func Lookup(root any, segments []string) (any, error) {
	cur := root
	for _, seg := range segments {
		if cur == nil {
			return nil, nil
		}
		switch x := cur.(type) {
		case *Map:
			if seg == ArbitraryKey {
				if x.Len() == 0 {
					return nil, fmt.Errorf("requested [%s] but the object was empty", seg)
				}
				if _, ok := x.Get(seg); ok {
					return nil, fmt.Errorf("requested meta-key [%s] but the object contains that key", seg)
				}
				cur = x.Entries()[0].Key
				continue
			}
			cur, _ = x.Get(seg)
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil {
				return nil, fmt.Errorf("element was a list, but [%s] was not numeric", seg)
			}
			if i < 0 || i >= len(x) {
				return nil, fmt.Errorf("element was a list with %d elements, but [%s] was out of bounds", len(x), seg)
			}
			cur = x[i]
		default:
			return nil, fmt.Errorf("no object found for [%s] within a %s", seg, TypeName(cur))
		}
	}
	return cur, nil
}
