package indices

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// HTTP statuses of block errors (the engine does not import net/http).
const (
	statusBadRequest      = 400
	statusForbidden       = 403
	statusTooManyRequests = 429
)

// BlockLevel is a set of ClusterBlockLevel values: the kind of operation a
// block refuses.
type BlockLevel uint8

// The levels of ClusterBlockLevel.
const (
	BlockRead BlockLevel = 1 << iota
	BlockWrite
	BlockMetadataRead
	BlockMetadataWrite
)

// apiBlock is one IndexMetadata.APIBlock: the setting that turns it on and
// the ClusterBlock it adds.
type apiBlock struct {
	setting    string
	id         int
	desc       string
	status     int
	releasable bool // allowReleaseResources: an index delete is still allowed
	levels     BlockLevel
}

// apiBlocks lists the blocks in the iteration order of the HashSet the real
// server collects an index's blocks in (ClusterBlock hashes on its id), which
// is the order the exception message lists them.
var apiBlocks = [...]apiBlock{
	{"index.blocks.read_only_allow_delete", 12, "disk usage exceeded flood-stage watermark, index has read-only-allow-delete block",
		statusTooManyRequests, true, BlockMetadataWrite | BlockWrite},
	{"index.blocks.metadata", 9, "index metadata (api)", statusForbidden, false, BlockMetadataRead | BlockMetadataWrite},
	{"index.blocks.write", 8, "index write (api)", statusForbidden, false, BlockWrite},
	{"index.blocks.read", 7, "index read (api)", statusForbidden, false, BlockRead},
	{"index.blocks.read_only", 5, "index read-only (api)", statusForbidden, false, BlockWrite | BlockMetadataWrite},
}

// restStatusName is RestStatus.toString for the statuses blocks use.
func restStatusName(status int) string {
	if status == statusTooManyRequests {
		return "TOO_MANY_REQUESTS"
	}
	return "FORBIDDEN"
}

// blocked returns the blocks of x at level (releasable ones dropped when
// keepReleasable is false), in message order.
func (x *Index) blocked(level BlockLevel, keepReleasable bool) []*apiBlock {
	var out []*apiBlock
	s := x.Settings()
	for i := range apiBlocks {
		b := &apiBlocks[i]
		if b.levels&level == 0 || (b.releasable && !keepReleasable) {
			continue
		}
		if v, ok := s.Get(b.setting); ok && v == "true" {
			out = append(out, b)
		}
	}
	return out
}

// Blocked returns the cluster_block_exception the real server raises for an
// operation at level on the named indexes (ClusterBlocks.indicesBlockedException),
// or nil when none of them is blocked. Unknown names are skipped.
func (s *Service) Blocked(level BlockLevel, names ...string) *apierr.Error {
	return s.blockedBy(level, true, names)
}

// BlockedForDelete is the block check of an index delete
// (ClusterBlocks.indicesAllowReleaseResources): metadata-write blocks other
// than read_only_allow_delete refuse it.
func (s *Service) BlockedForDelete(names ...string) *apierr.Error {
	return s.blockedBy(BlockMetadataWrite, false, names)
}

// Blocked is Service.Blocked for this index alone, for callers that hold it
// already (the per-document write and get paths).
func (x *Index) Blocked(level BlockLevel) *apierr.Error {
	if e := x.closedError(level); e != nil {
		return e
	}
	bs := x.blocked(level, true)
	if len(bs) == 0 {
		return nil
	}
	return blockError([]string{x.Name}, map[string][]*apiBlock{x.Name: bs})
}

func (s *Service) blockedBy(level BlockLevel, keepReleasable bool, names []string) *apierr.Error {
	var hit []string
	per := map[string][]*apiBlock{}
	for _, n := range names {
		x, ok := s.Get(n)
		if !ok {
			continue
		}
		if e := x.closedError(level); e != nil {
			return e
		}
		if bs := x.blocked(level, keepReleasable); len(bs) > 0 {
			if _, dup := per[n]; !dup {
				hit = append(hit, n)
			}
			per[n] = bs
		}
	}
	if len(hit) == 0 {
		return nil
	}
	return blockError(hit, per)
}

// blockError renders ClusterBlockException for the blocks per index.
func blockError(hit []string, per map[string][]*apiBlock) *apierr.Error {
	// ClusterBlockException keys its indexes with a HashMap.
	var sb strings.Builder
	onlyRetryable, status := true, 0
	for _, n := range settings.HashMapOrder(hit) {
		sb.WriteString("index [" + n + "] blocked by: [")
		for i, b := range per[n] {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(restStatusName(b.status) + "/" + strconv.Itoa(b.id) + "/" + b.desc)
			// ClusterBlockException.status: 429 only when every block is
			// retryable, else the highest other status.
			if b.status != statusTooManyRequests {
				onlyRetryable = false
				status = max(status, b.status)
			}
		}
		sb.WriteString("];")
	}
	if onlyRetryable {
		status = statusTooManyRequests
	}
	return &apierr.Error{Status: status, Type: apierr.TypeClusterBlock, Reason: sb.String()}
}

// closedError is the IndexClosedException a read or write of a closed index
// gets (the name resolution of those requests forbids closed indexes).
func (x *Index) closedError(level BlockLevel) *apierr.Error {
	if !x.Closed() || level&(BlockRead|BlockWrite) == 0 {
		return nil
	}
	return &apierr.Error{Status: statusBadRequest, Type: "index_closed_exception", Reason: "closed",
		Meta: []apierr.Meta{{Key: "index_uuid", Value: x.UUID}, {Key: "index", Value: x.Name}}}
}

// SetClosed closes or opens the named indexes (a cluster state change).
func (s *Service) SetClosed(names []string, closed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range names {
		if x, ok := s.byName[n]; ok {
			x.closed.Store(closed)
		}
	}
	s.notifyLocked()
}
