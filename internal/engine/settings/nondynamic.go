package settings

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
)

// OpenIndex names an open index for NonDynamicError.
type OpenIndex struct {
	Name, UUID string
}

// NonDynamicError is MetadataUpdateSettingsService's refusal to change static
// settings of open indexes. Both lists are printed as the Java HashSets the
// server collects them in, so their order is the sets' iteration order; keys
// come in sorted (Settings' TreeMap), indexes in resolution order.
func NonDynamicError(keys []string, open []OpenIndex) *apierr.Error {
	keyHashes := make([]int32, len(keys))
	for i, k := range keys {
		keyHashes[i] = javahash.StringHash(k)
	}
	idxHashes := make([]int32, len(open))
	idxNames := make([]string, len(open))
	for i, x := range open {
		// Index.hashCode: 31 * name.hashCode() + uuid.hashCode().
		idxHashes[i] = 31*javahash.StringHash(x.Name) + javahash.StringHash(x.UUID)
		idxNames[i] = "[" + x.Name + "/" + x.UUID + "]"
	}
	return apierr.IllegalArgument("Can't update non dynamic settings [[%s]] for open indices [%s]",
		strings.Join(javaSetOrder(keys, keyHashes), ", "), strings.Join(javaSetOrder(idxNames, idxHashes), ", "))
}

// javaSetOrder returns items in the iteration order of a java.util.HashSet
// of default capacity filled with them in order, given each item's hashCode.
func javaSetOrder(items []string, hashes []int32) []string {
	return javahash.Order(items, hashes, javahash.TableSize(len(items), javahash.DefaultCapacity))
}
