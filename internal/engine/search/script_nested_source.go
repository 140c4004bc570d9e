package search

import "github.com/clustersearch/clustersearch-go/internal/engine/painless"

// sourceMap is params['_source'] of a script run on a document: the
// document's source as a map, or, for a nested document, an empty map, since
// the script's SourceLookup reads the stored _source of the nested Lucene
// document, which has none (only the root document stores it).
func (s *searchScript) sourceMap(slot int32) any {
	if s.c.nestedPath != "" {
		return painless.NewHashMap(0)
	}
	src, _ := painless.ParseJSONHashMap(s.c.r.Doc(slot).Source)
	return src
}
