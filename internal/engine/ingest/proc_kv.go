package ingest

import (
	"regexp"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// kvProc is KeyValueProcessor: a string split into pairs by field_split,
// each pair into key and value by value_split, every value appended under
// target_field (or the root) with prefix on its key.
type kvProc struct {
	field, target                   *template
	fieldSplit, valueSplit          *regexp.Regexp
	valueSplitText                  string
	include, exclude                map[string]bool
	prefix                          string
	trimKey, trimValue              string
	stripBrackets, ignoreMissing    bool
	hasInclude, hasExclude, hasTrim bool
}

func newKV(s *Service, c *config) (runner, *apierr.Error) {
	p := &kvProc{}
	var err *apierr.Error
	if p.field, err = templateProp(c, "field", true); err != nil {
		return nil, err
	}
	if p.target, err = templateProp(c, "target_field", false); err != nil {
		return nil, err
	}
	fs, err := c.str("field_split")
	if err != nil {
		return nil, err
	}
	vs, err := c.str("value_split")
	if err != nil {
		return nil, err
	}
	p.valueSplitText = vs
	for _, x := range []struct {
		key, src string
		dst      **regexp.Regexp
	}{{"field_split", fs, &p.fieldSplit}, {"value_split", vs, &p.valueSplit}} {
		re, rerr := regexp.Compile(x.src)
		if rerr != nil {
			return nil, c.err(x.key, "the regular expression ["+x.src+"] is not supported by clustersearch-fake (Go RE2 syntax): "+rerr.Error())
		}
		*x.dst = re
	}
	readSet := func(key string) (map[string]bool, bool, *apierr.Error) {
		v, ok := c.take(key)
		if !ok || v == nil {
			return nil, false, nil
		}
		l, isList := v.(*painless.List)
		if !isList {
			return nil, false, c.err(key, "property isn't a list, but of type ["+painless.ClassName(v)+"]")
		}
		out := map[string]bool{}
		for _, it := range l.Items {
			out[painless.ToJavaString(it)] = true
		}
		return out, true, nil
	}
	if p.include, p.hasInclude, err = readSet("include_keys"); err != nil {
		return nil, err
	}
	if p.exclude, p.hasExclude, err = readSet("exclude_keys"); err != nil {
		return nil, err
	}
	if p.prefix, err = c.optStr("prefix", ""); err != nil {
		return nil, err
	}
	if p.trimKey, err = c.optStr("trim_key", ""); err != nil {
		return nil, err
	}
	if p.trimValue, err = c.optStr("trim_value", ""); err != nil {
		return nil, err
	}
	if p.stripBrackets, err = c.optBool("strip_brackets", false); err != nil {
		return nil, err
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *kvProc) run(_ *execution, d *Document) *apierr.Error {
	path := p.field.render(d)
	if path == "" || !d.Has(path) {
		switch {
		case p.ignoreMissing:
			return nil
		case path == "":
			return apierr.IllegalArgument("field path cannot be null nor empty")
		}
		return apierr.IllegalArgument("field [%s] doesn't exist", path)
	}
	v, _ := d.Get(path)
	if v == nil {
		if p.ignoreMissing {
			return nil
		}
		return apierr.IllegalArgument("field [%s] is null, cannot extract key-value pairs.", path)
	}
	text, ok := v.(string)
	if !ok {
		return castError(path, v, "java.lang.String")
	}
	target := ""
	if p.target != nil {
		target = p.target.render(d)
	}
	for _, pair := range javaSplit(p.fieldSplit, text, false) {
		kv := p.valueSplit.Split(pair, 2) // split(regex, 2) keeps an empty value
		if len(kv) != 2 {
			return apierr.IllegalArgument("field [%s] does not contain value_split [%s]", path, p.valueSplitText)
		}
		key, val := trimChars(kv[0], p.trimKey), trimChars(kv[1], p.trimValue)
		if p.stripBrackets {
			val = stripBrackets(val)
		}
		if (p.hasInclude && !p.include[key]) || (p.hasExclude && p.exclude[key]) {
			continue
		}
		name := p.prefix + key
		if target != "" {
			name = target + "." + name
		}
		// A second value of a key makes a list (KeyValueProcessor.append).
		put := d.Set
		if d.Has(name) {
			put = func(path string, v any) *apierr.Error { return d.Append(path, v, true) }
		}
		if err := put(name, val); err != nil {
			return err
		}
	}
	return nil
}

// trimChars removes leading and trailing characters of the set.
func trimChars(s, set string) string {
	if set == "" {
		return s
	}
	return strings.Trim(s, set)
}

// stripBrackets removes one pair of enclosing (), <>, [] or quotes.
func stripBrackets(s string) string {
	for _, pair := range []string{"()", "<>", "[]", "\"\"", "''"} {
		if len(s) >= 2 && s[0] == pair[0] && s[len(s)-1] == pair[1] {
			return s[1 : len(s)-1]
		}
	}
	return s
}
