package rest

import (
	"slices"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// failDestructive is DestructiveOperations.failDestructive: with
// action.destructive_requires_name set, an index expression of a destructive
// action (delete index) may not use "_all" or wildcards. The expression
// "*,-*" (match nothing) stays allowed.
func (b *Backend) failDestructive(expr string) *apierr.Error {
	if !b.clusterSettings().Values().DestructiveRequiresName {
		return nil
	}
	var names []string
	for _, n := range strings.Split(expr, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if len(names) > 1 && slices.Equal(names, []string{"*", "-*"}) {
		return nil
	}
	if len(names) == 0 {
		return apierr.IllegalArgument("Wildcard expressions or all indices are not allowed")
	}
	for _, n := range names {
		if n == "_all" || strings.Contains(n, "*") {
			return apierr.IllegalArgument("Wildcard expressions or all indices are not allowed")
		}
	}
	return nil
}
