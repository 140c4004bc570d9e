// Package update is the document logic of OpenSearch's _update API
// (UpdateHelper): the partial-document merge with its no-op detection, the
// upsert variants, and the scripted update with its ctx map and ctx.op rules.
// It decides what a single update does to one document; the caller reads the
// current version, writes the outcome with if_seq_no/if_primary_term, and
// retries on a version conflict.
//
//	out, err := update.Prepare(req, update.Current{Found: true, Source: src, ...}, now, cache)
//	switch out.Op { case update.Index: ...; case update.Create: ...; case update.Delete: ...; case update.Noop: ... }
//
// Errors are *apierr.Error values shaped as the real server's.
package update
