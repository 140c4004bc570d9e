// Package tasks is the fake's task manager: every request runs as a task with
// OpenSearch's action name and an id "<node>:<n>", long work (reindex and the
// by-query APIs) reports its status through it, tasks are cancelled through
// it, and the results of tasks started with wait_for_completion=false are
// kept for GET /_tasks/<id> (the real server stores them in the .tasks index).
//
// Times come from the server clock, so with a manual clock running times and
// throttling are deterministic.
//
// # Resource use
//
// As OpenSearch tracks only search tasks (SearchTask, SearchShardTask), only
// tasks registered with Spec.TrackResources record their use; the others
// report zeros and no thread execution. Task.Track brackets one execution:
// the goroutine is locked to its OS thread meanwhile, and
//
//   - cpu_time_in_nanos is that thread's CPU time as the kernel accounts it
//     (getrusage RUSAGE_THREAD at both ends; while the execution runs, the
//     thread's schedstat). Both read the scheduler's runtime counter, which
//     moves at scheduler ticks and context switches, so a very short
//     execution may report 0. The precise per-thread clock
//     (CLOCK_THREAD_CPUTIME_ID) is not used: on a busy two-core machine it
//     cost about 20 µs per search, a fifth of an HTTP search. Outside Linux
//     Go has no per-thread CPU time and the figure is 0.
//   - memory_in_bytes is the growth of the process's cumulative heap
//     allocation (runtime/metrics /gc/heap/allocs:bytes). Go keeps no
//     per-goroutine allocation count, so allocations of other goroutines
//     running at the same time are included. The runtime counts a span's
//     objects when the span is handed to an allocator cache, so the figure
//     moves in span-sized steps: a short execution may show 0, a long one
//     is close to what the process allocated meanwhile.
//
// Average, min and max are per execution, as Task.getAverageResourceStats
// and its siblings compute them; a stored result (wait_for_completion=false)
// carries no resource_stats, as Task.result leaves them out.
package tasks
