package ingest

import (
	"fmt"
	"path"
	"sort"
	"sync"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	"github.com/clustersearch/clustersearch-go/internal/engine/version"
)

// Service stores the cluster's pipelines and runs documents through them. It is safe
// for concurrent use.
type Service struct {
	scripts *painless.Cache
	now     func() time.Time
	// version is the OpenSearch version served: options newer than it are
	// unknown, as on that version (grok's capture_all_matches is 3.3's).
	version version.Version

	mu        sync.RWMutex
	pipelines map[string]*stored
	total     counters
}

type stored struct {
	config []byte // the body as given, re-encoded (GET returns it)
	p      *Pipeline
	stats  *counters
}

// Counters are one ingest stats block: count, time_in_millis, current, failed.
type Counters struct {
	Count, TimeMillis, Current, Failed int64
}

// Stats is the node's ingest stats: the total, then each pipeline's counters
// in the order node stats prints them (the pipelines HashMap's).
type Stats struct {
	Total     Counters
	Pipelines []PipelineStats
}

// PipelineStats are one pipeline's counters and its processors'.
type PipelineStats struct {
	ID string
	Counters
	Processors []ProcessorStats
}

// ProcessorStats are one top-level processor's counters: Name is its type,
// ":"+pipeline name for a pipeline processor, ":"+tag when tagged.
type ProcessorStats struct {
	Name, Type string
	Counters
}

// counters are live Counters, safe for concurrent use.
type counters struct {
	mu sync.Mutex
	c  Counters
}

func (c *counters) begin() {
	c.mu.Lock()
	c.c.Current++
	c.mu.Unlock()
}

func (c *counters) end(took time.Duration, failed bool) {
	c.mu.Lock()
	c.c.Current--
	c.c.Count++
	c.c.TimeMillis += took.Milliseconds()
	if failed {
		c.c.Failed++
	}
	c.mu.Unlock()
}

func (c *counters) get() Counters {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.c
}

// NewService returns an empty pipeline store. scripts compiles the script processors and
// conditions; now is the server clock (_ingest.timestamp, execution times).
func NewService(scripts *painless.Cache, now func() time.Time) *Service {
	v, _ := version.Parse(version.Default)
	return &Service{scripts: scripts, now: now, version: v, pipelines: map[string]*stored{}}
}

// SetVersion sets the OpenSearch version whose processor options apply;
// call it before the service is used.
func (s *Service) SetVersion(v version.Version) { s.version = v }

// Put parses and stores a pipeline (PUT /_ingest/pipeline/{id}).
func (s *Service) Put(id string, body []byte) *apierr.Error {
	m, err := parseBody(body)
	if err != nil {
		return err
	}
	config, _ := painless.EncodeJSON(m)
	p, err := s.parsePipeline(id, m)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.pipelines[id]
	st := &stored{config: config, p: p, stats: &counters{}}
	if old != nil {
		st.stats = old.stats // a replaced pipeline keeps its counters
	}
	s.pipelines[id] = st
	return nil
}

func parseBody(body []byte) (*painless.Map, *apierr.Error) {
	v, err := painless.ParseJSON(body)
	if err != nil {
		return nil, apierr.Parse("request body or source parameter is required")
	}
	m, ok := v.(*painless.Map)
	if !ok {
		return nil, apierr.Parse("request body or source parameter is required")
	}
	return m, nil
}

// Entry is one stored pipeline as GET returns it.
type Entry struct {
	ID     string
	Config []byte
}

// Get returns the pipelines matching the ids (wildcards allowed; none: all), sorted by
// id as the cluster state's map prints them, and whether any id matched nothing.
func (s *Service) Get(ids []string) []Entry {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []Entry
	for id, st := range s.pipelines {
		if len(ids) == 0 || matchAny(ids, id) {
			out = append(out, Entry{ID: id, Config: st.config})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func matchAny(patterns []string, id string) bool {
	for _, p := range patterns {
		if p == id || p == "*" || p == "_all" {
			return true
		}
		if ok, _ := path.Match(p, id); ok {
			return true
		}
	}
	return false
}

// Delete removes the pipelines matching id (a name or a wildcard pattern).
func (s *Service) Delete(id string) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	found := false
	for name := range s.pipelines {
		if matchAny([]string{id}, name) {
			delete(s.pipelines, name)
			found = true
		}
	}
	if !found {
		return &apierr.Error{Status: 404, Type: apierr.TypeResourceNotFound, Reason: "pipeline [" + id + "] is missing"}
	}
	return nil
}

func (s *Service) lookup(id string) (*Pipeline, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	st, ok := s.pipelines[id]
	if !ok {
		return nil, false
	}
	return st.p, true
}

// Exists reports whether a pipeline is stored.
func (s *Service) Exists(id string) bool { _, ok := s.lookup(id); return ok }

// Timestamp is _ingest.timestamp for a document ingested now, as ZonedDateTime prints
// in UTC: the fraction in groups of three digits, none when zero.
func (s *Service) Timestamp() string { return javaInstant(s.now()) }

func javaInstant(t time.Time) string {
	t = t.UTC()
	base := t.Format("2006-01-02T15:04:05")
	ns := t.Nanosecond()
	switch {
	case ns == 0:
	case ns%1_000_000 == 0:
		base += fmt.Sprintf(".%03d", ns/1_000_000)
	case ns%1000 == 0:
		base += fmt.Sprintf(".%06d", ns/1000)
	default:
		base += fmt.Sprintf(".%09d", ns)
	}
	return base + "Z"
}

// Run executes the pipelines named in order on d (index time: the request or default
// pipeline, then the final pipeline), counting stats. A missing pipeline is the
// illegal_argument_exception OpenSearch gives.
func (s *Service) Run(ids []string, d *Document) *apierr.Error {
	for _, id := range ids {
		s.mu.RLock()
		st, ok := s.pipelines[id]
		s.mu.RUnlock()
		if !ok {
			return apierr.IllegalArgument("pipeline with id [%s] does not exist", id)
		}
		start := s.now()
		s.total.begin()
		st.stats.begin()
		err := (&execution{s: s}).runPipeline(st.p, d)
		took := s.now().Sub(start)
		st.stats.end(took, err != nil)
		s.total.end(took, err != nil)
		if err != nil || d.Dropped {
			return err
		}
	}
	return nil
}

// RunOne executes one parsed pipeline (simulate).
func (s *Service) RunOne(p *Pipeline, d *Document) *apierr.Error {
	return (&execution{s: s}).runPipeline(p, d)
}

// Parse builds a pipeline without storing it (simulate's inline pipeline).
func (s *Service) Parse(id string, body *painless.Map) (*Pipeline, *apierr.Error) {
	return s.parsePipeline(id, body)
}

// Lookup returns a stored pipeline.
func (s *Service) Lookup(id string) (*Pipeline, bool) { return s.lookup(id) }

// Stats returns a snapshot of the ingest counters.
func (s *Service) Stats() Stats {
	s.mu.RLock()
	order := painless.NewHashMap(len(s.pipelines))
	for id := range s.pipelines {
		order.Set(id, true)
	}
	out := Stats{Total: s.total.get(), Pipelines: make([]PipelineStats, 0, len(s.pipelines))}
	for _, k := range order.Keys() {
		st := s.pipelines[k.(string)]
		ps := PipelineStats{ID: k.(string), Counters: st.stats.get()}
		for _, p := range st.p.processors {
			ps.Processors = append(ps.Processors, ProcessorStats{Name: p.name, Type: p.typ, Counters: p.stats.get()})
		}
		out.Pipelines = append(out.Pipelines, ps)
	}
	s.mu.RUnlock()
	return out
}

// runPipeline runs one pipeline's processors with its on_failure handlers, guarding
// against pipeline cycles.
func (x *execution) runPipeline(p *Pipeline, d *Document) *apierr.Error {
	for _, id := range d.pipelines {
		if id == p.ID {
			return &apierr.Error{Status: 500, Type: "illegal_state_exception", Reason: "Cycle detected for pipeline: " + p.ID}
		}
	}
	// IngestDocument.executePipeline: _ingest.pipeline names the running
	// pipeline and is restored (or removed) afterwards.
	prev, hadPrev := d.Ingest.Get("pipeline")
	d.Ingest.Set("pipeline", p.ID)
	d.pipelines = append(d.pipelines, p.ID)
	defer func() {
		d.pipelines = d.pipelines[:len(d.pipelines)-1]
		if hadPrev {
			d.Ingest.Set("pipeline", prev)
		} else {
			d.Ingest.Delete("pipeline")
		}
	}()
	err := x.exec(p.processors, d)
	if err != nil && len(p.onFailure) > 0 {
		return x.onFailure(p.onFailure, err, d)
	}
	return err
}
