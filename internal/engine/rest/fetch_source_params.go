package rest

import "github.com/clustersearch/clustersearch-go/internal/engine/objparse"

// fetchSourceFromParams reads _source, _source_includes and _source_excludes
// (FetchSourceContext.parseFromRestRequest); nil when none is given.
func fetchSourceFromParams(r *Request) (*objparse.FetchSource, error) {
	var fs *objparse.FetchSource
	if v, ok := r.Param("_source"); ok {
		fs = &objparse.FetchSource{Fetch: true}
		switch v {
		case "false", "0", "off", "no":
			fs.Fetch = false
		case "true", "1", "on", "yes", "":
		default:
			fs.Includes = r.List("_source")
		}
	}
	if inc := r.List("_source_includes"); inc != nil {
		if fs == nil {
			fs = &objparse.FetchSource{Fetch: true}
		}
		fs.Includes = inc
	}
	if exc := r.List("_source_excludes"); exc != nil {
		if fs == nil {
			fs = &objparse.FetchSource{Fetch: true}
		}
		fs.Excludes = exc
	}
	return fs, nil
}
