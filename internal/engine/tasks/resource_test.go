package tasks

import (
	"runtime"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// statsOf returns a detailed listing's resource_stats of t.
func statsOf(t *testing.T, tk *Task) map[string]map[string]int64 {
	t.Helper()
	info := tk.Info(true, time.UnixMilli(0))
	v, ok := info.Get("resource_stats")
	if !ok {
		t.Fatal("no resource_stats")
	}
	out := map[string]map[string]int64{}
	for _, f := range v.(jsonout.Object) {
		m := map[string]int64{}
		for _, g := range f.Value.(jsonout.Object) {
			switch n := g.Value.(type) {
			case int:
				m[g.Key] = int64(n)
			case int64:
				m[g.Key] = n
			}
		}
		out[f.Key] = m
	}
	return out
}

func TestResourceStatsUntracked(t *testing.T) {
	m := New(clock.NewManual(time.UnixMilli(0)), "n")
	tk := m.Register(Spec{Action: "cluster:monitor/tasks/lists"})
	tk.Track()() // not tracked: nothing recorded
	out, _ := jsonout.Marshal(tk.Info(true, time.UnixMilli(0)))
	want := `{"node":"n","id":1,"type":"transport","action":"cluster:monitor/tasks/lists","description":"","start_time_in_millis":0,"running_time_in_nanos":0,"cancellable":false,"cancelled":false,"headers":{},` +
		`"resource_stats":{"average":{"cpu_time_in_nanos":0,"memory_in_bytes":0},"total":{"cpu_time_in_nanos":0,"memory_in_bytes":0},"min":{"cpu_time_in_nanos":0,"memory_in_bytes":0},"max":{"cpu_time_in_nanos":0,"memory_in_bytes":0},"thread_info":{"thread_executions":0,"active_threads":0}}}`
	if string(out) != want {
		t.Errorf("untracked task\n got %s\nwant %s", out, want)
	}
	if _, ok := tk.Info(false, time.UnixMilli(0)).Get("resource_stats"); ok {
		t.Error("resource_stats in a non-detailed listing")
	}
}

// burn does real work: CPU time and allocations.
func burn() int {
	var keep [][]byte
	n := 0
	for i := 0; i < 2000; i++ {
		b := make([]byte, 1024)
		for j := range b {
			b[j] = byte(i + j)
			n += int(b[j])
		}
		keep = append(keep, b)
	}
	return n + len(keep)
}

// burnAccounted burns until the kernel has accounted some CPU time to the
// thread (its counter moves at scheduler ticks), at most two seconds' worth.
func burnAccounted() {
	start, ok := threadCPUTime()
	deadline := time.Now().Add(2 * time.Second)
	for {
		burn()
		if now, _ := threadCPUTime(); !ok || now > start || time.Now().After(deadline) {
			return
		}
	}
}

func TestResourceStatsTracked(t *testing.T) {
	m := New(clock.NewManual(time.UnixMilli(0)), "n")
	tk := m.Register(Spec{Action: "indices:data/read/search", TrackResources: true, Cancellable: true})
	stop := tk.Track()
	burnAccounted()
	running := statsOf(t, tk)
	if running["thread_info"]["thread_executions"] != 1 || running["thread_info"]["active_threads"] != 1 {
		t.Errorf("while running: %v", running["thread_info"])
	}
	stop()
	stop2 := tk.Track()
	burnAccounted()
	stop2()
	s := statsOf(t, tk)
	if s["thread_info"]["thread_executions"] != 2 || s["thread_info"]["active_threads"] != 0 {
		t.Errorf("thread_info %v", s["thread_info"])
	}
	// Every run allocated 2000 KiB; another test's goroutines can only add.
	if s["min"]["memory_in_bytes"] < 2000*1024 || s["total"]["memory_in_bytes"] < 2*2000*1024 {
		t.Errorf("memory %v", s)
	}
	if runtime.GOOS == "linux" && (s["min"]["cpu_time_in_nanos"] <= 0 || s["total"]["cpu_time_in_nanos"] < s["max"]["cpu_time_in_nanos"]) {
		t.Errorf("cpu %v", s)
	}
	for _, k := range []string{"cpu_time_in_nanos", "memory_in_bytes"} {
		if s["average"][k] != s["total"][k]/2 || s["min"][k] > s["max"][k] || s["min"][k]+s["max"][k] != s["total"][k] {
			t.Errorf("%s: average/min/max disagree with total: %v", k, s)
		}
	}
}

// BenchmarkTrack is the per-request cost of tracking a search task: the
// thread lock, two thread-clock reads and two allocation-metric reads.
func BenchmarkTrack(b *testing.B) {
	m := New(clock.NewManual(time.UnixMilli(0)), "n")
	tk := m.Register(Spec{Action: "indices:data/read/search", TrackResources: true})
	for i := 0; i < b.N; i++ {
		tk.Track()()
		if len(tk.runs) > 1024 {
			tk.runs = tk.runs[:0]
		}
	}
}
