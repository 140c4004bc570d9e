package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchexec"
	"github.com/clustersearch/clustersearch-go/internal/engine/searchreq"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
)

// newSearchRun ties the request's task to the search and schedules its
// cancel_after_time_interval (the request's parameter, else the cluster
// setting search.cancel_after_time_interval, as TransportSearchAction does).
// The run is the executor's Canceller, nil without a task.
func (b *Backend) newSearchRun(r *Request) (search.Canceller, error) {
	t := requestTask(r)
	interval, err := r.Duration("cancel_after_time_interval", b.clusterSettings().Values().CancelAfterTimeInterval)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, nil
	}
	t.CancelAfter(b.Clock, interval)
	return &searchexec.TaskRun{Task: t, Hold: &b.SearchHold}, nil
}

// runChildSearch runs one search of a multi-search as TransportMultiSearchAction
// does: as a child search task of the msearch task, tracked, with its own
// description and the cancel_after_time_interval of its header, else of the
// msearch request, else of the cluster setting.
func (b *Backend) runChildSearch(r *Request, e msearchEntry, spec *searchreq.Spec) (jsonout.Object, *apierr.Error) {
	parent := requestTask(r)
	if parent == nil {
		return b.exec().Run(e.Index, e.Options, spec, e.Routing)
	}
	interval := b.clusterSettings().Values().CancelAfterTimeInterval
	v, ok := e.Params["cancel_after_time_interval"]
	if !ok {
		v, ok = r.Params["cancel_after_time_interval"]
	}
	if ok {
		d, err := settings.ParseTimeValue(v, "cancel_after_time_interval")
		if err != nil {
			return nil, err
		}
		interval = d
	}
	child := parent.StartChild(tasks.Spec{Action: "indices:data/read/search", Headers: parent.Headers(), Cancellable: true,
		TrackResources: true, Describe: func() string { return msearchEntryDescription(r, e) }})
	defer child.End()
	defer child.Track()()
	child.CancelAfter(b.Clock, interval)
	spec.Cancel = &searchexec.TaskRun{Task: child, Hold: &b.SearchHold}
	return b.exec().Run(e.Index, e.Options, spec, e.Routing)
}
