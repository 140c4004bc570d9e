package clustersettings

import (
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

// Render prints settings as the cluster settings APIs do: flat (sorted
// keys) or nested, each level in the order of the HashMap(2) that
// Settings.getAsStructuredMap fills in key order. (These maps start at
// capacity 2, so small levels order differently from a default HashMap.)
func Render(s settings.Settings, flat bool) jsonout.Object {
	if flat {
		return s.Flat()
	}
	type node struct {
		children map[string]*node
		order    []string
		value    any
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
		if v := s[k]; v.IsList {
			n.value = append([]string{}, v.List...)
		} else {
			n.value = v.Str
		}
	}
	var render func(n *node) jsonout.Object
	render = func(n *node) jsonout.Object {
		o := jsonout.Object{}
		for _, k := range hashMap2Order(n.order) {
			c := n.children[k]
			if len(c.children) == 0 {
				o = append(o, jsonout.Field{Key: k, Value: c.value})
			} else {
				o = append(o, jsonout.Field{Key: k, Value: render(c)})
			}
		}
		return o
	}
	return render(root)
}

// hashMap2Order is the iteration order of a java.util.HashMap created with
// initial capacity 2 and filled with keys in order: the table doubles each
// time the size passes three quarters of it; entries iterate by bucket,
// a bucket in insertion order.
func hashMap2Order(keys []string) []string {
	capacity, threshold := 2, 1
	for len(keys) > threshold {
		capacity *= 2
		threshold = capacity * 3 / 4
	}
	bucket := func(k string) int {
		h := javaHash(k)
		h ^= int32(uint32(h) >> 16)
		return int(uint32(h) & uint32(capacity-1))
	}
	out := append([]string{}, keys...)
	sort.SliceStable(out, func(i, j int) bool { return bucket(out[i]) < bucket(out[j]) })
	return out
}

// javaHash is String.hashCode over UTF-16 code units.
func javaHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + int32(0xD800+(r>>10))
			h = 31*h + int32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + int32(r)
	}
	return h
}
