package tasks

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// threadID is the calling OS thread's id.
func threadID() int { return syscall.Gettid() }

// rusageThread is RUSAGE_THREAD.
const rusageThread = 1

// threadCPUTime is the CPU time the calling OS thread has used, in ns, as
// the kernel last accounted it (user plus system time sum to the
// scheduler's runtime counter, the figure schedstat shows).
func threadCPUTime() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}

// otherThreadCPUTime reads another thread's CPU time (ns) from the first
// field of /proc/self/task/<tid>/schedstat, the same scheduler counter
// the thread clock reads.
func otherThreadCPUTime(tid int) (int64, bool) {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/schedstat")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.ParseInt(f[0], 10, 64)
	return n, err == nil
}
