package ingest

import (
	"regexp"
	"sort"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
	upd "github.com/clustersearch/clustersearch-go/internal/engine/update"
)

// factory parses a processor's own options.
type factory func(s *Service, c *config) (runner, *apierr.Error)

// factories are the processors the fake implements.
var factories = map[string]factory{
	"set": newSet, "remove": newRemove, "rename": newRename, "append": newAppend,
	"split": newSplit, "join": newJoin, "lowercase": newCase(strings.ToLower), "uppercase": newCase(strings.ToUpper),
	"trim": newCase(strings.TrimSpace), "convert": newConvert, "script": newScript, "date": newDate,
	"gsub": newGsub, "json": newJSON, "fail": newFail, "drop": newDrop, "pipeline": newPipelineProc,
	"bytes": newStringFn(bytesValue), "urldecode": newStringFn(urlDecode), "dissect": newDissect, "kv": newKV,
	"grok": newGrok, "dot_expander": newDotExpander, "sort": newSort, "csv": newCSV, "html_strip": newHTMLStrip,
	"date_index_name": newDateIndexName, "copy": newCopy, "remove_by_pattern": newRemoveByPattern,
	"fingerprint": newFingerprint, "community_id": newCommunityID,
}

// factoryOf finds a processor type's factory. Wrapping processors (foreach)
// parse their inner processor through parseProcessor, which reads
// factories, so they cannot sit in that map's initializer.
func factoryOf(typ string) (factory, bool) {
	if typ == "foreach" {
		return newForeach, true
	}
	f, ok := factories[typ]
	return f, ok
}

// ProcessorTypes lists the processor types the fake runs, sorted, as nodes
// info prints them.
func ProcessorTypes() []string {
	out := make([]string, 0, len(factories)+1)
	out = append(out, "foreach")
	for k := range factories {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// unsupportedProcessors exist in OpenSearch 2.x (ingest-common and bundled modules) but
// not in the fake: they get a clear "not supported" error instead of the
// "No processor type exists" a real server would never give for them.
var unsupportedProcessors = map[string]bool{
	"geoip": true, "ip2geo": true, "user_agent": true,
	"uri_parts": true, "attachment": true, "text_embedding": true, "sparse_encoding": true,
	"text_image_embedding": true, "text_chunking": true,
}

type setProc struct {
	field            *template
	value            *valueTemplate
	override, ignore bool
}

func newSet(s *Service, c *config) (runner, *apierr.Error) {
	f, err := c.str("field")
	if err != nil {
		return nil, err
	}
	p := &setProc{}
	if p.field, err = c.template("field", f); err != nil {
		return nil, err
	}
	if p.value, err = valueTemplateProp(c, "value"); err != nil {
		return nil, err
	}
	if p.override, err = c.optBool("override", true); err != nil {
		return nil, err
	}
	if p.ignore, err = c.optBool("ignore_empty_value", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *setProc) run(_ *execution, d *Document) *apierr.Error {
	field := p.field.render(d)
	v := p.value.render(d)
	if p.ignore && (v == nil || v == "") {
		return nil
	}
	if !p.override && d.Has(field) {
		if old, _ := d.Get(field); old != nil {
			return nil
		}
	}
	return d.Set(field, v)
}

type removeProc struct {
	fields        []*template
	ignoreMissing bool
}

func newRemove(s *Service, c *config) (runner, *apierr.Error) {
	names, err := c.strList("field")
	if err != nil {
		return nil, err
	}
	p := &removeProc{}
	for _, n := range names {
		t, err := c.template("field", n)
		if err != nil {
			return nil, err
		}
		p.fields = append(p.fields, t)
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	return p, nil
}

// run is RemoveProcessor.execute: a rendered path that is empty or missing
// fails (unless ignore_missing), and _index, _version, _version_type (or _id
// with an external version) cannot be removed.
func (p *removeProc) run(_ *execution, d *Document) *apierr.Error {
	for _, t := range p.fields {
		f := t.render(d)
		if f == "" || !d.Has(f) {
			switch {
			case p.ignoreMissing:
				continue
			case f == "":
				return apierr.IllegalArgument("field path cannot be null nor empty")
			}
			return apierr.IllegalArgument("field [%s] doesn't exist", f)
		}
		switch f {
		case "_index", "_version", "_version_type":
			return apierr.IllegalArgument("cannot remove metadata field [%s]", f)
		case "_id":
			if vt, err := d.Get("_version_type"); err == nil && vt != nil && vt != "internal" {
				v, _ := d.Get("_version")
				return apierr.IllegalArgument("cannot remove metadata field [_id] when specifying external version for the document, version: %s, version_type: %s",
					painless.ToJavaString(v), painless.ToJavaString(vt))
			}
		}
		if err := d.Remove(f); err != nil {
			return err
		}
	}
	return nil
}

type renameProc struct {
	field, target                 *template
	ignoreMissing, overrideTarget bool
}

func newRename(s *Service, c *config) (runner, *apierr.Error) {
	p := &renameProc{}
	var err *apierr.Error
	if p.field, err = templateProp(c, "field", true); err != nil {
		return nil, err
	}
	if p.target, err = templateProp(c, "target_field", true); err != nil {
		return nil, err
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	if p.overrideTarget, err = c.optBool("override_target", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *renameProc) run(_ *execution, d *Document) *apierr.Error {
	from, to := p.field.render(d), p.target.render(d)
	if from == "" || !d.Has(from) {
		switch {
		case p.ignoreMissing:
			return nil
		case from == "":
			return apierr.IllegalArgument("field path cannot be null nor empty")
		}
		return apierr.IllegalArgument("field [%s] doesn't exist", from)
	}
	if d.Has(to) && !p.overrideTarget {
		return apierr.IllegalArgument("field [%s] already exists", to)
	}
	v, _ := d.Get(from)
	if err := d.Remove(from); err != nil {
		return err
	}
	if err := d.Set(to, v); err != nil {
		_ = d.Set(from, v) // put the value back, as RenameProcessor does
		return err
	}
	return nil
}

// templateProp reads a string property as a template (required or optional).
func templateProp(c *config, key string, required bool) (*template, *apierr.Error) {
	var s string
	var err *apierr.Error
	if required {
		s, err = c.str(key)
	} else {
		s, err = c.optStr(key, "")
	}
	if err != nil || s == "" {
		return nil, err
	}
	return c.template(key, s)
}

// valueTemplateProp reads the required option key (set's and append's
// value): any JSON value, whose strings are templates.
func valueTemplateProp(c *config, key string) (*valueTemplate, *apierr.Error) {
	v, err := c.value(key)
	if err != nil {
		return nil, err
	}
	return c.valueTemplate(key, v)
}

type appendProc struct {
	field      *template
	value      *valueTemplate
	duplicates bool
}

func newAppend(s *Service, c *config) (runner, *apierr.Error) {
	p := &appendProc{}
	var err *apierr.Error
	if p.field, err = templateProp(c, "field", true); err != nil {
		return nil, err
	}
	if p.value, err = valueTemplateProp(c, "value"); err != nil {
		return nil, err
	}
	if p.duplicates, err = c.optBool("allow_duplicates", true); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *appendProc) run(_ *execution, d *Document) *apierr.Error {
	return d.Append(p.field.render(d), p.value.render(d), p.duplicates)
}

// fieldProc holds the field / target_field / ignore_missing options many processors share.
type fieldProc struct {
	field, target string
	ignoreMissing bool
}

func readFieldProc(c *config, withTarget bool) (fieldProc, *apierr.Error) {
	var f fieldProc
	var err *apierr.Error
	if f.field, err = c.str("field"); err != nil {
		return f, err
	}
	if withTarget {
		if f.target, err = c.optStr("target_field", f.field); err != nil {
			return f, err
		}
	}
	f.ignoreMissing, err = c.optBool("ignore_missing", false)
	return f, err
}

// input reads the field: skip is true when it is missing or null and ignore_missing is set.
func (f *fieldProc) input(d *Document, nullMsg string) (v any, skip bool, err *apierr.Error) {
	return fieldInput(d, f.field, f.ignoreMissing, nullMsg)
}

// fieldInput reads field for a processor: skip is true when it is missing
// or null and ignoreMissing is set; a null otherwise fails with nullMsg
// (which names the field with %s).
func fieldInput(d *Document, field string, ignoreMissing bool, nullMsg string) (v any, skip bool, err *apierr.Error) {
	v, err = d.Get(field)
	if err != nil {
		if ignoreMissing {
			return nil, true, nil
		}
		return nil, false, err
	}
	if v == nil {
		if ignoreMissing {
			return nil, true, nil
		}
		return nil, false, apierr.IllegalArgument(nullMsg, field)
	}
	return v, false, nil
}

func castError(field string, v any, to string) *apierr.Error {
	return apierr.IllegalArgument("field [%s] of type [%s] cannot be cast to [%s]", field, painless.ClassName(v), to)
}

// newCase builds lowercase, uppercase and trim (AbstractStringProcessor): a string or a
// list of strings.
func newCase(fn func(string) string) factory {
	return newStringFn(func(_, s string) (any, *apierr.Error) { return fn(s), nil })
}

type splitProc struct {
	fieldProc
	sep      *regexp.Regexp
	preserve bool
}

func newSplit(s *Service, c *config) (runner, *apierr.Error) {
	f, err := readFieldProc(c, true)
	if err != nil {
		return nil, err
	}
	sep, err := c.str("separator")
	if err != nil {
		return nil, err
	}
	re, rerr := regexp.Compile(sep)
	if rerr != nil {
		return nil, c.err("separator", "the regular expression ["+sep+"] is not supported by clustersearch-fake (Go RE2 syntax): "+rerr.Error())
	}
	p := &splitProc{fieldProc: f, sep: re}
	if p.preserve, err = c.optBool("preserve_trailing", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *splitProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := p.input(d, "field [%s] is null, cannot split.")
	if err != nil || skip {
		return err
	}
	s, ok := v.(string)
	if !ok {
		return castError(p.field, v, "java.lang.String")
	}
	parts := javaSplit(p.sep, s, p.preserve)
	items := make([]any, len(parts))
	for i, x := range parts {
		items[i] = x
	}
	return d.Set(p.target, painless.NewList(items))
}

// javaSplit is String.split(regex[, -1]): a leading empty string from a zero-width match
// at 0 is dropped and, unless preserving, trailing empty strings are removed.
func javaSplit(re *regexp.Regexp, s string, preserve bool) []string {
	if s == "" {
		return []string{""}
	}
	var out []string
	start := 0
	for _, m := range re.FindAllStringIndex(s, -1) {
		if m[1] == 0 {
			continue // a zero-width match at the start yields no leading empty string
		}
		if m[0] == m[1] && m[0] >= len(s) {
			break
		}
		out = append(out, s[start:m[0]])
		start = m[1]
	}
	out = append(out, s[start:])
	if !preserve {
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
	}
	return out
}

type joinProc struct {
	fieldProc
	sep string
}

func newJoin(s *Service, c *config) (runner, *apierr.Error) {
	// JoinProcessor has no ignore_missing: field, separator and target_field only.
	field, err := c.str("field")
	if err != nil {
		return nil, err
	}
	f := fieldProc{field: field}
	if f.target, err = c.optStr("target_field", field); err != nil {
		return nil, err
	}
	sep, err := c.str("separator")
	if err != nil {
		return nil, err
	}
	return &joinProc{fieldProc: f, sep: sep}, nil
}

func (p *joinProc) run(_ *execution, d *Document) *apierr.Error {
	v, err := d.Get(p.field)
	if err != nil {
		return err
	}
	if v == nil {
		return apierr.IllegalArgument("field [%s] is null, cannot join.", p.field)
	}
	l, ok := v.(*painless.List)
	if !ok {
		return castError(p.field, v, "java.util.List")
	}
	parts := make([]string, len(l.Items))
	for i, it := range l.Items {
		parts[i] = painless.ToJavaString(it)
	}
	return d.Set(p.target, strings.Join(parts, p.sep))
}

type scriptProc struct {
	script *painless.Script
	params *painless.Map
}

func newScript(s *Service, c *config) (runner, *apierr.Error) {
	p := &scriptProc{}
	var err *apierr.Error
	if p.script, p.params, err = s.parseScript(c, "source", c.m, false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *scriptProc) run(x *execution, d *Document) *apierr.Error {
	// The script works on a copy that replaces the document only when the
	// result passes ensureNoSelfReferences: a failed script leaves the
	// document as it was (what ignore_failure then keeps).
	ctx := deepCopy(d.Ctx).(*painless.Map)
	vars := map[string]any{"ctx": ctx, "params": paramsOrEmpty(p.params)}
	if _, err := p.script.Execute(vars, painless.ExecOptions{Now: x.s.now}); err != nil {
		return upd.ScriptError(err)
	}
	if selfReferencing(ctx, map[any]bool{}) {
		return apierr.IllegalArgument("Iterable object is self-referencing itself (ingest script)")
	}
	d.Ctx = ctx
	return nil
}

// selfReferencing reports whether a map or list holds itself on some path
// (the ancestors of a value, by identity, as ensureNoSelfReferences walks).
func selfReferencing(v any, ancestors map[any]bool) bool {
	var children []any
	switch x := v.(type) {
	case *painless.Map:
		children = x.Values()
	case *painless.List:
		children = x.Items
	default:
		return false
	}
	if ancestors[v] {
		return true
	}
	ancestors[v] = true
	defer delete(ancestors, v)
	for _, c := range children {
		if selfReferencing(c, ancestors) {
			return true
		}
	}
	return false
}

type gsubProc struct {
	fieldProc
	re          *regexp.Regexp
	replacement string
}

func newGsub(s *Service, c *config) (runner, *apierr.Error) {
	f, err := readFieldProc(c, true)
	if err != nil {
		return nil, err
	}
	pat, err := c.str("pattern")
	if err != nil {
		return nil, err
	}
	re, rerr := regexp.Compile(pat)
	if rerr != nil {
		return nil, c.err("pattern", "the regular expression ["+pat+"] is not supported by clustersearch-fake (Go RE2 syntax): "+rerr.Error())
	}
	repl, err := c.str("replacement")
	if err != nil {
		return nil, err
	}
	return &gsubProc{fieldProc: f, re: re, replacement: javaReplacement(repl)}, nil
}

// javaReplacement turns Matcher.replaceAll's $1 and \x escapes into Go's ${1} and $$.
func javaReplacement(r string) string {
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		switch c := r[i]; {
		case c == '\\' && i+1 < len(r):
			i++
			if r[i] == '$' {
				b.WriteString("$$")
			} else {
				b.WriteByte(r[i])
			}
		case c == '$' && i+1 < len(r) && r[i+1] >= '0' && r[i+1] <= '9':
			j := i + 1
			for j < len(r) && r[j] >= '0' && r[j] <= '9' {
				j++
			}
			b.WriteString("${" + r[i+1:j] + "}")
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (p *gsubProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := p.input(d, "field [%s] is null, cannot match pattern.")
	if err != nil || skip {
		return err
	}
	switch x := v.(type) {
	case string:
		return d.Set(p.target, p.re.ReplaceAllString(x, p.replacement))
	case *painless.List:
		out := make([]any, len(x.Items))
		for i, it := range x.Items {
			s, ok := it.(string)
			if !ok {
				return apierr.IllegalArgument("value [%s] of type [%s] in list field [%s] cannot be cast to [java.lang.String]", painless.ToJavaString(it), painless.ClassName(it), p.field)
			}
			out[i] = p.re.ReplaceAllString(s, p.replacement)
		}
		return d.Set(p.target, painless.NewList(out))
	}
	return castError(p.field, v, "java.lang.String")
}

type failProc struct{ message *template }

func newFail(s *Service, c *config) (runner, *apierr.Error) {
	t, err := templateProp(c, "message", true)
	if err != nil {
		return nil, err
	}
	return &failProc{message: t}, nil
}

func (p *failProc) run(_ *execution, d *Document) *apierr.Error {
	return &apierr.Error{Status: 500, Type: "fail_processor_exception", Reason: p.message.render(d)}
}

type dropProc struct{}

func newDrop(s *Service, c *config) (runner, *apierr.Error) { return dropProc{}, nil }

func (dropProc) run(_ *execution, d *Document) *apierr.Error {
	d.Dropped = true
	return nil
}

type pipelineProc struct {
	name *template
	// ignoreMissing skips a pipeline that does not exist
	// (ignore_missing_pipeline) instead of failing.
	ignoreMissing bool
}

func newPipelineProc(s *Service, c *config) (runner, *apierr.Error) {
	t, err := templateProp(c, "name", true)
	if err != nil {
		return nil, err
	}
	p := &pipelineProc{name: t}
	if p.ignoreMissing, err = c.optBool("ignore_missing_pipeline", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *pipelineProc) run(x *execution, d *Document) *apierr.Error {
	name := p.name.render(d)
	pl, ok := x.s.lookup(name)
	if !ok {
		if p.ignoreMissing {
			return nil
		}
		return &apierr.Error{Status: 500, Type: apierr.TypeIllegalState, Reason: "Pipeline processor configured for non-existent pipeline [" + name + "]"}
	}
	return x.runPipeline(pl, d)
}
