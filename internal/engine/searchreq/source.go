package searchreq

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/search"
	"github.com/clustersearch/clustersearch-go/internal/engine/urlparams"
)

// WantsSource reports whether hits carry _source: not with stored_fields
// unless _source is among them.
func (s *Spec) WantsSource() bool {
	if s.StoredFields == nil {
		// script_fields alone fetch no source (FetchPhase asks for it only
		// without script fields or with an explicit _source)
		return s.ScriptFieldCount == 0 || s.SourceGiven
	}
	for _, f := range s.StoredFields {
		if f == "_source" {
			return true
		}
	}
	return false
}

// SourceParams reads the URL form of a source filter: _source=false|true|a,b
// plus _source_includes and _source_excludes.
func SourceParams(p urlparams.Params) (search.SourceFilter, error) {
	var f search.SourceFilter
	if v, ok := p.Param("_source"); ok {
		switch v {
		case "false":
			f.Disabled = true
		case "true", "":
		default:
			f.Includes = strings.Split(v, ",")
		}
	}
	if inc := p.List("_source_includes"); inc != nil {
		f.Includes = inc
	}
	f.Excludes = p.List("_source_excludes")
	return f, nil
}
