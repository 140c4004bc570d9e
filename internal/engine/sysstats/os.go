package sysstats

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// OS is the "os" group of a node's statistics.
type OS struct {
	TimestampMillis int64
	CPUPercent      int       // recent system-wide CPU use, 0-100; -1 when unknown
	LoadAverage     []float64 // 1m, 5m, 15m; nil when unknown
	Mem             Memory
	Swap            Swap
	Cgroup          *Cgroup // nil when the process is in no cgroup this reader understands
}

// Memory is physical memory in bytes, with OpenSearch's rounded percentages.
type Memory struct {
	Total, Free, Used        int64
	FreePercent, UsedPercent int
}

// Swap is swap space in bytes.
type Swap struct {
	Total, Free, Used int64
}

// Cgroup is the "os.cgroup" block: the control groups limiting this process.
type Cgroup struct {
	CPUAcctGroup     string
	CPUAcctUsageNs   int64
	CPUGroup         string
	CFSPeriodMicros  int64
	CFSQuotaMicros   int64 // -1: no quota
	ElapsedPeriods   int64
	TimesThrottled   int64
	ThrottledNanos   int64
	MemoryGroup      string
	MemoryLimitBytes string // a string, as OpenSearch reports it (the limit may exceed a long)
	MemoryUsageBytes string
}

// Sampler remembers the previous CPU sample so CPU percentages describe the
// time since the last call, as the JVM's load figures do. One per node; safe
// for concurrent use.
type Sampler struct {
	root string // filesystem root, "/" except in tests

	mu       sync.Mutex
	prevBusy uint64
	prevAll  uint64
	prevProc time.Duration
	prevWall time.Time

	// refresh > 0 reuses readings for that long (see RefreshInterval).
	refresh time.Duration
	cache   cache
}

// NewSampler returns a Sampler reading the real machine, reusing its
// readings for RefreshInterval as a node's monitor services do.
func NewSampler() *Sampler { return &Sampler{root: "/", refresh: RefreshInterval} }

func (s *Sampler) path(p string) string { return s.root + strings.TrimPrefix(p, "/") }

// ReadOS returns the os group at time now.
func (s *Sampler) ReadOS(now time.Time) OS {
	if s.refresh > 0 {
		return s.cachedOS(now)
	}
	return s.readOS(now)
}

func (s *Sampler) readOS(now time.Time) OS {
	out := OS{TimestampMillis: now.UnixMilli(), CPUPercent: s.systemCPUPercent()}
	if b, err := os.ReadFile(s.path("/proc/loadavg")); err == nil {
		f := strings.Fields(string(b))
		if len(f) >= 3 {
			for _, v := range f[:3] {
				x, _ := strconv.ParseFloat(v, 64)
				out.LoadAverage = append(out.LoadAverage, x)
			}
		}
	}
	mi := s.meminfo()
	total, free := mi["MemTotal"], mi["MemFree"]
	out.Mem = Memory{Total: total, Free: free, Used: total - free,
		FreePercent: percent(free, total), UsedPercent: percent(total-free, total)}
	out.Swap = Swap{Total: mi["SwapTotal"], Free: mi["SwapFree"], Used: mi["SwapTotal"] - mi["SwapFree"]}
	out.Cgroup = s.cgroup()
	return out
}

// percent rounds 100*part/whole as OpenSearch's calculatePercentage does.
func percent(part, whole int64) int {
	if whole <= 0 {
		return 0
	}
	return int(math.Round(100 * float64(part) / float64(whole)))
}

// meminfo reads /proc/meminfo into bytes per key.
func (s *Sampler) meminfo() map[string]int64 {
	out := map[string]int64{}
	b, err := os.ReadFile(s.path("/proc/meminfo"))
	if err != nil {
		return out
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		key, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(f[0], 10, 64)
		if len(f) > 1 && f[1] == "kB" {
			n *= 1024
		}
		out[key] = n
	}
	return out
}

// systemCPUPercent compares /proc/stat with the previous sample (the first
// call measures since boot).
func (s *Sampler) systemCPUPercent() int {
	b, err := os.ReadFile(s.path("/proc/stat"))
	if err != nil {
		return -1
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return -1
	}
	var all, idle uint64
	for i, v := range f[1:] {
		n, _ := strconv.ParseUint(v, 10, 64)
		all += n
		if i == 3 || i == 4 { // idle and iowait
			idle += n
		}
	}
	busy := all - idle
	s.mu.Lock()
	dAll, dBusy := all-s.prevAll, busy-s.prevBusy
	s.prevAll, s.prevBusy = all, busy
	s.mu.Unlock()
	if dAll == 0 {
		return 0
	}
	return int(math.Round(100 * float64(dBusy) / float64(dAll)))
}
