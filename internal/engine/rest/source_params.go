package rest

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/search"
)

// sourceFilterFromParams reads the URL form: _source=false|true|a,b plus
// _source_includes and _source_excludes.
func sourceFilterFromParams(r *Request) (search.SourceFilter, error) {
	var f search.SourceFilter
	if v, ok := r.Param("_source"); ok {
		switch v {
		case "false":
			f.Disabled = true
		case "true", "":
		default:
			f.Includes = strings.Split(v, ",")
		}
	}
	if inc := r.List("_source_includes"); inc != nil {
		f.Includes = inc
	}
	f.Excludes = r.List("_source_excludes")
	return f, nil
}
