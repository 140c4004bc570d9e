// Package conformance replays OpenSearch's own test suites against the fake
// server: the YAML REST tests (shared/conformance/opensearch) and the
// opensearch-api-specification stories (shared/conformance/api-spec-tests).
// It holds no code, only the suite tests and expected-failures.txt.
//
// The suites are read from ../shared/conformance beside the repository, or
// from the directory named by CLUSTERSEARCH_CONFORMANCE_DIR; the tests skip
// when the data is absent. Every YAML test runs against a fresh fake, every
// story against a fresh fake.
//
// expected-failures.txt lists the tests known to fail, one per line:
//
//	<id> | #<issue> | <reason>
//
// The run fails when an unlisted test fails or a listed test passes, is
// skipped or no longer exists, so the list only shrinks. With
// CLUSTERSEARCH_CONFORMANCE_UPDATE=1 the run rewrites the list from its
// failures instead (current failure messages as reasons; lines already there
// keep their issue number); review the result before committing it.
//
// CLUSTERSEARCH_CONFORMANCE_VERSION=<x.y.z> starts the fakes as that
// OpenSearch version (skips follow it); the list then is not checked, the run
// only reports.
//
// With -v the pass table (per API folder: passed, failed, skipped, then every
// skip with its reason) is printed; CLUSTERSEARCH_CONFORMANCE_TABLE=<dir>
// also writes it to <dir>/opensearch.txt and <dir>/api-spec.txt.
package conformance
