package ingest

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// fingerprintMethods are FingerprintProcessor's versioned hash methods.
var fingerprintMethods = map[string]func([]byte) []byte{
	"MD5@2.16.0":      func(b []byte) []byte { s := md5.Sum(b); return s[:] },
	"SHA-1@2.16.0":    func(b []byte) []byte { s := sha1.Sum(b); return s[:] },
	"SHA-256@2.16.0":  func(b []byte) []byte { s := sha256.Sum256(b); return s[:] },
	"SHA3-256@2.16.0": func(b []byte) []byte { s := sha3Sum256(b); return s[:] },
}

// fingerprintProc is FingerprintProcessor: a hash of the chosen top-level
// fields, each written "|name|len:value" in name order.
type fingerprintProc struct {
	fields, exclude []string
	target, method  string
	ignoreMissing   bool
}

func optStrList(c *config, key string) ([]any, *apierr.Error) {
	v, ok := c.take(key)
	if !ok || v == nil {
		return nil, nil
	}
	l, isList := v.(*painless.List)
	if !isList {
		return nil, c.err(key, "property isn't a list, but of type ["+painless.ClassName(v)+"]")
	}
	return l.Items, nil
}

func newFingerprint(s *Service, c *config) (runner, *apierr.Error) {
	fields, err := optStrList(c, "fields")
	if err != nil {
		return nil, err
	}
	exclude, err := optStrList(c, "exclude_fields")
	if err != nil {
		return nil, err
	}
	names := func(key string, l []any) ([]string, *apierr.Error) {
		out := make([]string, 0, len(l))
		for _, it := range l {
			s, _ := it.(string)
			if s == "" {
				return nil, c.err(key, "field name cannot be null nor empty")
			}
			out = append(out, s)
		}
		return out, nil
	}
	p := &fingerprintProc{}
	if p.fields, err = names("fields", fields); err != nil {
		return nil, err
	}
	if len(p.fields) > 0 && len(exclude) > 0 {
		return nil, c.err("fields", "either fields or exclude_fields can be set")
	}
	if p.exclude, err = names("exclude_fields", exclude); err != nil {
		return nil, err
	}
	if p.target, err = c.optStr("target_field", "fingerprint"); err != nil {
		return nil, err
	}
	if p.method, err = c.optStr("hash_method", "SHA-1@2.16.0"); err != nil {
		return nil, err
	}
	if _, ok := fingerprintMethods[strings.ToUpper(p.method)]; !ok {
		return nil, c.err("hash_method", "hash method must be MD5@2.16.0, SHA-1@2.16.0, SHA-256@2.16.0 or SHA3-256@2.16.0")
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *fingerprintProc) run(_ *execution, d *Document) *apierr.Error {
	var fields []string
	switch {
	case len(p.fields) > 0:
		seen := map[string]bool{}
		for _, f := range p.fields {
			if !seen[f] && !isMetadata(f) {
				seen[f] = true
				fields = append(fields, f)
			}
		}
		sort.Strings(fields)
	default:
		skip := map[string]bool{}
		for _, f := range p.exclude {
			skip[f] = true
		}
		for _, f := range sortedTopLevel(d) {
			if !skip[f] {
				fields = append(fields, f)
			}
		}
	}
	var b strings.Builder
	write := func(name string, v any) {
		s := painless.ToJavaString(v)
		b.WriteString("|" + name + "|" + strconv.Itoa(javaLength(s)) + ":" + s)
	}
	for _, f := range fields {
		if !d.Has(f) {
			if p.ignoreMissing {
				continue
			}
			return apierr.IllegalArgument("field [%s] doesn't exist", f)
		}
		v, _ := d.Get(f)
		m, isMap := v.(*painless.Map)
		if !isMap {
			write(f, v)
			continue
		}
		flat := map[string]any{}
		flatten("", m, flat)
		keys := make([]string, 0, len(flat))
		for k := range flat {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			write(f+"."+k, flat[k])
		}
	}
	if b.Len() == 0 {
		return nil
	}
	b.WriteString("|")
	sum := fingerprintMethods[strings.ToUpper(p.method)]([]byte(b.String()))
	return d.Set(p.target, p.method+":"+base64.StdEncoding.EncodeToString(sum))
}

// flatten writes a nested map's leaves under dotted keys.
func flatten(prefix string, m *painless.Map, out map[string]any) {
	keys, vals := m.Keys(), m.Values()
	for i, k := range keys {
		name := painless.ToJavaString(k)
		if prefix != "" {
			name = prefix + "." + name
		}
		if sub, ok := vals[i].(*painless.Map); ok {
			flatten(name, sub, out)
			continue
		}
		out[name] = vals[i]
	}
}

// javaLength is String.length: UTF-16 code units.
func javaLength(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}
