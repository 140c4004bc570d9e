package painless

import "github.com/clustersearch/clustersearch-go/internal/engine/painless/allowlist"

// ContextNames returns the Painless script contexts in
// GET /_scripts/painless/_context's order (String's natural order): the
// contexts of the allowlist data, ScriptModule's CORE_CONTEXTS of 2.19
// (search since 2.8, derived_field since 2.14) and lang-painless's own
// painless_test.
func ContextNames() []string { return allowlist.ContextNames() }

// IsContext reports whether name is one of ContextNames.
func IsContext(name string) bool { return allowlist.IsContext(name) }
