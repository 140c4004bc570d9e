package templates

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// mergeTemplateMapping merges upd over base as MapperService.merge with
// MergeReason.INDEX_TEMPLATE does for composable templates: objects merge
// field by field, but a field definition replaces the earlier one whole;
// dynamic templates merge by name and _meta deeply.
func mergeTemplateMapping(base, upd jsonout.Object) (jsonout.Object, *apierr.Error) {
	out := append(jsonout.Object{}, base...)
	for _, f := range upd {
		var v any = f.Value
		switch f.Key {
		case "properties":
			old, _ := getObj(out, "properties")
			nw, _ := f.Value.(jsonout.Object)
			merged, err := mergeTemplateProps(old, nw, "")
			if err != nil {
				return nil, err
			}
			v = merged
		case "dynamic_templates":
			old, _ := get(out, "dynamic_templates")
			v = mergeByName(old, f.Value)
		case "_meta":
			old, okOld := getObj(out, "_meta")
			nw, okNew := f.Value.(jsonout.Object)
			if okOld && okNew {
				v = mergeDefaults(append(jsonout.Object{}, nw...), old)
			}
		}
		out = put(out, f.Key, v)
	}
	return out, nil
}

// isObjectMapping tells an object (or nested) field from a leaf field, as
// ObjectMapper.TypeParser decides a definition's type.
func isObjectMapping(def jsonout.Object) bool {
	if t, ok := def.Get("type"); ok {
		return t == "object" || t == "nested"
	}
	if _, ok := def.Get("properties"); ok {
		return true
	}
	_, enabled := def.Get("enabled")
	return len(def) == 1 && enabled
}

func mergeTemplateProps(old, upd jsonout.Object, prefix string) (jsonout.Object, *apierr.Error) {
	out := append(jsonout.Object{}, old...)
	for _, f := range upd {
		nw, _ := f.Value.(jsonout.Object)
		prev, exists := getObj(out, f.Key)
		if !exists || nw == nil {
			out = put(out, f.Key, f.Value)
			continue
		}
		path := prefix + f.Key
		prevObj, nwObj := isObjectMapping(prev), isObjectMapping(nw)
		switch {
		case prevObj && nwObj:
			merged := append(jsonout.Object{}, prev...)
			for _, nf := range nw {
				v := nf.Value
				if nf.Key == "properties" {
					pp, _ := getObj(prev, "properties")
					np, _ := nf.Value.(jsonout.Object)
					m, err := mergeTemplateProps(pp, np, path+".")
					if err != nil {
						return nil, err
					}
					v = m
				}
				merged = put(merged, nf.Key, v)
			}
			out = put(out, f.Key, merged)
		case prevObj != nwObj:
			return nil, apierr.IllegalArgument("can't merge a non object mapping [%s] with an object mapping", path)
		default:
			out = put(out, f.Key, nw) // a field definition replaces the earlier one
		}
	}
	return out, nil
}

// mergeByName merges two dynamic_templates lists: a template of the same
// name is replaced where it stood, new ones are appended.
func mergeByName(old, upd any) any {
	ol, ok1 := old.([]any)
	nl, ok2 := upd.([]any)
	if !ok1 || !ok2 {
		return upd
	}
	out := append([]any{}, ol...)
	for _, n := range nl {
		name := singleKey(n)
		replaced := false
		for i, o := range out {
			if name != "" && singleKey(o) == name {
				out[i], replaced = n, true
				break
			}
		}
		if !replaced {
			out = append(out, n)
		}
	}
	return out
}

func singleKey(v any) string {
	if o, ok := v.(jsonout.Object); ok && len(o) == 1 {
		return o[0].Key
	}
	return ""
}

// mergeDefaults is XContentHelper.mergeDefaults: content keeps its values,
// defaults fill in what it lacks; objects merge deeply, lists of
// single-key objects (dynamic templates) merge by key, other lists are
// combined defaults first without repeats.
func mergeDefaults(content, defaults jsonout.Object) jsonout.Object {
	for _, d := range defaults {
		cv, ok := get(content, d.Key)
		if !ok {
			content = append(content, jsonout.Field{Key: d.Key, Value: d.Value})
			continue
		}
		switch c := cv.(type) {
		case jsonout.Object:
			if dobj, ok := d.Value.(jsonout.Object); ok {
				content = put(content, d.Key, mergeDefaults(append(jsonout.Object{}, c...), dobj))
			}
		case []any:
			if dl, ok := d.Value.([]any); ok {
				content = put(content, d.Key, mergeLists(c, dl))
			}
		}
	}
	return content
}

func mergeLists(content, defaults []any) []any {
	if allSingleKey(content) && allSingleKey(defaults) {
		out := append([]any{}, content...)
		for _, d := range defaults {
			name := singleKey(d)
			found := false
			for i, c := range out {
				if singleKey(c) == name {
					found = true
					co, _ := c.(jsonout.Object)
					do, _ := d.(jsonout.Object)
					out[i] = mergeDefaults(append(jsonout.Object{}, co...), do)
					break
				}
			}
			if !found {
				out = append(out, d)
			}
		}
		return out
	}
	out := append([]any{}, defaults...)
	for _, c := range content {
		if !containsValue(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func allSingleKey(l []any) bool {
	for _, v := range l {
		if singleKey(v) == "" {
			return false
		}
	}
	return true
}

func containsValue(l []any, v any) bool {
	vb, _ := jsonout.Marshal(v)
	for _, e := range l {
		eb, _ := jsonout.Marshal(e)
		if string(eb) == string(vb) {
			return true
		}
	}
	return false
}

func get(o jsonout.Object, key string) (any, bool) { return o.Get(key) }

func getObj(o jsonout.Object, key string) (jsonout.Object, bool) {
	v, ok := o.Get(key)
	if !ok {
		return nil, false
	}
	obj, ok := v.(jsonout.Object)
	return obj, ok
}

// put sets key in o, in place when present, appended otherwise.
func put(o jsonout.Object, key string, v any) jsonout.Object {
	for i := range o {
		if o[i].Key == key {
			o[i].Value = v
			return o
		}
	}
	return append(o, jsonout.Field{Key: key, Value: v})
}
