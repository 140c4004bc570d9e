// Package types holds the models that several API areas share: durations and
// refresh policies used in URL parameters, the _shards and _nodes headers,
// scripts, explanation trees, hit totals, response metadata and the error
// envelope every failed request turns into.
package types
