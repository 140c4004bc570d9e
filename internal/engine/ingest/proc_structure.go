package ingest

import (
	"cmp"
	"sort"
	"strings"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/javacmp"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// This file holds the processors that reshape a document: dot_expander,
// sort and foreach.

// dotExpanderProc is DotExpanderProcessor: a field whose name has dots
// ("a.b") becomes the object path a → b, in the root or under path.
type dotExpanderProc struct {
	field, path string
}

func newDotExpander(s *Service, c *config) (runner, *apierr.Error) {
	field, err := c.str("field")
	if err != nil {
		return nil, err
	}
	// The factory passes "tag" (ConfigurationUtils.TAG_KEY) where the
	// processor type belongs, so these errors say processor_type "tag".
	fail := func(msg string) *apierr.Error { return configError("tag", c.tag, "field", msg) }
	if !strings.Contains(field, ".") {
		return nil, fail("field does not contain a dot")
	}
	if strings.HasPrefix(field, ".") || strings.HasSuffix(field, ".") {
		return nil, fail("Field can't start or end with a dot")
	}
	if strings.Contains(field, "..") {
		return nil, fail("No space between dots")
	}
	p := &dotExpanderProc{field: field}
	if p.path, err = c.optStr("path", ""); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *dotExpanderProc) run(_ *execution, d *Document) *apierr.Error {
	path := p.field
	m := d.Ctx
	if p.path != "" {
		path = p.path + "." + p.field
		v, err := d.Get(p.path)
		if err != nil {
			return err
		}
		if v == nil {
			return apierr.New("null_pointer_exception", "Cannot invoke \"java.util.Map.containsKey(Object)\" because \"map\" is null")
		}
		mm, ok := v.(*painless.Map)
		if !ok {
			return castError(p.path, v, "java.util.Map")
		}
		m = mm
	}
	if _, ok := m.Get(p.field); !ok {
		return nil
	}
	if d.Has(path) {
		v, _ := m.Get(p.field)
		m.Delete(p.field)
		return d.Append(path, v, true)
	}
	// A value field on the way cannot become an object: say so before
	// setFieldValue would fail less clearly.
	for i := strings.IndexByte(path, '.'); i != -1; {
		partial := path[:i]
		if !d.Has(partial) {
			break
		}
		if v, _ := d.Get(partial); !isMap(v) {
			return apierr.IllegalArgument("cannot expend [%s], because [%s] is not an object field, but a value field", path, partial)
		}
		next := strings.IndexByte(path[i+1:], '.')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	v, _ := m.Get(p.field)
	m.Delete(p.field)
	return d.Set(path, v)
}

func isMap(v any) bool { _, ok := v.(*painless.Map); return ok }

// sortProc is SortProcessor: a copy of a list field, sorted ascending or
// descending (Collections.sort), written to target_field.
type sortProc struct {
	field, target string
	desc          bool
}

func newSort(s *Service, c *config) (runner, *apierr.Error) {
	field, err := c.str("field")
	if err != nil {
		return nil, err
	}
	p := &sortProc{field: field}
	if p.target, err = c.optStr("target_field", field); err != nil {
		return nil, err
	}
	order, err := c.optStr("order", "asc")
	if err != nil {
		return nil, err
	}
	switch order {
	case "asc":
	case "desc":
		p.desc = true
	default:
		return nil, c.err("order", "Sort direction ["+order+"] not recognized. Valid values are: [asc, desc]")
	}
	return p, nil
}

func (p *sortProc) run(_ *execution, d *Document) *apierr.Error {
	v, _, err := fieldInput(d, p.field, false, "field [%s] is null, cannot sort.")
	if err != nil {
		return err
	}
	l, ok := v.(*painless.List)
	if !ok {
		return castError(p.field, v, "java.util.List")
	}
	items := append([]any(nil), l.Items...)
	if err := checkComparable(items, p.desc); err != nil {
		return err
	}
	sort.SliceStable(items, func(i, j int) bool {
		if p.desc {
			return compareJava(items[j], items[i]) < 0
		}
		return compareJava(items[i], items[j]) < 0
	})
	return d.Set(p.target, painless.NewList(items))
}

// checkComparable fails as Collections.sort does on values that cannot be
// compared with each other: null, maps and lists, or two classes (the
// first adjacent pair whose classes differ is reported, as the sort's
// first run scan compares neighbours: a[i].compareTo(a[i-1])).
func checkComparable(items []any, desc bool) *apierr.Error {
	for i, it := range items {
		switch it.(type) {
		case nil:
			if len(items) > 1 {
				return apierr.New("null_pointer_exception", "Cannot invoke \"java.lang.Comparable.compareTo(Object)\" because \"a[runHi]\" is null")
			}
		case *painless.Map, *painless.List:
			if len(items) > 1 {
				from := painless.ClassName(it)
				return apierr.New("class_cast_exception", "class "+from+" cannot be cast to class java.lang.Comparable ("+from+" and java.lang.Comparable are in module java.base of loader 'bootstrap')")
			}
		}
		if i == 0 {
			continue
		}
		recv, arg := items[i], items[i-1]
		if desc { // reverseOrder compares the other way round
			recv, arg = arg, recv
		}
		if painless.ClassName(recv) != painless.ClassName(arg) {
			return apierr.New("class_cast_exception", javaCastMessage(arg, painless.ClassName(recv)))
		}
	}
	return nil
}

// compareJava is compareTo for two values of one class.
func compareJava(a, b any) int {
	switch x := a.(type) {
	case string:
		return compareUTF16(x, b.(string))
	case int32:
		return cmp.Compare(x, b.(int32))
	case int64:
		return cmp.Compare(x, b.(int64))
	case float32:
		return javacmp.Double(float64(x), float64(b.(float32)))
	case float64:
		return javacmp.Double(x, b.(float64))
	case bool:
		y := b.(bool)
		switch {
		case x == y:
			return 0
		case x:
			return 1
		}
		return -1
	}
	return 0
}

// compareUTF16 is String.compareTo: UTF-16 code unit order.
func compareUTF16(a, b string) int {
	x, y := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			return int(x[i]) - int(y[i])
		}
	}
	return len(x) - len(y)
}

// foreachProc is ForEachProcessor: one processor run on each element of a
// list, the element in _ingest._value; the list gets the results.
type foreachProc struct {
	field         string
	ignoreMissing bool
	inner         *processor
}

func newForeach(s *Service, c *config) (runner, *apierr.Error) {
	field, err := c.str("field")
	if err != nil {
		return nil, err
	}
	p := &foreachProc{field: field}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	v, ok := c.take("processor")
	if !ok || v == nil {
		return nil, c.err("processor", "required property is missing")
	}
	m, isMap := v.(*painless.Map)
	if !isMap {
		return nil, c.err("processor", "property isn't a map, but of type ["+painless.ClassName(v)+"]")
	}
	if m.Len() != 1 {
		return nil, c.err("processor", "Must specify exactly one processor type")
	}
	typ := painless.ToJavaString(m.Keys()[0])
	if p.inner, err = s.parseProcessor(typ, m.Values()[0]); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *foreachProc) run(x *execution, d *Document) *apierr.Error {
	v, skip, err := fieldInput(d, p.field, p.ignoreMissing, "field [%s] is null, cannot loop over its elements.")
	if err != nil || skip {
		return err
	}
	l, ok := v.(*painless.List)
	if !ok {
		return castError(p.field, v, "java.util.List")
	}
	values := append([]any(nil), l.Items...)
	out := make([]any, 0, len(values))
	// The verbose simulation traces the foreach processor, not its inner
	// one (TrackingResultProcessor does not unwrap it).
	trace := x.trace
	x.trace = nil
	defer func() { x.trace = trace }()
	for _, val := range values {
		prev, _ := d.Ingest.Get("_value")
		d.Ingest.Set("_value", val)
		ierr := x.execOne(p.inner, d)
		cur, _ := d.Ingest.Get("_value")
		d.Ingest.Set("_value", prev) // a null previous value stays as a null key, as Map.put leaves it
		out = append(out, cur)
		if ierr != nil {
			// Only a processor with its own on_failure or ignore_failure is
			// wrapped in a CompoundProcessor that names it; otherwise the
			// failure is the foreach processor's.
			if x.failed && x.failType == p.inner.typ && x.failTag == p.inner.tag && len(p.inner.onFailure) == 0 && !p.inner.ignoreFailure {
				x.failed = false
			}
			return ierr
		}
		if d.Dropped {
			return nil
		}
	}
	return d.Set(p.field, painless.NewList(out))
}
