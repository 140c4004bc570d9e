// Package ingest is the fake server's ingest node: stored pipelines, their processors and
// the documents they run on, following OpenSearch 2.x's IngestService, Pipeline,
// CompoundProcessor, IngestDocument and the ingest-common processors.
//
// A Document holds the source and the metadata fields (_index, _id, _routing, _version,
// _version_type) in one java.util.HashMap, as IngestDocument does, so scripts and the
// source written back see Java's iteration order. Field paths are dotted ("a.b.0.c"),
// may start with "_source." and reach the ingest metadata with "_ingest.".
//
// Processors: every one of 2.19's ingest-common module (docs/fake-behaviour.md
// lists them), each with tag, description, if, ignore_failure and on_failure;
// grok runs on the Oniguruma-syntax matcher of package onig. A processor OpenSearch has but the fake does not answers
// a clear "not supported" parse error; an unknown name gets the real
// "No processor type exists with name [x]".
//
// Service.RunVerbose records one Step per processor run or skipped, as the
// verbose _simulate's TrackingResultProcessor does.
//
// Failures are *apierr.Error values shaped as OpenSearch renders them: configuration
// errors are parse_exception with processor_type / property_name metadata, processor
// failures are the processor's own exception (IngestProcessorException is a wrapper the
// REST layer unwraps).
package ingest
