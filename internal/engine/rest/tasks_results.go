package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/shard"
	"github.com/clustersearch/clustersearch-go/internal/engine/tasks"
	"github.com/clustersearch/clustersearch-go/internal/engine/write"
)

// resultStore keeps task results in .tasks through this layer's index
// creation and write path.
func (d *DocOps) resultStore() *tasks.ResultStore {
	b := d.b
	return &tasks.ResultStore{Indices: b.Indices, Clock: b.Clock,
		CreateIndex: func(name string, body []byte) *apierr.Error {
			req, err := ParseCreateIndex(name, body)
			if err != nil {
				return apierr.IllegalArgument("%s", err.Error())
			}
			_, e := b.Indices.Create(req)
			return e
		},
		Write: func(index, id string, source []byte) *apierr.Error {
			_, e := b.writer().Run(&write.Op{Index: index, ID: id, Source: source, IfSeqNo: shard.NoSeqNo})
			return e
		},
		// Commit is installed after the docops (with a data directory).
		Commit: func() error {
			if b.Commit != nil {
				return b.Commit()
			}
			return nil
		}}
}

// ResumeTaskIDs numbers new tasks after the results .tasks holds for this
// node (a server restarted on a data directory).
func (d *DocOps) ResumeTaskIDs() { d.results.ResumeIDs(d.tasks) }
