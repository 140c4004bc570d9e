package sysstats

import (
	"sync"
	"time"
)

// RefreshInterval is OpenSearch's monitor.os/process/jvm/fs.refresh_interval
// default: a node reuses a probe's reading for a second, so node statistics
// asked for in a burst do not re-read /proc each time.
const RefreshInterval = time.Second

// cache keeps the last readings of a Sampler with its own lock.
type cache struct {
	mu      sync.Mutex
	os      reading[OS]
	proc    reading[Process]
	threads reading[int64]
	fs      map[string]reading[FS]
}

type reading[T any] struct {
	at time.Time // wall time of the reading; zero: none
	v  T
}

// fresh reports whether r was read less than every ago.
func (r reading[T]) fresh(every time.Duration) bool {
	return !r.at.IsZero() && time.Since(r.at) < every
}

// cachedOS returns ReadOS's figures, re-read at most once per refresh
// interval; the timestamp is always now.
func (s *Sampler) cachedOS(now time.Time) OS {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if !s.cache.os.fresh(s.refresh) {
		s.cache.os = reading[OS]{at: time.Now(), v: s.readOS(now)}
	}
	out := s.cache.os.v
	out.TimestampMillis = now.UnixMilli()
	return out
}

func (s *Sampler) cachedProcess(now time.Time) Process {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if !s.cache.proc.fresh(s.refresh) {
		s.cache.proc = reading[Process]{at: time.Now(), v: s.readProcess(now)}
	}
	out := s.cache.proc.v
	out.TimestampMillis = now.UnixMilli()
	return out
}

func (s *Sampler) cachedThreads() int64 {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if !s.cache.threads.fresh(s.refresh) {
		s.cache.threads = reading[int64]{at: time.Now(), v: s.readThreads()}
	}
	return s.cache.threads.v
}

func (s *Sampler) cachedFS(path string) FS {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if r, ok := s.cache.fs[path]; ok && r.fresh(s.refresh) {
		return r.v
	}
	if s.cache.fs == nil {
		s.cache.fs = map[string]reading[FS]{}
	}
	v := s.readFS(path)
	s.cache.fs[path] = reading[FS]{at: time.Now(), v: v}
	return v
}
