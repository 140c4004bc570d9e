package tasks

import (
	"runtime"
	"runtime/metrics"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// threadRun is one execution of a task's work on one OS thread, as
// OpenSearch's ThreadResourceInfo records a thread pool runnable.
type threadRun struct {
	tid      int   // the OS thread, for reading an active run's CPU time
	cpuStart int64 // thread CPU time at the start, in ns
	memStart uint64
	cpu, mem int64 // the use once the run has stopped
	active   bool
	// sample is the run's own runtime/metrics request: metrics.Read
	// needs a slice the runtime keeps no hold of, and one in the run
	// (already on the heap) spares two allocations per search.
	sample [1]metrics.Sample
}

// readAllocated reads the process's cumulative heap allocation into the
// run's sample (see allocatedBytes).
func (r *threadRun) readAllocated() uint64 {
	r.sample[0].Name = heapAllocs
	metrics.Read(r.sample[:])
	if r.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return r.sample[0].Value.Uint64()
}

// heapAllocs is the runtime metric of cumulative heap allocation.
const heapAllocs = "/gc/heap/allocs:bytes"

// allocatedBytes reads the process's cumulative heap allocation. Go has no
// per-goroutine figure, so a task's memory_in_bytes is the allocation of
// the whole process while it ran (see the package doc).
func allocatedBytes() uint64 {
	s := []metrics.Sample{{Name: heapAllocs}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// Track records that the calling goroutine starts working for t and
// returns the function that records the end of that work. The goroutine
// stays on its OS thread meanwhile, so the thread's CPU time is the work's.
// Tasks not registered with Spec.TrackResources are not tracked (OpenSearch
// tracks only search tasks) and Track does nothing for them.
func (t *Task) Track() (stop func()) {
	if !t.spec.TrackResources {
		return func() {}
	}
	runtime.LockOSThread()
	// The first run lives in the task: a search runs once, and its run
	// then costs no allocation of its own.
	t.mu.Lock()
	run := &t.run0
	if t.run0Used {
		run = &threadRun{}
	}
	t.run0Used = true
	t.mu.Unlock()
	// Listings see the run only once its starting figures are in.
	run.tid, run.active = threadID(), true
	run.memStart = run.readAllocated()
	run.cpuStart, _ = threadCPUTime()
	t.mu.Lock()
	if t.runs == nil {
		t.runs = t.runs0[:0]
	}
	t.runs = append(t.runs, run)
	t.mu.Unlock()
	return func() {
		cpu, _ := threadCPUTime()
		mem := run.readAllocated()
		t.mu.Lock()
		run.cpu, run.mem, run.active = max(cpu-run.cpuStart, 0), int64(mem-run.memStart), false
		t.mu.Unlock()
		runtime.UnlockOSThread()
	}
}

// usage is one run's use so far: its totals once stopped, else what its
// thread has used since it started.
func (r *threadRun) usage() (cpu, mem int64) {
	if !r.active {
		return r.cpu, r.mem
	}
	if now, ok := otherThreadCPUTime(r.tid); ok {
		cpu = max(now-r.cpuStart, 0)
	}
	return cpu, int64(allocatedBytes() - r.memStart)
}

// resourceStats renders TaskResourceStats: average, total, min and max per
// thread execution (the order of the HashMap OpenSearch builds them in),
// then thread_info. A task without executions reports zeros.
func (t *Task) resourceStats() jsonout.Object {
	t.mu.Lock()
	var total, lo, hi [2]int64
	active := 0
	for i, r := range t.runs {
		cpu, mem := r.usage()
		v := [2]int64{cpu, mem}
		for k := range v {
			total[k] += v[k]
			if i == 0 || v[k] < lo[k] {
				lo[k] = v[k]
			}
			hi[k] = max(hi[k], v[k])
		}
		if r.active {
			active++
		}
	}
	n := len(t.runs)
	t.mu.Unlock()
	var avg [2]int64
	if n > 0 {
		avg = [2]int64{total[0] / int64(n), total[1] / int64(n)}
	}
	usage := func(v [2]int64) jsonout.Object {
		return jsonout.Object{{Key: "cpu_time_in_nanos", Value: v[0]}, {Key: "memory_in_bytes", Value: v[1]}}
	}
	return jsonout.Object{{Key: "average", Value: usage(avg)}, {Key: "total", Value: usage(total)},
		{Key: "min", Value: usage(lo)}, {Key: "max", Value: usage(hi)},
		{Key: "thread_info", Value: jsonout.Object{{Key: "thread_executions", Value: n}, {Key: "active_threads", Value: active}}}}
}
