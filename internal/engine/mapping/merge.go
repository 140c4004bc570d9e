package mapping

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// updatable lists, per type, the parameters a mapping update may change
// (the builders' updateable parameters); any other change is a conflict.
var updatable = map[string]map[string]bool{
	TypeText:    {"search_analyzer": true, "search_quote_analyzer": true, "fielddata": true, "eager_global_ordinals": true, "meta": true},
	TypeKeyword: {"ignore_above": true, "eager_global_ordinals": true, "split_queries_on_whitespace": true, "meta": true},
	TypeLong:    numberUpdatable, TypeInteger: numberUpdatable, TypeShort: numberUpdatable, TypeByte: numberUpdatable,
	TypeDouble: numberUpdatable, TypeFloat: numberUpdatable,
	TypeBoolean: {"meta": true},
	TypeDate:    {"ignore_malformed": true, "meta": true},
	TypeObject:  {"dynamic": true},
	TypeNested:  {"dynamic": true},

	TypeGeoShape: {"ignore_malformed": true, "ignore_z_value": true, "coerce": true, "orientation": true, "meta": true},

	TypeCompletion: {"search_analyzer": true, "max_input_length": true, "meta": true},
}

var numberUpdatable = map[string]bool{"ignore_malformed": true, "coerce": true, "meta": true}

// paramDefault is how a parameter that was never set prints in conflicts.
func paramDefault(typ, p string) string {
	switch p {
	case "analyzer", "search_analyzer", "search_quote_analyzer":
		return "default"
	case "index", "doc_values", "norms", "enabled", "coerce", "include_in_parent", "include_in_root":
		if p == "norms" && typ == TypeKeyword || p == "coerce" && typ == TypeDate {
			return "false"
		}
		if p == "include_in_parent" || p == "include_in_root" {
			return "false"
		}
		return "true"
	case "store", "fielddata", "eager_global_ordinals", "ignore_malformed", "index_phrases":
		return "false"
	case "format":
		return DefaultDateFormat
	case "ignore_above":
		return "2147483647"
	case "index_options":
		if typ == TypeText {
			return "positions"
		}
		return "docs"
	case "similarity":
		return "null"
	}
	return "null"
}

func paramString(typ, p string, v any, set bool) string {
	if !set {
		return paramDefault(typ, p)
	}
	if f, ok := v.(float64); ok {
		return fmtJavaDouble(f) // Double.toString, as the conflict message prints it
	}
	return fmt.Sprint(v)
}

// Merge applies a mapping update (PUT _mapping) and returns the merged
// mapping, or the conflict the server reports. m is not modified.
func (m *Mapping) Merge(upd *Mapping) (*Mapping, *apierr.Error) {
	out := m.Clone()
	if d := upd.Root.Dynamic(); d != "" {
		if out.Root.Params == nil {
			out.Root.Params = map[string]any{}
		}
		out.Root.Params["dynamic"] = d
	}
	if upd.DateDetection != nil {
		out.DateDetection = upd.DateDetection
	}
	if upd.NumericDetection != nil {
		out.NumericDetection = upd.NumericDetection
	}
	if upd.DynamicDateFormats != nil {
		out.DynamicDateFormats = upd.DynamicDateFormats
	}
	if upd.DynamicTemplates != nil {
		// Templates of the same name are replaced, new ones appended.
		ts := append([]DynamicTemplate(nil), out.DynamicTemplates...)
		for _, nt := range upd.DynamicTemplates {
			replaced := false
			for i := range ts {
				if ts[i].Name == nt.Name {
					ts[i], replaced = nt, true
				}
			}
			if !replaced {
				ts = append(ts, nt)
			}
		}
		out.DynamicTemplates = ts
	}
	if upd.Meta != nil {
		out.Meta = upd.Meta
	}
	out.Derived = mergeDerived(m.Derived, upd.Derived)
	if upd.SourceEnabled != nil && (m.SourceEnabled == nil && !*upd.SourceEnabled || m.SourceEnabled != nil && *m.SourceEnabled != *upd.SourceEnabled) {
		return nil, apierr.IllegalArgument("Mapper for [_source] conflicts with existing mapper:\n\tCannot update parameter [enabled] from [%t] to [%t]", m.SourceEnabled == nil || *m.SourceEnabled, *upd.SourceEnabled)
	}
	if upd.RoutingRequired != nil {
		out.RoutingRequired = upd.RoutingRequired
	}
	if err := mergeProps(out.Root, upd.Root.Props); err != nil {
		return nil, err
	}
	fixRedundantIncludes(out.Root, true)
	if err := out.checkAliases(); err != nil {
		return nil, err
	}
	if err := out.checkGeoContextPaths(); err != nil {
		return nil, err
	}
	return out, nil
}

func mergeProps(into *Field, props map[string]*Field) *apierr.Error {
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	if into.Props == nil {
		into.Props = map[string]*Field{}
	}
	for _, n := range names {
		nf := props[n]
		old, ok := into.Props[n]
		if !ok {
			into.Props[n] = nf.clone()
			continue
		}
		merged, err := mergeField(old, nf)
		if err != nil {
			return err
		}
		into.Props[n] = merged
	}
	return nil
}

func mergeField(old, nf *Field) (*Field, *apierr.Error) {
	if old.IsObject() && !nf.IsObject() {
		return nil, apierr.IllegalArgument("can't merge a non object mapping [%s] with an object mapping", old.Path)
	}
	if old.Type != nf.Type {
		switch {
		case old.Type == TypeNested && nf.Type == TypeObject:
			return nil, apierr.IllegalArgument("object mapping [%s] can't be changed from nested to non-nested", old.Path)
		case old.Type == TypeObject && nf.Type == TypeNested:
			return nil, apierr.IllegalArgument("object mapping [%s] can't be changed from non-nested to nested", old.Path)
		}
		return nil, apierr.IllegalArgument("mapper [%s] cannot be changed from type [%s] to [%s]", old.Path, old.Type, nf.Type)
	}
	if old.Type == TypeJoin {
		return mergeJoin(old, nf)
	}
	out := old.clone()
	if err := checkIncludesKept(old, nf); err != nil {
		return nil, err
	}
	if old.IsObject() {
		if e, ok := nf.Params["enabled"]; ok && fmt.Sprint(e) != paramString(old.Type, "enabled", old.Params["enabled"], old.Params["enabled"] != nil) {
			return nil, apierr.MapperParsing("the [enabled] parameter can't be updated for the object mapping [%s]", old.Path)
		}
		if d, ok := nf.Params["dynamic"]; ok {
			if out.Params == nil {
				out.Params = map[string]any{}
			}
			out.Params["dynamic"] = d
		}
		return out, mergeProps(out, nf.Props)
	}
	var conflicts []string
	for _, p := range paramOrder[old.Type] {
		ov, oset := old.Params[p]
		nv, nset := nf.Params[p]
		os, ns := paramString(old.Type, p, ov, oset), paramString(old.Type, p, nv, nset)
		if os == ns {
			continue
		}
		if updatable[old.Type][p] {
			if nset {
				out.Params[p] = nv
			} else {
				delete(out.Params, p)
			}
			continue
		}
		conflicts = append(conflicts, "Cannot update parameter ["+p+"] from ["+os+"] to ["+ns+"]")
	}
	if len(conflicts) > 0 {
		return nil, apierr.IllegalArgument("Mapper for [%s] conflicts with existing mapper:\n\t%s", old.Path, strings.Join(conflicts, "\n\t"))
	}
	for name, mf := range nf.Multi {
		if out.Multi == nil {
			out.Multi = map[string]*Field{}
		}
		if om, ok := out.Multi[name]; ok {
			merged, err := mergeField(om, mf)
			if err != nil {
				return nil, err
			}
			out.Multi[name] = merged
			continue
		}
		out.Multi[name] = mf.clone()
	}
	if nf.CopyTo != nil {
		out.CopyTo = append([]string(nil), nf.CopyTo...)
	}
	return out, nil
}
