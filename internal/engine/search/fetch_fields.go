package search

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
)

// FetchField is one entry of the "fields" option: a field name or pattern
// and an optional format.
type FetchField struct {
	Field, Format string
}

// noFormat are the field types whose value fetcher refuses a format
// ("doesn't support formats"); dates, ranges and geo fields take one.
var noFormat = map[string]bool{
	mapping.TypeKeyword: true, mapping.TypeText: true, "match_only_text": true, mapping.TypeIP: true, mapping.TypeBoolean: true,
	mapping.TypeLong: true, mapping.TypeInteger: true, mapping.TypeShort: true, mapping.TypeByte: true,
	mapping.TypeDouble: true, mapping.TypeFloat: true, mapping.TypeHalfFloat: true, mapping.TypeScaledFloat: true,
	mapping.TypeUnsignedLong: true, "constant_keyword": true, "wildcard": true, "search_as_you_type": true,
	mapping.TypeTokenCount: true, "completion": true, "binary": true,
}

// checkFetchFields is what FetchFieldsPhase checks before fetching a
// shard's hits: a source to read the fields from, and for each concrete
// field a pattern names, a value fetcher that accepts the format asked for.
func (c *shardCtx) checkFetchFields(fields []FetchField) *apierr.Error {
	if len(fields) == 0 {
		return nil
	}
	if c.m != nil && c.m.SourceEnabled != nil && !*c.m.SourceEnabled {
		return apierr.IllegalArgument("Unable to retrieve the requested [fields] since _source is disabled in the mappings for index [%s]", c.idx.Name)
	}
	for _, ff := range fields {
		if ff.Format == "" {
			continue
		}
		names := []string{ff.Field}
		if strings.Contains(ff.Field, "*") {
			names = c.expand(ff.Field, false)
		}
		for _, name := range names {
			f := c.field(name)
			if f == nil || f.IsObject() || strings.HasPrefix(name, "_") {
				continue
			}
			if f.Derived != nil {
				// a derived field's value fetcher takes no format, whatever its type
				return apierr.IllegalArgument("Field [%s] of type [derived] doesn't support formats.", f.Path)
			}
			if noFormat[f.Type] {
				return apierr.IllegalArgument("Field [%s] of type [%s] doesn't support formats.", f.Path, f.Type)
			}
		}
	}
	return nil
}
