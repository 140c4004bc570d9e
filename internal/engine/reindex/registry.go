package reindex

import (
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// Registry finds running jobs by task id, for _rethrottle. The zero value
// is ready; it is safe for concurrent use.
type Registry struct {
	mu   sync.Mutex
	jobs map[tasks.ID]*Job
}

func (g *Registry) add(id tasks.ID, j *Job) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.jobs == nil {
		g.jobs = map[tasks.ID]*Job{}
	}
	g.jobs[id] = j
}

func (g *Registry) remove(id tasks.ID) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.jobs, id)
}

// Get returns the running job of a task, or nil.
func (g *Registry) Get(id tasks.ID) *Job {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.jobs[id]
}

// Run runs j as task t and returns its response (wait_for_completion=true);
// the caller finishes t.
func (g *Registry) Run(j *Job, t *tasks.Task) (*Response, *apierr.Error) {
	j.task = t
	g.add(t.ID(), j)
	defer g.remove(t.ID())
	return j.run()
}

// Start runs j as task t in the background (wait_for_completion=false) and
// finishes t with the job's response or error.
func (g *Registry) Start(j *Job, t *tasks.Task) {
	j.task = t
	g.add(t.ID(), j)
	go func() {
		resp, err := j.run()
		g.remove(t.ID())
		if err != nil {
			j.env.Tasks.Finish(t, nil, err)
		} else {
			j.env.Tasks.Finish(t, resp.Object(Fields{}), nil)
		}
	}()
}
