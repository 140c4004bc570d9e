package sysstats

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// fakeRoot writes files under a temporary root and returns a Sampler reading it.
func fakeRoot(t *testing.T, files map[string]string) *Sampler {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return &Sampler{root: root + "/"}
}

func TestReadOSFromProc(t *testing.T) {
	t.Parallel()
	s := fakeRoot(t, map[string]string{
		"proc/loadavg":     "2.33 1.93 0.86 2/110 25267\n",
		"proc/meminfo":     "MemTotal:       1000 kB\nMemFree:         250 kB\nMemAvailable:    600 kB\nSwapTotal:       100 kB\nSwapFree:         40 kB\n",
		"proc/stat":        "cpu  100 0 100 700 100 0 0 0 0 0\ncpu0 1 2 3 4\n",
		"proc/self/cgroup": "4:memory:/box\n2:cpuacct:/acct\n1:cpu:/acct\n0::/\n",
		"sys/fs/cgroup/cpuacct/acct/cpuacct.usage":       "123456789\n",
		"sys/fs/cgroup/cpu/acct/cpu.cfs_period_us":       "100000\n",
		"sys/fs/cgroup/cpu/acct/cpu.cfs_quota_us":        "-1\n",
		"sys/fs/cgroup/cpu/acct/cpu.stat":                "nr_periods 7\nnr_throttled 2\nthrottled_time 900\n",
		"sys/fs/cgroup/memory/box/memory.limit_in_bytes": "9223372036854771712\n",
		"sys/fs/cgroup/memory/box/memory.usage_in_bytes": "4096\n",
	})
	now := time.UnixMilli(1700000000123)
	got := s.ReadOS(now)
	if got.TimestampMillis != 1700000000123 || len(got.LoadAverage) != 3 || got.LoadAverage[0] != 2.33 || got.LoadAverage[2] != 0.86 {
		t.Fatalf("timestamp/load: %+v", got)
	}
	if got.Mem != (Memory{Total: 1024000, Free: 256000, Used: 768000, FreePercent: 25, UsedPercent: 75}) {
		t.Fatalf("mem %+v", got.Mem)
	}
	if got.Swap != (Swap{Total: 102400, Free: 40960, Used: 61440}) {
		t.Fatalf("swap %+v", got.Swap)
	}
	// busy = user+nice+system = 200 of 1000 jiffies since boot.
	if got.CPUPercent != 20 {
		t.Fatalf("cpu %d, want 20", got.CPUPercent)
	}
	c := got.Cgroup
	if c == nil || c.CPUAcctGroup != "/acct" || c.CPUAcctUsageNs != 123456789 || c.CFSPeriodMicros != 100000 || c.CFSQuotaMicros != -1 ||
		c.ElapsedPeriods != 7 || c.TimesThrottled != 2 || c.ThrottledNanos != 900 || c.MemoryGroup != "/box" ||
		c.MemoryLimitBytes != "9223372036854771712" || c.MemoryUsageBytes != "4096" {
		t.Fatalf("cgroup %+v", c)
	}
	// A second sample measures only the time since the first.
	if err := os.WriteFile(s.path("/proc/stat"), []byte("cpu  150 0 150 1400 100 0 0 0 0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := s.ReadOS(now).CPUPercent; got != 13 { // 100 busy of 800 = 12.5, rounded half up
		t.Fatalf("second cpu sample %d, want 13", got)
	}
}

func TestCgroupV2(t *testing.T) {
	t.Parallel()
	s := fakeRoot(t, map[string]string{
		"proc/self/cgroup":                            "0::/user.slice/app\n",
		"sys/fs/cgroup/user.slice/app/cpu.stat":       "usage_usec 5000\nnr_periods 3\nnr_throttled 1\nthrottled_usec 20\n",
		"sys/fs/cgroup/user.slice/app/cpu.max":        "50000 100000\n",
		"sys/fs/cgroup/user.slice/app/memory.max":     "max\n",
		"sys/fs/cgroup/user.slice/app/memory.current": "8192\n",
	})
	c := s.cgroup()
	if c == nil || c.CPUAcctUsageNs != 5000000 || c.CFSQuotaMicros != 50000 || c.CFSPeriodMicros != 100000 ||
		c.ThrottledNanos != 20000 || c.MemoryLimitBytes != "max" || c.MemoryUsageBytes != "8192" || c.CPUGroup != "/user.slice/app" {
		t.Fatalf("cgroup v2 %+v", c)
	}
}

func TestMissingProcGivesOpenSearchDefaults(t *testing.T) {
	t.Parallel()
	s := &Sampler{root: t.TempDir() + "/"}
	o := s.ReadOS(time.Now())
	if o.CPUPercent != -1 || o.LoadAverage != nil || o.Mem.Total != 0 || o.Cgroup != nil {
		t.Fatalf("%+v", o)
	}
	p := s.ReadProcess(time.Now())
	if p.OpenFileDescriptors != -1 || p.VirtualBytes != -1 {
		t.Fatalf("%+v", p)
	}
	if s.Threads() < 1 {
		t.Fatal("threads fell back to nothing")
	}
}

func TestRealMachine(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("reads Linux /proc; other systems get the defaults tested above")
	}
	s := NewSampler()
	now := time.Now()
	o := s.ReadOS(now)
	if o.Mem.Total <= 0 || o.Mem.Used < 0 || o.Mem.FreePercent+o.Mem.UsedPercent < 99 || o.CPUPercent < 0 || o.CPUPercent > 100 {
		t.Fatalf("os %+v", o)
	}
	p := s.ReadProcess(now)
	if p.OpenFileDescriptors < 3 || p.MaxFileDescriptors < p.OpenFileDescriptors || p.VirtualBytes <= 0 || p.CPUTotalMillis < 0 {
		t.Fatalf("process %+v", p)
	}
	if s.Threads() < 1 {
		t.Fatal("no threads")
	}
	fs := s.ReadFS(".")
	if fs.Total <= 0 || fs.Available > fs.Total || fs.Mount == "" || fs.Type == "" {
		t.Fatalf("fs %+v", fs)
	}
	r := ReadRuntime(now.Add(-time.Second), now, o.Mem.Total)
	if r.HeapUsed <= 0 || r.HeapCommitted < r.HeapUsed/2 || r.HeapMax <= 0 || r.Uptime != time.Second || r.Goroutines < 1 {
		t.Fatalf("runtime %+v", r)
	}
}
