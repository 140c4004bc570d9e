package sysstats

import (
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Process is the "process" group: this process's descriptors, CPU and memory.
type Process struct {
	TimestampMillis     int64
	OpenFileDescriptors int64 // -1 when unknown
	MaxFileDescriptors  int64 // -1 when unknown
	CPUPercent          int   // share of one machine's CPUs used since the last sample
	CPUTotalMillis      int64 // user + system CPU time since start
	VirtualBytes        int64 // committed virtual memory
}

// ReadProcess returns the process group at time now.
func (s *Sampler) ReadProcess(now time.Time) Process {
	if s.refresh > 0 {
		return s.cachedProcess(now)
	}
	return s.readProcess(now)
}

func (s *Sampler) readProcess(now time.Time) Process {
	p := Process{TimestampMillis: now.UnixMilli(), OpenFileDescriptors: -1, MaxFileDescriptors: -1, VirtualBytes: -1}
	if entries, err := os.ReadDir(s.path("/proc/self/fd")); err == nil {
		p.OpenFileDescriptors = int64(len(entries))
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < math.MaxInt64 {
		p.MaxFileDescriptors = int64(lim.Cur)
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		p.CPUTotalMillis = cpu.Milliseconds()
		s.mu.Lock()
		if !s.prevWall.IsZero() {
			wall := now.Sub(s.prevWall)
			if wall > 0 {
				share := float64(cpu-s.prevProc) / float64(wall) / float64(runtime.NumCPU())
				p.CPUPercent = int(math.Round(100 * share))
			}
		}
		s.prevProc, s.prevWall = cpu, now
		s.mu.Unlock()
	}
	if b, err := os.ReadFile(s.path("/proc/self/statm")); err == nil {
		if f := strings.Fields(string(b)); len(f) > 0 {
			pages, _ := strconv.ParseInt(f[0], 10, 64)
			p.VirtualBytes = pages * int64(os.Getpagesize())
		}
	}
	return p
}

// Threads returns the number of OS threads of this process, or the number of
// goroutines when /proc is not readable.
func (s *Sampler) Threads() int64 {
	if s.refresh > 0 {
		return s.cachedThreads()
	}
	return s.readThreads()
}

func (s *Sampler) readThreads() int64 {
	b, err := os.ReadFile(s.path("/proc/self/status"))
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "Threads:"); ok {
				n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				if err == nil {
					return n
				}
			}
		}
	}
	return int64(runtime.NumGoroutine())
}
