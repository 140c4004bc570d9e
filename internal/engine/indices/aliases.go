package indices

import (
	"encoding/json"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Alias is one alias of an index (AliasMetadata).
type Alias struct {
	Filter        jsonout.Object // nil when the alias has no filter
	IndexRouting  string
	SearchRouting string
	IsWriteIndex  *bool
	IsHidden      *bool
}

// Render prints the alias as GET _alias does: filter, index_routing,
// search_routing, is_write_index, is_hidden, each only when set.
func (a *Alias) Render() jsonout.Object {
	o := jsonout.Object{}
	if a.Filter != nil {
		o = append(o, jsonout.Field{Key: "filter", Value: a.Filter})
	}
	if a.IndexRouting != "" {
		o = append(o, jsonout.Field{Key: "index_routing", Value: a.IndexRouting})
	}
	if a.SearchRouting != "" {
		o = append(o, jsonout.Field{Key: "search_routing", Value: a.SearchRouting})
	}
	if a.IsWriteIndex != nil {
		o = append(o, jsonout.Field{Key: "is_write_index", Value: *a.IsWriteIndex})
	}
	if a.IsHidden != nil {
		o = append(o, jsonout.Field{Key: "is_hidden", Value: *a.IsHidden})
	}
	return o
}

// ParseAlias reads an alias definition (create-index "aliases" entries and
// the put-alias body).
func ParseAlias(v any) (*Alias, *apierr.Error) {
	a := &Alias{}
	obj, ok := v.(jsonout.Object)
	if !ok && v != nil {
		return nil, apierr.Parse("Failed to parse alias: expected an object")
	}
	for _, f := range obj {
		s, _ := f.Value.(string)
		if n, ok := f.Value.(json.Number); ok {
			s = n.String() // parser.text() reads a number as its text
		}
		switch f.Key {
		case "filter":
			fo, ok := f.Value.(jsonout.Object)
			if !ok {
				return nil, apierr.Parse("Failed to parse alias filter")
			}
			a.Filter = fo
		case "routing":
			a.IndexRouting, a.SearchRouting = s, s
		case "index_routing":
			a.IndexRouting = s
		case "search_routing":
			a.SearchRouting = s
		case "is_write_index", "is_hidden":
			b, ok := f.Value.(bool)
			if !ok {
				return nil, apierr.Parse("Failed to parse [%s]", f.Key)
			}
			if f.Key == "is_write_index" {
				a.IsWriteIndex = &b
			} else {
				a.IsHidden = &b
			}
		case "index", "indices", "alias", "aliases":
			// Accepted in put-alias bodies; the path names them.
		default:
			return nil, apierr.New(apierr.TypeIllegalArgument, "Unsupported field ["+f.Key+"]")
		}
	}
	return a, nil
}

// validateAliasName applies the alias naming rules.
func (s *Service) validateAliasNameLocked(name string) *apierr.Error {
	if err := ValidateName(name); err != nil {
		return &apierr.Error{Status: 400, Type: "invalid_alias_name_exception",
			Reason: "Invalid alias name [" + name + "]: " + strings.TrimPrefix(err.Reason, "Invalid index name ["+name+"], "),
			Meta:   []apierr.Meta{{Key: "index", Value: name}, {Key: "index_uuid", Value: apierr.UnknownUUID}}}
	}
	if _, isIndex := s.byName[name]; isIndex {
		return &apierr.Error{Status: 400, Type: "invalid_alias_name_exception",
			Reason: "Invalid alias name [" + name + "]: an index or data stream exists with the same name as the alias",
			Meta:   []apierr.Meta{{Key: "index", Value: name}, {Key: "index_uuid", Value: apierr.UnknownUUID}}}
	}
	return nil
}

// PutAlias adds or replaces an alias on the named indexes.
func (s *Service) PutAlias(names []string, alias string, a *Alias) *apierr.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.validateAliasNameLocked(alias); err != nil {
		return err
	}
	for _, n := range names {
		x, ok := s.byName[n]
		if !ok {
			continue
		}
		next := map[string]*Alias{}
		for k, v := range x.aliases {
			next[k] = v
		}
		next[alias] = a
		x.aliases = next
	}
	return nil
}

// DeleteAlias removes an alias from the named indexes; it reports whether
// any was removed.
func (s *Service) DeleteAlias(names []string, alias string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	found := false
	for _, n := range names {
		x, ok := s.byName[n]
		if !ok {
			continue
		}
		next := map[string]*Alias{}
		for k, v := range x.aliases {
			if k == alias || (strings.Contains(alias, "*") && wildcard.Simple(alias, k)) || alias == "_all" {
				found = true
				continue
			}
			next[k] = v
		}
		x.aliases = next
	}
	return found
}

// Aliases returns the aliases of an index (immutable; do not modify).
func (s *Service) Aliases(x *Index) map[string]*Alias {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return x.aliases
}

// AliasNames returns an index's alias names, sorted.
func (s *Service) AliasNames(x *Index) []string {
	m := s.Aliases(x)
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// aliasIndicesLocked returns the indexes holding an alias, sorted.
func (s *Service) aliasIndicesLocked(alias string) []string {
	var out []string
	for name, x := range s.byName {
		if _, ok := x.aliases[alias]; ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// allAliasesLocked returns every alias name.
func (s *Service) allAliasesLocked() map[string]bool {
	out := map[string]bool{}
	for _, x := range s.byName {
		for a := range x.aliases {
			out[a] = true
		}
	}
	return out
}

// IsAlias reports whether name is an alias.
func (s *Service) IsAlias(name string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.aliasIndicesLocked(name)) > 0
}

// WriteTarget resolves the target of a write: an index name, or an alias with
// its write index. It returns the index name and the alias's index routing.
func (s *Service) WriteTarget(name string) (string, string, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if _, ok := s.byName[name]; ok {
		return name, "", nil
	}
	idx := s.aliasIndicesLocked(name)
	if len(idx) == 0 {
		return name, "", nil // a missing index is auto-created
	}
	var write []string
	for _, n := range idx {
		if a := s.byName[n].aliases[name]; a.IsWriteIndex != nil && *a.IsWriteIndex {
			write = append(write, n)
		}
	}
	if len(write) == 1 {
		return write[0], s.byName[write[0]].aliases[name].IndexRouting, nil
	}
	if len(idx) == 1 && s.byName[idx[0]].aliases[name].IsWriteIndex == nil {
		return idx[0], s.byName[idx[0]].aliases[name].IndexRouting, nil
	}
	return "", "", apierr.IllegalArgument("no write index is defined for alias [%s]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index", name)
}

// ReadTarget resolves a single-index read (GET, DELETE of a document): an
// index, or an alias pointing at exactly one index.
func (s *Service) ReadTarget(name string) (string, string, *apierr.Error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if _, ok := s.byName[name]; ok {
		return name, "", nil
	}
	idx := s.aliasIndicesLocked(name)
	switch len(idx) {
	case 0:
		return name, "", nil
	case 1:
		// Metadata.resolveIndexRouting: single-document reads route with the
		// alias's index routing.
		return idx[0], s.byName[idx[0]].aliases[name].IndexRouting, nil
	}
	return "", "", apierr.IllegalArgument("alias [%s] has more than one index associated with it [%s], can't execute a single index op", name, strings.Join(idx, ", "))
}
