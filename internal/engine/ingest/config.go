package ingest

import (
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// config reads one processor's (or pipeline's) options, consuming each key it reads so
// leftovers can be reported, as ConfigurationUtils does.
type config struct {
	typ, tag string
	m        *painless.Map
}

// configError is ConfigurationUtils.newConfigurationException: a parse_exception whose
// reason is "[property] reason", with the processor type, tag and property as metadata
// (printed in the order OpenSearchException's metadata HashMap iterates them).
func configError(typ, tag, property, reason string) *apierr.Error {
	msg := reason
	if property != "" {
		msg = "[" + property + "] " + reason
	}
	meta := painless.NewHashMap(3)
	if typ != "" {
		meta.Set("opensearch.processor_type", typ)
	}
	if tag != "" {
		meta.Set("opensearch.processor_tag", tag)
	}
	if property != "" {
		meta.Set("opensearch.property_name", property)
	}
	e := apierr.New(apierr.TypeParse, msg)
	keys, vals := meta.Keys(), meta.Values()
	for i, k := range keys {
		e.Meta = append(e.Meta, apierr.Meta{Key: strings.TrimPrefix(k.(string), "opensearch."), Value: vals[i]})
	}
	return e
}

func (c *config) err(property, reason string) *apierr.Error {
	return configError(c.typ, c.tag, property, reason)
}

func (c *config) take(key string) (any, bool) {
	v, ok := c.m.Get(key)
	if ok {
		c.m.Delete(key)
	}
	return v, ok
}

// str reads a required string property.
func (c *config) str(key string) (string, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return "", c.err(key, "required property is missing")
	}
	s, isStr := v.(string)
	if !isStr {
		return "", c.err(key, "property isn't a string, but of type ["+painless.ClassName(v)+"]")
	}
	return s, nil
}

// optStr reads an optional string property.
func (c *config) optStr(key, def string) (string, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return def, nil
	}
	s, isStr := v.(string)
	if !isStr {
		return "", c.err(key, "property isn't a string, but of type ["+painless.ClassName(v)+"]")
	}
	return s, nil
}

// optBool reads an optional boolean property (true/false or their strings).
func (c *config) optBool(key string, def bool) (bool, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return def, nil
	}
	switch x := v.(type) {
	case bool:
		return x, nil
	case string:
		if x == "true" || x == "false" {
			return x == "true", nil
		}
	}
	return false, c.err(key, "property isn't a boolean, but of type ["+painless.ClassName(v)+"]")
}

// value reads a required property of any type.
func (c *config) value(key string) (any, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return nil, c.err(key, "required property is missing")
	}
	return v, nil
}

// strList reads a required property that is a string or a list of strings.
func (c *config) strList(key string) ([]string, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return nil, c.err(key, "required property is missing")
	}
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case *painless.List:
		out := make([]string, 0, len(x.Items))
		for _, it := range x.Items {
			s, ok := it.(string)
			if !ok {
				return nil, c.err(key, "property isn't a list of strings")
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, c.err(key, "property isn't a list, but of type ["+painless.ClassName(v)+"]")
}

// leftovers reports options the processor does not know.
func (c *config) leftovers() *apierr.Error {
	if c.m.Len() == 0 {
		return nil
	}
	return configError(c.typ, c.tag, "", "processor ["+c.typ+"] doesn't support one or more provided configuration parameters ["+hashOrder(c.m)+"]")
}

// hashOrder lists a config map's keys as Arrays.toString(keySet) prints them:
// the body was parsed into a HashMap, so in its iteration order.
func hashOrder(m *painless.Map) string {
	set := painless.NewHashMap(0) // a parsed map starts at the default capacity
	for _, k := range m.Keys() {
		set.Set(painless.ToJavaString(k), true)
	}
	names := make([]string, 0, set.Len())
	for _, k := range set.Keys() {
		names = append(names, k.(string))
	}
	return strings.Join(names, ", ")
}

// template is a string property that may hold mustache placeholders ({{field}} and
// {{{field}}}); anything else mustache offers is not supported by the fake.
type template struct {
	parts []tmplPart
}

type tmplPart struct {
	lit  string
	path string // set for a placeholder
}

func (c *config) template(key, s string) (*template, *apierr.Error) {
	t := &template{}
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			break
		}
		if i > 0 {
			t.parts = append(t.parts, tmplPart{lit: s[:i]})
		}
		s = s[i+2:]
		closer := "}}"
		if strings.HasPrefix(s, "{") {
			s, closer = s[1:], "}}}"
		}
		j := strings.Index(s, closer)
		if j < 0 {
			return nil, c.err(key, "Improperly closed variable in query-template")
		}
		name := strings.TrimSpace(s[:j])
		if name == "" || strings.ContainsAny(name, "#^/>!&=") {
			return nil, c.err(key, "mustache sections, partials and comments are not supported by the fake")
		}
		t.parts = append(t.parts, tmplPart{path: name})
		s = s[j+len(closer):]
	}
	if s != "" {
		t.parts = append(t.parts, tmplPart{lit: s})
	}
	return t, nil
}

// static reports whether the template has no placeholder.
func (t *template) static() bool {
	for _, p := range t.parts {
		if p.path != "" {
			return false
		}
	}
	return true
}

// render fills the placeholders from the document; a missing field renders empty, as
// mustache does.
func (t *template) render(d *Document) string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.path == "" {
			b.WriteString(p.lit)
			continue
		}
		v, err := d.Get(p.path)
		if err != nil || v == nil {
			continue
		}
		b.WriteString(mustacheString(v))
	}
	return b.String()
}

// mustacheString prints a value as the mustache engine does: maps and lists as JSON-ish
// toString, numbers and strings plainly.
func mustacheString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return painless.ToJavaString(v)
}

// valueTemplate compiles a value property: strings are templates, maps and lists have
// their strings rendered recursively, other values are kept.
type valueTemplate struct {
	v any
	t *template
}

func (c *config) valueTemplate(key string, v any) (*valueTemplate, *apierr.Error) {
	if s, ok := v.(string); ok {
		t, err := c.template(key, s)
		if err != nil {
			return nil, err
		}
		if !t.static() {
			return &valueTemplate{t: t}, nil
		}
	}
	return &valueTemplate{v: v}, nil
}

func (vt *valueTemplate) render(d *Document) any {
	if vt.t != nil {
		return vt.t.render(d)
	}
	return deepCopy(vt.v)
}

// deepCopy copies maps and lists so a configured value is never shared by documents.
// A map or list that contains itself (a script can make one) is not copied
// again inside itself: the copy keeps the original reference there.
func deepCopy(v any) any { return copyValue(v, map[any]bool{}) }

func copyValue(v any, onPath map[any]bool) any {
	switch x := v.(type) {
	case *painless.Map:
		if onPath[x] {
			return x
		}
		onPath[x] = true
		defer delete(onPath, x)
		out := painless.NewHashMap(x.Len())
		keys, vals := x.Keys(), x.Values()
		for i, k := range keys {
			out.Set(k, copyValue(vals[i], onPath))
		}
		return out
	case *painless.List:
		if onPath[x] {
			return x
		}
		onPath[x] = true
		defer delete(onPath, x)
		items := make([]any, len(x.Items))
		for i, it := range x.Items {
			items[i] = copyValue(it, onPath)
		}
		return painless.NewList(items)
	}
	return v
}
