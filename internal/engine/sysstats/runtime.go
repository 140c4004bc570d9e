package sysstats

import (
	"math"
	"runtime"
	"runtime/debug"
	"time"
)

// Runtime holds the memory and collector figures of the Go runtime, which the
// fake reports in the "jvm" group: the heap is the Go heap, the young
// collector is Go's collector, and there is no old-generation collector.
type Runtime struct {
	HeapUsed, HeapCommitted, HeapMax int64
	NonHeapUsed, NonHeapCommitted    int64
	GCCount                          int64
	GCPauseMillis                    int64
	Goroutines                       int64
	Uptime                           time.Duration
}

// defaultHeap is the heap OpenSearch's default jvm.options give a node
// (-Xms1g -Xmx1g); limits derived from the heap (breakers, indexing
// pressure, indexing buffer) then have the sizes a default node reports.
const defaultHeap = 1 << 30

// ReadRuntime reads the Go runtime's memory statistics. started is when the
// node started (for uptime). HeapMax is the Go memory limit when one is set,
// else OpenSearch's default 1 GiB heap, capped by memTotal.
func ReadRuntime(started, now time.Time, memTotal int64) Runtime {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heapMax := debug.SetMemoryLimit(-1) // reads the limit without changing it
	if heapMax == math.MaxInt64 || heapMax <= 0 {
		heapMax = defaultHeap
		if memTotal > 0 && memTotal < heapMax {
			heapMax = memTotal
		}
	}
	nonHeap := int64(ms.StackSys + ms.MSpanSys + ms.MCacheSys + ms.BuckHashSys + ms.GCSys + ms.OtherSys)
	return Runtime{
		HeapUsed:         int64(ms.HeapAlloc),
		HeapCommitted:    int64(ms.HeapSys - ms.HeapReleased),
		HeapMax:          heapMax,
		NonHeapUsed:      int64(ms.StackInuse+ms.MSpanInuse+ms.MCacheInuse) + int64(ms.BuckHashSys+ms.GCSys+ms.OtherSys),
		NonHeapCommitted: nonHeap,
		GCCount:          int64(ms.NumGC),
		GCPauseMillis:    time.Duration(ms.PauseTotalNs).Milliseconds(),
		Goroutines:       int64(runtime.NumGoroutine()),
		Uptime:           now.Sub(started),
	}
}
