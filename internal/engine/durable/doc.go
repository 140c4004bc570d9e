// Package durable keeps the fake's state in a data directory (package
// persist is the directory's file format): it decides what each change
// logs, fsyncs before answers leave, takes snapshots, and restores the
// state on start.
//
// It works on the engine's services directly (indexes, cluster, settings,
// dangling indexes, notification configs, ingest pipelines); the few things
// only the serving layer knows how to do (render an index whole, create one
// from a saved body, replay a document through the write path) come in
// through Host.
package durable
