//go:build !linux

package tasks

// Without a portable per-thread CPU clock, tasks report no CPU time
// outside Linux.

func threadID() int { return 0 }

func threadCPUTime() (int64, bool) { return 0, false }

func otherThreadCPUTime(int) (int64, bool) { return 0, false }
