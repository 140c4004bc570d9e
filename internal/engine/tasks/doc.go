// Package tasks is the fake's task manager: every request runs as a task with
// OpenSearch's action name and an id "<node>:<n>", long work (reindex and the
// by-query APIs) reports its status through it, tasks are cancelled through
// it, and the results of tasks started with wait_for_completion=false are
// kept for GET /_tasks/<id> (the real server stores them in the .tasks index).
//
// Times come from the server clock, so with a manual clock running times and
// throttling are deterministic.
package tasks
