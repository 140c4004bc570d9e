package ingest

import (
	"sort"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/wildcard"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// copyProc is CopyProcessor: a deep copy of one field to another.
type copyProc struct {
	source, target                          *template
	ignoreMissing, removeSource, overrideTo bool
}

func newCopy(s *Service, c *config) (runner, *apierr.Error) {
	p := &copyProc{}
	var err *apierr.Error
	if p.source, err = templateProp(c, "source_field", true); err != nil {
		return nil, err
	}
	if p.target, err = templateProp(c, "target_field", true); err != nil {
		return nil, err
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	if p.removeSource, err = c.optBool("remove_source", false); err != nil {
		return nil, err
	}
	if p.overrideTo, err = c.optBool("override_target", false); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *copyProc) run(_ *execution, d *Document) *apierr.Error {
	from := p.source.render(d)
	if from == "" || !d.Has(from) {
		switch {
		case p.ignoreMissing:
			return nil
		case from == "":
			return apierr.IllegalArgument("source field path cannot be null nor empty")
		}
		return apierr.IllegalArgument("source field [%s] doesn't exist", from)
	}
	to := p.target.render(d)
	if to == "" {
		return apierr.IllegalArgument("target field path cannot be null nor empty")
	}
	if from == to {
		return apierr.IllegalArgument("source field path and target field path cannot be same")
	}
	if old, err := d.Get(to); !p.overrideTo && err == nil && old != nil {
		return apierr.IllegalArgument("target field [%s] already exists", to)
	}
	v, _ := d.Get(from)
	if err := d.Set(to, deepCopy(v)); err != nil {
		return err
	}
	if p.removeSource {
		return d.Remove(from)
	}
	return nil
}

// removeByPatternProc is RemoveByPatternProcessor: drops the top-level
// fields some pattern matches, or all but those.
type removeByPatternProc struct {
	patterns []string
	exclude  bool
}

func newRemoveByPattern(s *Service, c *config) (runner, *apierr.Error) {
	fp, hasFP := c.take("field_pattern")
	ep, hasEP := c.take("exclude_field_pattern")
	hasFP, hasEP = hasFP && fp != nil, hasEP && ep != nil
	if hasFP == hasEP {
		return nil, c.err("field_pattern", "either field_pattern or exclude_field_pattern must be set")
	}
	key, v := "field_pattern", fp
	if hasEP {
		key, v = "exclude_field_pattern", ep
	}
	var patterns []string
	switch x := v.(type) {
	case string:
		patterns = []string{x}
	case *painless.List:
		for _, it := range x.Items {
			s, ok := it.(string)
			if !ok {
				return nil, c.err(key, "property isn't a list of strings")
			}
			patterns = append(patterns, s)
		}
	default:
		return nil, c.err(key, "property isn't a string or a list, but of type ["+painless.ClassName(v)+"]")
	}
	var problems []string
	for _, pat := range patterns {
		for _, bad := range []struct{ sub, what string }{{" ", "a space"}, {",", "a ','"}, {"#", "a '#'"}, {":", "a ':'"}} {
			if strings.Contains(pat, bad.sub) {
				problems = append(problems, key+" ["+pat+"] must not contain "+bad.what)
			}
		}
		if strings.HasPrefix(pat, "_") {
			problems = append(problems, key+" ["+pat+"] must not start with '_'")
		}
		if strings.ContainsAny(pat, "\\/?\"<>| ,") {
			problems = append(problems, key+" ["+pat+"] must not contain the following characters [ , \", *, \\, <, |, ,, >, /, ?]")
		}
	}
	if len(problems) > 0 {
		// ValidationException.getMessage numbers the problems.
		var b strings.Builder
		b.WriteString("Validation Failed: ")
		for i, p := range problems {
			b.WriteString(strconv.Itoa(i+1) + ": " + p + ";")
		}
		return nil, c.err(key, b.String())
	}
	return &removeByPatternProc{patterns: patterns, exclude: hasEP}, nil
}

func (p *removeByPatternProc) run(_ *execution, d *Document) *apierr.Error {
	for _, k := range d.Ctx.Keys() {
		name, ok := k.(string)
		if !ok || isMetadata(name) {
			continue
		}
		matched := false
		for _, pat := range p.patterns {
			if wildcard.Simple(pat, name) {
				matched = true
				break
			}
		}
		if matched != p.exclude {
			d.Ctx.Delete(name)
		}
	}
	return nil
}

// sortedTopLevel lists the source's top-level field names, sorted, leaving
// the metadata fields out.
func sortedTopLevel(d *Document) []string {
	var out []string
	for _, k := range d.Ctx.Keys() {
		if name, ok := k.(string); ok && !isMetadata(name) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}
