package rest

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/cursor"
	"github.com/clustersearch/clustersearch-go/internal/engine/opstats"
)

// WatchPITs makes the node statistics follow the points in time of st: their
// shard contexts (point_in_time_*), and the shards each search over one reads.
func (a *NodesAPI) WatchPITs(st *cursor.Store) {
	a.pits, a.rec.PITs = st, st
	st.SetPITListener(opstats.PITCounter{Reg: a.reg})
}
