package mapping

import (
	"sort"
	"strconv"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Limits are the index.mapping.* limits a mapping must stay within.
type Limits struct {
	TotalFields, Depth, NestedFields, FieldNameLength int64
}

// LimitsOf reads an index's mapping limits, with OpenSearch's defaults:
// 1000 fields, depth 20, 50 nested fields, no name length limit.
func LimitsOf(s settings.Settings) Limits {
	get := func(key string, def int64) int64 {
		if v, ok := s.Get(key); ok {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				return n
			}
		}
		return def
	}
	return Limits{
		TotalFields:     get(settings.MappingTotalFields, 1000),
		Depth:           get(settings.MappingDepth, 20),
		NestedFields:    get(settings.MappingNestedFields, 50),
		FieldNameLength: get("index.mapping.field_name_length.limit", 1<<62),
	}
}

// CheckLimits is MappingLookup.checkLimits, run on every mapping the index
// would take (a dynamic update, PUT _mapping, index creation): the total
// number of fields and objects, the depth of objects, the length of field
// names and the number of nested fields, in that order. Where several
// objects break a limit, the one reported is the first in the iteration
// order of the server's HashMap of object paths.
func (m *Mapping) CheckLimits(l Limits) *apierr.Error {
	var objects, fields []*Field
	var walk func(f *Field)
	walk = func(f *Field) {
		for _, name := range sortedKeys(f.Props) {
			c := f.Props[name]
			if c.IsObject() {
				objects = append(objects, c)
				walk(c)
				continue
			}
			fields = append(fields, c)
			for _, mn := range sortedKeys(c.Multi) {
				fields = append(fields, c.Multi[mn])
			}
		}
	}
	walk(m.Root)
	if int64(len(objects)+len(fields)) > l.TotalFields {
		return apierr.IllegalArgument("Limit of total fields [%d] has been exceeded", l.TotalFields)
	}
	byPath := map[string]*Field{}
	paths := make([]string, len(objects))
	for i, o := range objects {
		paths[i], byPath[o.Path] = o.Path, o
	}
	paths = settings.HashMapOrder(paths)
	for _, p := range paths {
		depth := int64(2)
		for i := 0; i < len(p); i++ {
			if p[i] == '.' {
				depth++
			}
		}
		if depth > l.Depth {
			return apierr.IllegalArgument("Limit of mapping depth [%d] has been exceeded due to object field [%s]", l.Depth, p)
		}
	}
	fieldPaths := make([]string, len(fields))
	fieldByPath := map[string]*Field{}
	for i, f := range fields {
		fieldPaths[i], fieldByPath[f.Path] = f.Path, f
	}
	for _, group := range []struct {
		order []string
		by    map[string]*Field
	}{{paths, byPath}, {settings.HashMapOrder(fieldPaths), fieldByPath}} {
		for _, p := range group.order {
			name := group.by[p].Name
			if utf16Len(name) > l.FieldNameLength {
				return apierr.IllegalArgument("Field name [%s] is longer than the limit of [%d] characters", name, l.FieldNameLength)
			}
		}
	}
	nested := int64(0)
	for _, o := range objects {
		if o.Type == TypeNested {
			nested++
		}
	}
	if nested > l.NestedFields {
		return apierr.IllegalArgument("Limit of nested fields [%d] has been exceeded", l.NestedFields)
	}
	return nil
}

// utf16Len is String.length: UTF-16 code units.
func utf16Len(s string) int64 {
	var n int64
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

func sortedKeys(m map[string]*Field) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
