package analysis

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
)

// javaHashSetString prints names, added in this order to a java.util.HashSet of default
// capacity, as the set's toString does: in the set's iteration order.
func javaHashSetString(names []string) string {
	return "[" + strings.Join(javahash.HashMapOrder(names), ", ") + "]"
}
