package sysstats

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func TestReadingsAreReusedWithinTheRefreshInterval(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "proc"), 0o755); err != nil {
		t.Fatal(err)
	}
	load := func(v string) {
		if err := os.WriteFile(filepath.Join(root, "proc", "loadavg"), []byte(v+" 0.50 0.25 1/100 42\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	now := time.UnixMilli(5000)
	for _, c := range []struct {
		refresh time.Duration
		want    []float64 // the 1m load average read after the file changed
	}{
		{time.Hour, []float64{1, 0.5, 0.25}},
		{0, []float64{2, 0.5, 0.25}},
	} {
		s := &Sampler{root: root + "/", refresh: c.refresh}
		load("1.00")
		if got := s.ReadOS(now).LoadAverage; !reflect.DeepEqual(got, []float64{1, 0.5, 0.25}) {
			t.Fatalf("first reading %v", got)
		}
		load("2.00")
		later := now.Add(time.Minute)
		o := s.ReadOS(later)
		if !reflect.DeepEqual(o.LoadAverage, c.want) || o.TimestampMillis != later.UnixMilli() {
			t.Errorf("refresh %v: second reading %v at %d, want %v at %d", c.refresh, o.LoadAverage, o.TimestampMillis, c.want, later.UnixMilli())
		}
	}
}
