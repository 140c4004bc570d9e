package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/indices"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// settingsBlocked is TransportUpdateSettingsAction.checkBlock: an update that
// lifts a block must get through the block itself, so an update holding
// index.blocks.read_only or index.blocks.read_only_allow_delete, or holding
// only index.blocks.metadata, skips the check. The keys are matched as
// written in the request, before any "index." prefix is added.
func (b *Backend) settingsBlocked(upd settings.Settings, names []string) *apierr.Error {
	_, metadata := upd["index.blocks.metadata"]
	_, readOnly := upd["index.blocks.read_only"]
	_, allowDelete := upd["index.blocks.read_only_allow_delete"]
	// The Java condition reads size()==1 && metadata || readOnly || allowDelete.
	if len(upd) == 1 && metadata || readOnly || allowDelete {
		return nil
	}
	return b.Indices.Blocked(indices.BlockMetadataWrite, names...)
}

// aliasesBlocked is TransportIndicesAliasesAction.checkBlock: it checks the
// index names as written in the request, unresolved, so a wildcard or an
// alias name never matches a blocked index.
func (b *Backend) aliasesBlocked(expr string) *apierr.Error {
	return b.Indices.Blocked(indices.BlockMetadataWrite, strings.Split(expr, ",")...)
}
