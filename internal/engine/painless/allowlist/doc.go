// Package allowlist holds the facts behind GET /_scripts/painless/_context:
// which script contexts a 2.19 node gives Painless, which allowlist files
// each context is built from (PainlessModulePlugin's per-context map plus
// the k-NN plugin's PainlessExtension), and every class, constructor,
// method, field, imported method and class binding those files declare,
// already resolved the way PainlessLookupBuilder resolves them (Java
// binary type names, declaring classes, static or not).
//
// The facts live in data.txt, in this package's own line format (see
// format.go), written by the generator in gen/ from OpenSearch's allowlist
// files and the JDK's reflection. Lookup rebuilds a context's PainlessLookup
// from them (merging its files and copying inherited members down the
// class hierarchy, as PainlessLookupBuilder.build does), and Listing renders
// it as PainlessContextInfo does.
package allowlist
