// Package taskdesc prints task descriptions as OpenSearch's requests print
// them (getDescription and toString): searches with their
// SearchSourceBuilder normalized (every option of the query builders,
// defaults included, in the builders' order), counts, scrolls,
// multi-searches, document writes, bulks and updates.
//
// The describers take what the handler parsed (a parsed body, the bulk's
// target indexes, the update request), so describing a running task never
// parses its request body again when the handler handed its parsed form
// over.
package taskdesc
