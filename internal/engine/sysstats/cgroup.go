package sysstats

import (
	"os"
	"strconv"
	"strings"
)

// cgroup reads the cpu, cpuacct and memory control groups of this process,
// from cgroup v1 controllers or the v2 unified hierarchy.
func (s *Sampler) cgroup() *Cgroup {
	b, err := os.ReadFile(s.path("/proc/self/cgroup"))
	if err != nil {
		return nil
	}
	groups := map[string]string{} // controller -> group path; "" key is v2
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		for _, ctrl := range strings.Split(parts[1], ",") {
			groups[ctrl] = parts[2]
		}
	}
	cpuacct, okAcct := groups["cpuacct"]
	cpu, okCPU := groups["cpu"]
	mem, okMem := groups["memory"]
	if okAcct || okCPU || okMem {
		return s.cgroupV1(cpuacct, cpu, mem)
	}
	if unified, ok := groups[""]; ok {
		return s.cgroupV2(unified)
	}
	return nil
}

func (s *Sampler) cgroupV1(cpuacct, cpu, mem string) *Cgroup {
	c := &Cgroup{CPUAcctGroup: cpuacct, CPUGroup: cpu, MemoryGroup: mem, CFSQuotaMicros: -1}
	dir := func(ctrl, group string) string { return s.path("/sys/fs/cgroup/"+ctrl) + group + "/" }
	c.CPUAcctUsageNs = readInt(dir("cpuacct", cpuacct) + "cpuacct.usage")
	c.CFSPeriodMicros = readInt(dir("cpu", cpu) + "cpu.cfs_period_us")
	if q := readInt(dir("cpu", cpu) + "cpu.cfs_quota_us"); q != 0 {
		c.CFSQuotaMicros = q
	}
	stat := readKV(dir("cpu", cpu) + "cpu.stat")
	c.ElapsedPeriods, c.TimesThrottled, c.ThrottledNanos = stat["nr_periods"], stat["nr_throttled"], stat["throttled_time"]
	c.MemoryLimitBytes = readTrim(dir("memory", mem) + "memory.limit_in_bytes")
	c.MemoryUsageBytes = readTrim(dir("memory", mem) + "memory.usage_in_bytes")
	return c
}

func (s *Sampler) cgroupV2(group string) *Cgroup {
	dir := s.path("/sys/fs/cgroup") + group + "/"
	c := &Cgroup{CPUAcctGroup: group, CPUGroup: group, MemoryGroup: group, CFSQuotaMicros: -1}
	stat := readKV(dir + "cpu.stat")
	c.CPUAcctUsageNs = stat["usage_usec"] * 1000
	c.ElapsedPeriods, c.TimesThrottled, c.ThrottledNanos = stat["nr_periods"], stat["nr_throttled"], stat["throttled_usec"]*1000
	if f := strings.Fields(readTrim(dir + "cpu.max")); len(f) == 2 {
		if f[0] != "max" {
			c.CFSQuotaMicros, _ = strconv.ParseInt(f[0], 10, 64)
		}
		c.CFSPeriodMicros, _ = strconv.ParseInt(f[1], 10, 64)
	}
	c.MemoryLimitBytes = readTrim(dir + "memory.max")
	c.MemoryUsageBytes = readTrim(dir + "memory.current")
	return c
}

func readTrim(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

func readInt(path string) int64 {
	n, _ := strconv.ParseInt(readTrim(path), 10, 64)
	return n
}

// readKV reads "key value" lines such as cpu.stat.
func readKV(path string) map[string]int64 {
	out := map[string]int64{}
	for _, line := range strings.Split(readTrim(path), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			out[f[0]], _ = strconv.ParseInt(f[1], 10, 64)
		}
	}
	return out
}
