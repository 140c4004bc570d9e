package tasks

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// clockThreadCPUTimeID is CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPUTimeID = 3

// threadID is the calling OS thread's id.
func threadID() int { return syscall.Gettid() }

// threadCPUTime is the CPU time the calling OS thread has used, in ns.
func threadCPUTime() (int64, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return ts.Nano(), true
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
