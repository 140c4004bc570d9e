package yamlrest

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

// assert checks one assertion step against the last response body.
func assert(step Step, body any, stash *Stash) error {
	actual, err := actualValue(step.Path, body, stash)
	if err != nil {
		return err
	}
	if step.Kind == "set" {
		name, ok := step.Expected.(string)
		if !ok {
			return errors.New("set needs a stash name")
		}
		stash.Set(name, actual)
		return nil
	}
	expected, err := stash.Replace(step.Expected)
	if err != nil {
		return err
	}
	switch step.Kind {
	case "is_true":
		if !truthy(actual) {
			return fmt.Errorf("is_true [%s]: got %s", step.Path, conformance.Short(actual))
		}
	case "is_false":
		if truthy(actual) {
			return fmt.Errorf("is_false [%s]: got %s", step.Path, conformance.Short(actual))
		}
	case "match":
		return match(step.Path, expected, actual, step.Epsilon)
	case "length":
		return length(step.Path, expected, actual)
	case "gt", "gte", "lt", "lte":
		return order(step.Kind, step.Path, expected, actual)
	case "contains":
		return contains(step.Path, expected, actual)
	case "close_to":
		return closeTo(step.Path, expected, actual)
	default:
		return fmt.Errorf("unknown assertion %q", step.Kind)
	}
	return nil
}

// actualValue reads the value an assertion checks: a field that is itself a
// stash reference ("$body", "${x}") is the stashed value, as in the
// reference runner; otherwise the path is looked up in the last body, with
// stash references resolved segment by segment.
func actualValue(path string, body any, stash *Stash) (any, error) {
	if IsStashed(path) {
		return stash.Resolve(path)
	}
	segments, err := stash.Path(path)
	if err != nil {
		return nil, err
	}
	v, err := conformance.Lookup(body, segments)
	if err != nil {
		return nil, fmt.Errorf("path [%s]: %w", path, err)
	}
	return v, nil
}

// truthy is the reference runner's is_true: present, and its text is not
// "", "0" or "false" (any case). Empty objects and 0.0 are true.
func truthy(v any) bool {
	if v == nil {
		return false
	}
	s := conformance.JavaString(v)
	return s != "" && s != "0" && !strings.EqualFold(s, "false")
}

func match(path string, expected, actual any, epsilon *conformance.Number) error {
	if s, ok := expected.(string); ok {
		t := strings.TrimSpace(s)
		if len(t) > 2 && strings.HasPrefix(t, "/") && strings.HasSuffix(t, "/") {
			str, ok := actual.(string)
			if !ok {
				return fmt.Errorf("match [%s]: expected a string matching %s, got %s", path, t, conformance.Short(actual))
			}
			re, err := CompileCommentsRegex(t[1 : len(t)-1])
			if err != nil {
				return fmt.Errorf("match [%s]: %w", path, err)
			}
			if !re.MatchString(str) {
				return fmt.Errorf("match [%s]: %q does not match %s", path, str, t)
			}
			return nil
		}
	}
	if epsilon != nil {
		e, okE := expected.(conformance.Number)
		a, okA := actual.(conformance.Number)
		if okE && okA {
			return closeTo(path, conformance.M("value", e, "error", *epsilon), a)
		}
	}
	if !matchEqual(expected, actual) {
		return fmt.Errorf("match [%s]: expected %s, got %s", path, conformance.Short(expected), conformance.Short(actual))
	}
	return nil
}

// matchEqual is the reference runner's match: two numbers of different Java
// classes compare as doubles; everything else uses Java's equals, so inside
// objects and arrays 1 and 1.0 differ.
func matchEqual(expected, actual any) bool {
	e, okE := expected.(conformance.Number)
	a, okA := actual.(conformance.Number)
	if okE && okA && conformance.JavaClass(e) != conformance.JavaClass(a) {
		ef, ok1 := e.Float()
		af, ok2 := a.Float()
		return ok1 && ok2 && ef == af
	}
	return conformance.JavaEqual(expected, actual)
}

func length(path string, expected, actual any) error {
	want, ok := expected.(conformance.Number)
	if s, isStr := expected.(string); isStr {
		// LengthAssertion.parse reads a string with Integer.valueOf.
		if n, err := strconv.ParseInt(s, 10, 32); err == nil {
			want, ok = conformance.Number(strconv.FormatInt(n, 10)), true
		}
	}
	if !ok {
		return fmt.Errorf("length [%s]: expected length must be a number", path)
	}
	var got int
	switch x := actual.(type) {
	case string:
		got = len(utf16.Encode([]rune(x)))
	case []any:
		got = len(x)
	case *conformance.Map:
		got = x.Len()
	default:
		return fmt.Errorf("length [%s]: got a %s (%s), want a string, array or object", path, conformance.TypeName(actual), conformance.Short(actual))
	}
	if conformance.NumberCompare(conformance.Number(fmt.Sprint(got)), want) != 0 {
		return fmt.Errorf("length [%s]: expected %s, got %d", path, want, got)
	}
	return nil
}

func order(kind, path string, expected, actual any) error {
	var cmp int
	switch e := expected.(type) {
	case conformance.Number:
		a, ok := actual.(conformance.Number)
		if !ok {
			return fmt.Errorf("%s [%s]: expected a number, got %s", kind, path, conformance.Short(actual))
		}
		if _, ok := a.Rat(); !ok {
			return fmt.Errorf("%s [%s]: %q is not a number", kind, path, a)
		}
		// The reference runner converts the actual value to the bound's Java
		// class first: any number to a Double bound, an Integer to a Long
		// bound; a Long against an Integer bound, or a Double against an
		// integral one, does not convert and fails.
		ca, ce := conformance.JavaClass(a), conformance.JavaClass(e)
		convertible := ca == ce || ce == "Double" || (ce == "Long" && ca == "Integer")
		if !convertible {
			return fmt.Errorf("%s [%s]: the %s %s does not convert to the bound's class %s (%s)", kind, path, ca, a, ce, e)
		}
		if ce == "Double" {
			af, _ := a.Float()
			ef, _ := e.Float()
			switch {
			case af < ef:
				cmp = -1
			case af > ef:
				cmp = 1
			}
		} else {
			cmp = conformance.NumberCompare(a, e)
		}
	case string:
		a, ok := actual.(string)
		if !ok {
			return fmt.Errorf("%s [%s]: expected a string, got %s", kind, path, conformance.Short(actual))
		}
		cmp = strings.Compare(a, e)
	default:
		return fmt.Errorf("%s [%s]: the bound must be a number or a string", kind, path)
	}
	ok := map[string]bool{"gt": cmp > 0, "gte": cmp >= 0, "lt": cmp < 0, "lte": cmp <= 0}[kind]
	if !ok {
		return fmt.Errorf("%s [%s]: got %s, bound %s", kind, path, conformance.Short(actual), conformance.Short(expected))
	}
	return nil
}

// contains: the list at path holds an element equal to expected, or, for an
// expected object, an object holding all of its keys with equal values.
func contains(path string, expected, actual any) error {
	list, ok := actual.([]any)
	if !ok {
		return fmt.Errorf("contains [%s]: got a %s, want an array", path, conformance.TypeName(actual))
	}
	for _, e := range list {
		if want, ok := expected.(*conformance.Map); ok {
			if got, ok := e.(*conformance.Map); ok && len(conformance.Subset(want, got)) == 0 && sameKeysEqual(want, got) {
				return nil
			}
			continue
		}
		if conformance.JavaEqual(expected, e) {
			return nil
		}
	}
	return fmt.Errorf("contains [%s]: %s not in %s", path, conformance.Short(expected), conformance.Short(actual))
}

// sameKeysEqual requires deep equality on every expected key (Subset alone
// would accept longer arrays).
func sameKeysEqual(want, got *conformance.Map) bool {
	for _, e := range want.Entries() {
		v, _ := got.Get(e.Key)
		if !conformance.JavaEqual(e.Value, v) {
			return false
		}
	}
	return true
}

func closeTo(path string, expected, actual any) error {
	spec, ok := expected.(*conformance.Map)
	if !ok {
		return fmt.Errorf("close_to [%s]: want {value, error}", path)
	}
	value, okV := spec.Get("value")
	margin, okE := spec.Get("error")
	v, isNum := value.(conformance.Number)
	m, isNumE := margin.(conformance.Number)
	a, isNumA := actual.(conformance.Number)
	if !okV || !okE || !isNum || !isNumE {
		return fmt.Errorf("close_to [%s]: want numeric value and error", path)
	}
	if !isNumA {
		return fmt.Errorf("close_to [%s]: expected a number, got %s", path, conformance.Short(actual))
	}
	av, _ := a.Rat()
	vv, _ := v.Rat()
	mv, ok := m.Rat()
	if av == nil || vv == nil || !ok {
		return fmt.Errorf("close_to [%s]: unreadable numbers", path)
	}
	diff := av.Sub(av, vv)
	if diff.Abs(diff).Cmp(mv) > 0 {
		return fmt.Errorf("close_to [%s]: %s is not within %s of %s", path, a, m, v)
	}
	return nil
}

// CompileCommentsRegex compiles a Java regex written for COMMENTS mode:
// unescaped whitespace is dropped, and outside a character class '#' starts
// a comment that runs to the end of the line.
func CompileCommentsRegex(pattern string) (*regexp.Regexp, error) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern):
			b.WriteByte(c)
			b.WriteByte(pattern[i+1])
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		case c == '#' && !inClass:
			for i < len(pattern) && pattern[i] != '\n' {
				i++
			}
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			// A ']' first in a class (after an optional '^') is a literal.
			if i+1 < len(pattern) && pattern[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				b.WriteString(`\]`)
				i++
			}
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("regex %q cannot be compiled by Go: %w", pattern, err)
	}
	return re, nil
}
