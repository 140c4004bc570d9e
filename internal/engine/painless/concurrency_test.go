package painless

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// One compiled Script runs from many goroutines at once, each over its own document
// (run with -race).
func TestConcurrentExecute(t *testing.T) {
	s, err := Compile(`ctx._source.n += params.inc; ctx._source.tags.removeIf(x -> x == params.drop); for (int i = 0; i < 10; i++) { ctx._source.sum += i }`, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	params, _ := ParseJSON([]byte(`{"inc":2,"drop":"b"}`))
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				src, _ := ParseJSON([]byte(fmt.Sprintf(`{"n":%d,"tags":["a","b"],"sum":0}`, g)))
				ctx := NewMap(2)
				ctx.Set("_source", src)
				if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, ExecOptions{}); err != nil {
					errs <- err
					return
				}
				got := string(AppendJSON(nil, src))
				if want := fmt.Sprintf(`{"n":%d,"tags":["a"],"sum":45}`, g+2); got != want {
					errs <- fmt.Errorf("got %s want %s", got, want)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestCache(t *testing.T) {
	c := NewCache(2)
	a1, err := c.Compile("painless", "update", "ctx.op = 'noop'", CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := c.Compile("", "update", "ctx.op = 'noop'", CompileOptions{})
	if a1 != a2 {
		t.Error("same source compiled twice")
	}
	// options are part of the key
	b, _ := c.Compile("painless", "update", "ctx.op = 'noop'", CompileOptions{Options: map[string]string{"max_loop_counter": "5"}})
	if b == a1 || b.maxLoopCounter != 5 {
		t.Error("options ignored by the cache key")
	}
	if _, err := c.Compile("painless", "update", "ctx.op = ", CompileOptions{}); err == nil {
		t.Error("broken script compiled")
	}
	if _, err := c.Compile("groovy", "update", "x", CompileOptions{}); err == nil {
		t.Error("groovy accepted")
	}
	if got, want := c.Stats(), (CacheStats{Compilations: 2}); got != want {
		t.Errorf("stats %+v want %+v", got, want)
	}
	c.Compile("painless", "update", "ctx.op = 'x'", CompileOptions{}) // evicts the least recently used
	if got := c.Stats(); got.Compilations != 3 || got.CacheEvictions != 1 || c.Len() != 2 {
		t.Errorf("after eviction: %+v len %d", got, c.Len())
	}
	// a1 was least recently used, so it was evicted and compiles again
	a3, _ := c.Compile("painless", "update", "ctx.op = 'noop'", CompileOptions{})
	if a3 == a1 || c.Stats().Compilations != 4 {
		t.Errorf("evicted entry still cached: %+v", c.Stats())
	}
}

func TestCacheConcurrent(t *testing.T) {
	c := NewCache(8)
	if err := c.SetMaxCompilationsRate("unlimited", ""); err != nil { // the test thrashes the cache on purpose
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				src := fmt.Sprintf("ctx._source.x = %d", i%16)
				if _, err := c.Compile("painless", "update", src, CompileOptions{}); err != nil {
					t.Error(err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	// two goroutines may compile the same script at once; only one copy is kept
	if st := c.Stats(); st.CacheEvictions > st.Compilations-8 || st.Compilations < 16 || c.Len() != 8 {
		t.Errorf("inconsistent counters %+v len %d", st, c.Len())
	}
}

// The compilation limit is OpenSearch's token bucket: 75 compilations, refilled at 75
// per 5 minutes; hits are free, and the error is a circuit_breaking_exception.
func TestCacheCompilationLimit(t *testing.T) {
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	c := NewCache(1000)
	c.SetClock(func() time.Time { return now })
	for i := 0; i < 75; i++ {
		if _, err := c.Compile("painless", "update", fmt.Sprintf("ctx._source.x = %d", i), CompileOptions{}); err != nil {
			t.Fatalf("compilation %d: %v", i, err)
		}
	}
	if _, err := c.Compile("painless", "update", "ctx._source.x = 0", CompileOptions{}); err != nil {
		t.Fatalf("cache hit limited: %v", err)
	}
	_, err := c.Compile("painless", "update", "ctx._source.x = 75", CompileOptions{})
	var ex *Exception
	if !errors.As(err, &ex) {
		t.Fatalf("76th compilation: %v", err)
	}
	want := `{"error":{"root_cause":[{"type":"circuit_breaking_exception","reason":"[script] Too many dynamic script compilations within, max: [75/5m]; please use indexed, or scripts with parameters instead; this limit can be changed by the [script.context.update.max_compilations_rate] setting","bytes_wanted":0,"bytes_limit":0,"durability":"TRANSIENT"}],` +
		`"type":"circuit_breaking_exception","reason":"[script] Too many dynamic script compilations within, max: [75/5m]; please use indexed, or scripts with parameters instead; this limit can be changed by the [script.context.update.max_compilations_rate] setting","bytes_wanted":0,"bytes_limit":0,"durability":"TRANSIENT"},"status":429}`
	if got := string(ex.ResponseBody(APIByQuery)); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	if ex.Status(APIUpdate) != 400 || ex.Status(APIByQuery) != 429 {
		t.Errorf("statuses %d %d", ex.Status(APIUpdate), ex.Status(APIByQuery))
	}
	if st := c.Stats(); st.Compilations != 75 || st.CompilationLimitTriggered != 1 {
		t.Errorf("stats %+v", st)
	}
	now = now.Add(4 * time.Second) // one token refills every 4s
	if _, err := c.Compile("painless", "update", "ctx._source.x = 75", CompileOptions{}); err != nil {
		t.Fatalf("after refill: %v", err)
	}
	if _, err := c.Compile("painless", "update", "ctx._source.x = 76", CompileOptions{}); err == nil {
		t.Fatal("second compilation after one token refilled")
	}
	if err := c.SetMaxCompilationsRate("unlimited", ""); err != nil {
		t.Fatal(err)
	}
	for i := 100; i < 300; i++ {
		if _, err := c.Compile("painless", "update", fmt.Sprintf("ctx._source.x = %d", i), CompileOptions{}); err != nil {
			t.Fatalf("unlimited: %v", err)
		}
	}
	for _, bad := range []string{"x", "0/5m", "10/5s", "10/", "10/5q"} {
		if err := c.SetMaxCompilationsRate(bad, "s"); err == nil {
			t.Errorf("rate %q accepted", bad)
		}
	}
}
