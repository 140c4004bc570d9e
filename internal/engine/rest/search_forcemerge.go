package rest

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// forceMergeParams are the URL parameters of indices.forcemerge.
var forceMergeParams = []string{"allow_no_indices", "expand_wildcards", "flush", "ignore_unavailable", "max_num_segments",
	"only_expunge_deletes", "primary_only", "wait_for_completion"}

// forceMerge is POST [/{index}]/_forcemerge: every shard drops its deleted
// and overwritten versions, which then stop counting in term statistics.
func (b *Backend) forceMerge(r *Request) (*Response, error) {
	o, err := indicesOptions(r, indices.DefaultOptions())
	if err != nil {
		return nil, err
	}
	for _, p := range []string{"flush", "only_expunge_deletes", "primary_only", "wait_for_completion"} {
		if _, err := r.Bool(p, false); err != nil {
			return nil, err
		}
	}
	maxSegments, err := r.Int("max_num_segments", -1)
	if err != nil {
		return nil, err
	}
	if wait, _ := r.Bool("wait_for_completion", true); !wait {
		// RestForceMergeAction runs the merge as a task whose result is
		// stored, and answers with the task's id at once.
		if t, finish := detachTaskToFinish(r); t != nil {
			t.SetDescription(forceMergeDescription(r, maxSegments))
			t.KeepResult()
			go func() {
				body, e := b.mergeIndices(r, o)
				if e != nil {
					finish(nil, e)
					return
				}
				finish(body, nil)
			}()
			return OK(jsonout.Object{{Key: "task", Value: t.ID().String()}}), nil
		}
	}
	body, e := b.mergeIndices(r, o)
	if e != nil {
		return nil, e
	}
	return OK(body), nil
}

// forceMergeDescription is ForceMergeRequest.getDescription (2.13 and later).
func forceMergeDescription(r *Request, maxSegments int64) string {
	flag := func(name string, def bool) string {
		v, _ := r.Bool(name, def)
		return strconv.FormatBool(v)
	}
	var names []string
	if p := r.PathParam("index"); p != "" {
		names = strings.Split(p, ",")
	}
	return "Force-merge indices [" + strings.Join(names, ", ") + "], maxSegments[" + strconv.FormatInt(maxSegments, 10) +
		"], onlyExpungeDeletes[" + flag("only_expunge_deletes", false) + "], flush[" + flag("flush", true) +
		"], primaryOnly[" + flag("primary_only", false) + "]"
}

// mergeIndices merges every shard of the indexes r names and returns the
// broadcast response.
func (b *Backend) mergeIndices(r *Request, o indices.Options) (jsonout.Object, *apierr.Error) {
	names, e := b.Indices.Resolve(r.PathParam("index"), o)
	if e != nil {
		return nil, e
	}
	if e := b.Indices.Blocked(indices.BlockMetadataWrite, names...); e != nil {
		return nil, e
	}
	copies, assigned := 0, 0
	for _, n := range names {
		x, ok := b.Indices.Get(n)
		if !ok {
			continue
		}
		x.ForceMerge()
		copies += len(x.Shards) * (1 + x.Replicas())
		assigned += len(x.Shards) * b.shardCopies(x).Active()
	}
	return jsonout.Object{{Key: "_shards", Value: jsonout.Object{{Key: "total", Value: copies}, {Key: "successful", Value: assigned}, {Key: "failed", Value: 0}}}}, nil
}
