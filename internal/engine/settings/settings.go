// Package settings holds index settings: parsing request bodies (nested or
// flat, with or without the "index." prefix), validating known settings, and
// rendering them nested (in the real server's key order) or flat (sorted).
package settings

import (
	"encoding/json"
	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Value is a setting value: a string, or a list of strings.
type Value struct {
	Str  string
	List []string
	// IsList tells a one-element list from a string.
	IsList bool
	// Null marks a JSON null: in an update it resets the setting.
	Null bool
}

// json renders the value as the server does (strings, lists as arrays).
func (v Value) json() any {
	if v.IsList {
		return append([]string{}, v.List...)
	}
	return v.Str
}

// Settings is a flat map of full setting keys ("index.number_of_shards") to values.
// It is not safe for concurrent mutation; indices treat it as immutable once built.
type Settings map[string]Value

// Get returns a string setting and whether it is set.
func (s Settings) Get(key string) (string, bool) {
	v, ok := s[key]
	if !ok || v.IsList || v.Null {
		return "", false
	}
	return v.Str, true
}

// Set sets a string setting.
func (s Settings) Set(key, value string) { s[key] = Value{Str: value} }

// Keys returns the keys sorted, as Settings' TreeMap iterates them.
func (s Settings) Keys() []string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Flatten turns a decoded JSON object (jsonout.Object) into flat settings,
// prefixing "index." where missing. It returns the offending key on a value
// that cannot be a setting (an object inside a list).
func Flatten(obj jsonout.Object) (Settings, error) {
	out := Settings{}
	if err := flattenInto(out, "", obj); err != nil {
		return nil, err
	}
	fixed := Settings{}
	for k, v := range out {
		if !strings.HasPrefix(k, "index.") {
			k = "index." + k
		}
		fixed[k] = v
	}
	return fixed, nil
}

// errNotSetting reports a JSON value that settings cannot hold.
type errNotSetting struct{ key string }

func (e errNotSetting) Error() string { return "setting [" + e.key + "] has an unsupported value" }

func flattenInto(out Settings, prefix string, obj jsonout.Object) error {
	for _, f := range obj {
		key := f.Key
		if prefix != "" {
			key = prefix + "." + f.Key
		}
		switch v := f.Value.(type) {
		case jsonout.Object:
			if err := flattenInto(out, key, v); err != nil {
				return err
			}
		case []any:
			list := make([]string, 0, len(v))
			for _, e := range v {
				s, ok := scalar(e)
				if !ok {
					return errNotSetting{key}
				}
				list = append(list, s)
			}
			out[key] = Value{List: list, IsList: true}
		case nil:
			// null resets a setting to its default (meaningful in updates).
			out[key] = Value{Null: true}
		default:
			s, ok := scalar(v)
			if !ok {
				return errNotSetting{key}
			}
			out[key] = Value{Str: s}
		}
	}
	return nil
}

func scalar(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		if x {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

// Match reports whether key is selected by one of the name filters of
// GET _settings/<name> ("_all", exact names, "*" wildcards).
func Match(key string, names []string) bool {
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if n == "_all" || n == key {
			return true
		}
		if strings.Contains(n, "*") && wildcard.Simple(n, key) {
			return true
		}
	}
	return false
}

// Filter returns the settings selected by names.
func (s Settings) Filter(names []string) Settings {
	out := Settings{}
	for k, v := range s {
		if Match(k, names) {
			out[k] = v
		}
	}
	return out
}

// Flat renders {"index.a":"1",...} with sorted keys.
func (s Settings) Flat() jsonout.Object {
	o := make(jsonout.Object, 0, len(s))
	for _, k := range s.Keys() {
		o = append(o, jsonout.Field{Key: k, Value: s[k].json()})
	}
	return o
}

// Nested renders the settings as nested objects, each level in the key order
// of the Java HashMap the server builds (see structuredOrder).
func (s Settings) Nested() jsonout.Object {
	type node struct {
		children map[string]*node
		order    []string
		value    *Value
	}
	root := &node{children: map[string]*node{}}
	for _, k := range s.Keys() {
		n := root
		for _, part := range strings.Split(k, ".") {
			c, ok := n.children[part]
			if !ok {
				c = &node{children: map[string]*node{}}
				n.children[part] = c
				n.order = append(n.order, part)
			}
			n = c
		}
		v := s[k]
		n.value = &v
	}
	var render func(n *node) any
	render = func(n *node) any {
		if n.value != nil && len(n.children) == 0 {
			return n.value.json()
		}
		o := jsonout.Object{}
		for _, k := range structuredOrder(n.order) {
			o = append(o, jsonout.Field{Key: k, Value: render(n.children[k])})
		}
		return o
	}
	return render(root).(jsonout.Object)
}
