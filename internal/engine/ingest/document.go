package ingest

import (
	"errors"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// Metadata field names of an IngestDocument, in IngestDocument.Metadata order.
var metadataFields = [...]string{"_index", "_id", "_routing", "_version", "_version_type", "_if_seq_no", "_if_primary_term"}

// Document is an IngestDocument: source and metadata in one HashMap, plus the ingest
// metadata (_ingest.timestamp and the on_failure fields).
type Document struct {
	// Ctx is the source-and-metadata map scripts see as ctx.
	Ctx *painless.Map
	// Ingest is the _ingest metadata map.
	Ingest *painless.Map
	// Dropped is set by the drop processor.
	Dropped bool
	// pipelines is the stack of pipeline ids being executed (cycle detection).
	pipelines []string
}

// Meta holds the request metadata a Document starts from and is read back into.
type Meta struct {
	Index, ID, Routing string
	// HasID is false for an auto-generated id (ctx._id is null).
	HasID bool
	// Version is the request version (-3, Versions.MATCH_ANY, when none was given).
	Version     int64
	VersionType string
	// NoVersion leaves _version and _version_type out (simulate documents without them).
	NoVersion bool
}

// NewDocument builds the document for source (a JSON object) and the request metadata.
// timestamp is _ingest.timestamp as it prints.
func NewDocument(source []byte, m Meta, timestamp string) (*Document, *apierr.Error) {
	v, err := painless.ParseJSONHashMap(source)
	if err != nil {
		return nil, apierr.MapperParsing("failed to parse")
	}
	src, ok := v.(*painless.Map)
	if !ok {
		return nil, apierr.MapperParsing("failed to parse")
	}
	ctx := painless.NewHashMap(src.Len() + 5)
	keys, vals := src.Keys(), src.Values()
	for i, k := range keys {
		ctx.Set(k, vals[i])
	}
	ctx.Set("_index", m.Index)
	if m.HasID {
		ctx.Set("_id", m.ID)
	} else {
		ctx.Set("_id", nil)
	}
	if m.Routing != "" {
		ctx.Set("_routing", m.Routing)
	}
	if !m.NoVersion {
		ctx.Set("_version", m.Version)
	}
	if m.VersionType != "" && !m.NoVersion {
		ctx.Set("_version_type", m.VersionType)
	}
	ing := painless.NewHashMap(4)
	ing.Set("timestamp", timestamp)
	return &Document{Ctx: ctx, Ingest: ing}, nil
}

// Meta reads the metadata fields back (processors may have changed them).
func (d *Document) Meta() Meta {
	var m Meta
	m.Index = metaString(d.Ctx, "_index")
	id, ok := d.Ctx.Get("_id")
	if ok && id != nil {
		m.ID, m.HasID = painless.ToJavaString(id), true
	}
	m.Routing = metaString(d.Ctx, "_routing")
	m.Version = -3
	switch v := mustGet(d.Ctx, "_version").(type) {
	case int32:
		m.Version = int64(v)
	case int64:
		m.Version = v
	}
	m.VersionType = metaString(d.Ctx, "_version_type")
	return m
}

func mustGet(m *painless.Map, k string) any { v, _ := m.Get(k); return v }

func metaString(m *painless.Map, k string) string {
	v, ok := m.Get(k)
	if !ok || v == nil {
		return ""
	}
	return painless.ToJavaString(v)
}

// Source returns the source map without the metadata fields, as a new HashMap.
func (d *Document) Source() *painless.Map {
	out := painless.NewHashMap(d.Ctx.Len())
	keys, vals := d.Ctx.Keys(), d.Ctx.Values()
	for i, k := range keys {
		if s, ok := k.(string); ok && isMetadata(s) {
			continue
		}
		out.Set(k, vals[i])
	}
	return out
}

// SourceJSON encodes the source as OpenSearch writes it back (HashMap order).
func (d *Document) SourceJSON() ([]byte, *apierr.Error) {
	b, err := painless.EncodeJSON(d.Source())
	if err != nil {
		reason := err.Error()
		var pe *painless.Exception
		if errors.As(err, &pe) {
			reason = pe.Reason // the message alone, not "type: message"
		}
		return nil, apierr.IllegalArgument("%s", reason)
	}
	return b, nil
}

func isMetadata(k string) bool {
	for _, f := range metadataFields {
		if f == k {
			return true
		}
	}
	return false
}

// root picks the map a path starts from and strips its prefix.
func (d *Document) root(path string) (*painless.Map, string, *apierr.Error) {
	if path == "" {
		return nil, "", apierr.IllegalArgument("path cannot be null nor empty")
	}
	switch {
	case strings.HasPrefix(path, "_ingest."):
		return d.Ingest, path[len("_ingest."):], nil
	case strings.HasPrefix(path, "_source."):
		return d.Ctx, path[len("_source."):], nil
	}
	return d.Ctx, path, nil
}

// step resolves one path element inside a container.
func step(cur any, key, path string) (any, *apierr.Error) {
	switch c := cur.(type) {
	case nil:
		return nil, apierr.IllegalArgument("cannot resolve [%s] from null as part of path [%s]", key, path)
	case *painless.Map:
		v, ok := c.Get(key)
		if !ok {
			return nil, apierr.IllegalArgument("field [%s] not present as part of path [%s]", key, path)
		}
		return v, nil
	case *painless.List:
		i, err := listIndex(c, key, path)
		if err != nil {
			return nil, err
		}
		return c.Items[i], nil
	}
	return nil, apierr.IllegalArgument("cannot resolve [%s] from object of type [%s] as part of path [%s]", key, painless.ClassName(cur), path)
}

func listIndex(l *painless.List, key, path string) (int, *apierr.Error) {
	i, err := strconv.Atoi(key)
	if err != nil {
		return 0, apierr.IllegalArgument("[%s] is not an integer, cannot be used as an index as part of path [%s]", key, path)
	}
	if i < 0 || i >= len(l.Items) {
		return 0, apierr.IllegalArgument("[%s] is out of bounds for array with length [%d] as part of path [%s]", key, len(l.Items), path)
	}
	return i, nil
}

// Get returns the value at path (IngestDocument.getFieldValue).
func (d *Document) Get(path string) (any, *apierr.Error) {
	m, rest, err := d.root(path)
	if err != nil {
		return nil, err
	}
	var cur any = m
	for _, k := range strings.Split(rest, ".") {
		if cur, err = step(cur, k, path); err != nil {
			return nil, err
		}
	}
	return cur, nil
}

// Has reports whether path resolves (IngestDocument.hasField).
func (d *Document) Has(path string) bool {
	_, err := d.Get(path)
	return err == nil
}

// parent resolves every element but the last, creating missing maps when create is set.
func (d *Document) parent(path string, create bool) (any, string, *apierr.Error) {
	m, rest, err := d.root(path)
	if err != nil {
		return nil, "", err
	}
	keys := strings.Split(rest, ".")
	var cur any = m
	for _, k := range keys[:len(keys)-1] {
		switch c := cur.(type) {
		case *painless.Map:
			v, ok := c.Get(k)
			if !ok && create {
				v = painless.NewHashMap(1)
				c.Set(k, v)
			} else if !ok {
				return nil, "", apierr.IllegalArgument("field [%s] not present as part of path [%s]", k, path)
			}
			cur = v
		case *painless.List:
			i, err := listIndex(c, k, path)
			if err != nil {
				return nil, "", err
			}
			cur = c.Items[i]
		case nil:
			if create {
				return nil, "", apierr.IllegalArgument("cannot set [%s] with null parent as part of path [%s]", k, path)
			}
			return nil, "", apierr.IllegalArgument("cannot resolve [%s] from null as part of path [%s]", k, path)
		default:
			if create {
				return nil, "", apierr.IllegalArgument("cannot set [%s] with parent object of type [%s] as part of path [%s]", k, painless.ClassName(cur), path)
			}
			return nil, "", apierr.IllegalArgument("cannot resolve [%s] from object of type [%s] as part of path [%s]", k, painless.ClassName(cur), path)
		}
	}
	return cur, keys[len(keys)-1], nil
}

// Set puts v at path, creating intermediate maps (IngestDocument.setFieldValue).
func (d *Document) Set(path string, v any) *apierr.Error { return d.put(path, v, false, true) }

// Append adds v (a value or a list of values) to the field at path, turning a single
// value into a list (IngestDocument.appendFieldValue).
func (d *Document) Append(path string, v any, allowDuplicates bool) *apierr.Error {
	return d.put(path, v, true, allowDuplicates)
}

func (d *Document) put(path string, v any, appendMode, allowDuplicates bool) *apierr.Error {
	p, last, err := d.parent(path, true)
	if err != nil {
		return err
	}
	switch c := p.(type) {
	case *painless.Map:
		if appendMode {
			old, ok := c.Get(last)
			if !ok {
				c.Set(last, appendValues(nil, v, allowDuplicates))
				return nil
			}
			c.Set(last, appendValues(old, v, allowDuplicates))
			return nil
		}
		c.Set(last, v)
		return nil
	case *painless.List:
		i, err := listIndex(c, last, path)
		if err != nil {
			return err
		}
		if appendMode {
			c.Items[i] = appendValues(c.Items[i], v, allowDuplicates)
		} else {
			c.Items[i] = v
		}
		return nil
	case nil:
		return apierr.IllegalArgument("cannot set [%s] with null parent as part of path [%s]", last, path)
	}
	return apierr.IllegalArgument("cannot set [%s] with parent object of type [%s] as part of path [%s]", last, painless.ClassName(p), path)
}

// appendValues appends v's values to old (nil: a new list), as IngestDocument does.
func appendValues(old, v any, allowDuplicates bool) *painless.List {
	var list *painless.List
	switch o := old.(type) {
	case nil:
		list = painless.NewList(nil)
	case *painless.List:
		list = o
	default:
		list = painless.NewList([]any{o})
	}
	add := func(x any) {
		if !allowDuplicates {
			for _, have := range list.Items {
				if equalValues(have, x) {
					return
				}
			}
		}
		list.Items = append(list.Items, x)
	}
	if l, ok := v.(*painless.List); ok {
		for _, x := range l.Items {
			add(x)
		}
	} else {
		add(v)
	}
	return list
}

func equalValues(a, b any) bool {
	switch a.(type) {
	case *painless.Map, *painless.List:
		x, _ := painless.EncodeJSON(a)
		y, _ := painless.EncodeJSON(b)
		return string(x) == string(y)
	}
	return a == b
}

// Remove deletes the field at path (IngestDocument.removeField).
func (d *Document) Remove(path string) *apierr.Error {
	p, last, err := d.parent(path, false)
	if err != nil {
		return err
	}
	switch c := p.(type) {
	case *painless.Map:
		if _, ok := c.Get(last); !ok {
			return apierr.IllegalArgument("field [%s] not present as part of path [%s]", last, path)
		}
		c.Delete(last)
		return nil
	case *painless.List:
		i, err := listIndex(c, last, path)
		if err != nil {
			return err
		}
		c.Items = append(c.Items[:i:i], c.Items[i+1:]...)
		return nil
	case nil:
		return apierr.IllegalArgument("cannot remove [%s] from null as part of path [%s]", last, path)
	}
	return apierr.IllegalArgument("cannot remove [%s] from object of type [%s] as part of path [%s]", last, painless.ClassName(p), path)
}

// AppendSimulated renders the document as simulate prints it: the metadata fields that
// are set (as strings: WriteableIngestDocument prints their toString()), then _source
// and _ingest. A document a script made self-referencing is an
// error, as its serialization is on the server.
func (d *Document) AppendSimulated(dst []byte) ([]byte, *apierr.Error) {
	dst = append(dst, '{')
	for _, f := range metadataFields {
		v, ok := d.Ctx.Get(f)
		if !ok || v == nil {
			continue
		}
		if _, isStr := v.(string); !isStr {
			if _, err := painless.EncodeJSON(v); err != nil {
				return nil, apierr.IllegalArgument("%s", err.Error())
			}
		}
		dst = painless.AppendJSON(append(painless.AppendJSON(dst, f), ':'), painless.ToJavaString(v))
		dst = append(dst, ',')
	}
	src, err := d.SourceJSON()
	if err != nil {
		return nil, err
	}
	ing, ierr := painless.EncodeJSON(d.Ingest)
	if ierr != nil {
		return nil, apierr.IllegalArgument("%s", ierr.Error())
	}
	dst = append(append(dst, `"_source":`...), src...)
	dst = append(append(dst, `,"_ingest":`...), ing...)
	return append(dst, '}'), nil
}
