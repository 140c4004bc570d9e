// Package mustache renders the mustache templates of search templates as
// OpenSearch's lang-mustache module does (mustache.java with its custom
// factory): values JSON-escaped, sections over lists, maps and booleans,
// inverted sections, comments, and the toJson, join and url functions.
// Partials and delimiter changes are not supported.
package mustache

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// Error is a template that does not compile (mustache.java's MustacheException).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// node is one piece of a compiled template.
type node struct {
	kind     byte   // 't' text, 'v' escaped value, 'u' unescaped value, '#' section, '^' inverted
	text     string // the text, or the tag's name
	children []node
	// delimiter is a join section's delimiter.
	delimiter string
}

// Template is a compiled template.
type Template struct{ nodes []node }

// Compile parses a template.
func Compile(src string) (*Template, error) {
	nodes, rest, err := parse(src, "", 1)
	if err != nil {
		return nil, err
	}
	if rest != "" {
		return nil, &Error{Msg: "Unexpected end of template"}
	}
	return &Template{nodes: nodes}, nil
}

// parse reads nodes until the closing tag of section (none at the top).
func parse(src, section string, line int) ([]node, string, error) {
	var out []node
	for {
		i := strings.Index(src, "{{")
		if i < 0 {
			if section != "" {
				return nil, "", &Error{Msg: "Failed to close '" + section + "' tag @[query-template:" + strconv.Itoa(line) + "]"}
			}
			if src != "" {
				out = append(out, node{kind: 't', text: src})
			}
			return out, "", nil
		}
		if i > 0 {
			out = append(out, node{kind: 't', text: src[:i]})
			line += strings.Count(src[:i], "\n")
		}
		src = src[i+2:]
		close := "}}"
		triple := strings.HasPrefix(src, "{")
		if triple {
			close = "}}}"
			src = src[1:]
		}
		j := strings.Index(src, close)
		if j < 0 {
			return nil, "", &Error{Msg: "Improperly closed variable in query-template:" + strconv.Itoa(line)}
		}
		tag := strings.TrimSpace(src[:j])
		src = src[j+len(close):]
		if triple {
			out = append(out, node{kind: 'u', text: tag})
			continue
		}
		if tag == "" {
			return nil, "", &Error{Msg: "Empty mustache in query-template:" + strconv.Itoa(line)}
		}
		switch tag[0] {
		case '!':
			continue
		case '&':
			out = append(out, node{kind: 'u', text: strings.TrimSpace(tag[1:])})
		case '#', '^':
			name := strings.TrimSpace(tag[1:])
			children, rest, err := parse(src, name, line)
			if err != nil {
				return nil, "", err
			}
			n := node{kind: tag[0], text: name, children: children}
			if fn, opts, _ := strings.Cut(name, " "); fn == "join" {
				n.text = "join"
				n.delimiter = joinDelimiter(opts)
			}
			out = append(out, n)
			src = rest
		case '/':
			name := strings.TrimSpace(tag[1:])
			if name != section {
				return nil, "", &Error{Msg: "Mismatched start/end tags: " + section + " != " + name + " in query-template:" + strconv.Itoa(line)}
			}
			return out, src, nil
		case '>':
			return nil, "", &Error{Msg: "Template " + strings.TrimSpace(tag[1:]) + " not found"}
		case '=':
			return nil, "", &Error{Msg: "[fake] mustache delimiter changes are not supported"}
		default:
			out = append(out, node{kind: 'v', text: tag})
		}
	}
}

// joinDelimiter reads delimiter='x' of a join section (default ",").
func joinDelimiter(opts string) string {
	if v, ok := strings.CutPrefix(strings.TrimSpace(opts), "delimiter="); ok {
		return strings.Trim(v, "'\"")
	}
	return ","
}

// Render renders the template with the parameters (decoded JSON), the
// values escaped for JSON.
func (t *Template) Render(params any) string {
	var b strings.Builder
	render(&b, t.nodes, []any{params})
	return b.String()
}

func render(b *strings.Builder, nodes []node, stack []any) {
	for i := range nodes {
		n := &nodes[i]
		switch n.kind {
		case 't':
			b.WriteString(n.text)
		case 'v':
			if v, ok := lookup(stack, n.text); ok {
				b.WriteString(jsonEscape(valueText(v)))
			}
		case 'u':
			if v, ok := lookup(stack, n.text); ok {
				b.WriteString(valueText(v))
			}
		case '#':
			section(b, n, stack)
		case '^':
			v, ok := lookup(stack, n.text)
			if !ok || falsy(v) {
				render(b, n.children, stack)
			}
		}
	}
}

// section renders {{#name}}: the functions, then lists, maps and truthy values.
func section(b *strings.Builder, n *node, stack []any) {
	switch n.text {
	case "toJson":
		key := strings.TrimSpace(textOf(n.children))
		if v, ok := lookup(stack, key); ok {
			if raw, err := jsonout.Marshal(v); err == nil {
				b.Write(raw)
			}
		}
		return
	case "join":
		key := strings.TrimSpace(textOf(n.children))
		if v, ok := lookup(stack, key); ok {
			if list, isList := v.([]any); isList {
				parts := make([]string, len(list))
				for i, e := range list {
					parts[i] = jsonEscape(valueText(e))
				}
				b.WriteString(strings.Join(parts, n.delimiter))
				return
			}
			b.WriteString(jsonEscape(valueText(v)))
		}
		return
	case "url":
		var inner strings.Builder
		render(&inner, n.children, stack)
		b.WriteString(url.QueryEscape(inner.String()))
		return
	}
	v, ok := lookup(stack, n.text)
	if !ok || falsy(v) {
		return
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			render(b, n.children, append(stack, e))
		}
	case bool:
		render(b, n.children, stack)
	default:
		render(b, n.children, append(stack, x))
	}
}

// textOf is the literal text of a function section's body.
func textOf(nodes []node) string {
	var s strings.Builder
	for _, n := range nodes {
		s.WriteString(n.text)
	}
	return s.String()
}

// falsy is what skips a section: false, null, an empty list or string.
func falsy(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case string:
		return x == ""
	}
	return false
}

// lookup resolves a dotted name from the innermost context out; "." is
// the current context, a number indexes a list.
func lookup(stack []any, name string) (any, bool) {
	if name == "." {
		return stack[len(stack)-1], true
	}
	first, rest, dotted := strings.Cut(name, ".")
	for i := len(stack) - 1; i >= 0; i-- {
		v, ok := member(stack[i], first)
		if !ok {
			continue
		}
		if !dotted {
			return v, true
		}
		for _, part := range strings.Split(rest, ".") {
			if v, ok = member(v, part); !ok {
				return nil, false
			}
		}
		return v, true
	}
	return nil, false
}

func member(v any, key string) (any, bool) {
	switch x := v.(type) {
	case jsonout.Object:
		return x.Get(key)
	case []any:
		if key == "length" || key == "size" {
			return len(x), true
		}
		if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(x) {
			return x[i], true
		}
	}
	return nil, false
}

// valueText is how a value prints into the template: strings as they are,
// numbers as written, other values as Java's toString.
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case jsonout.Object:
		parts := make([]string, len(x))
		for i, f := range x {
			parts[i] = f.Key + "=" + valueText(f.Value)
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = valueText(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// jsonEscape escapes a value for a JSON string, as Jackson's quoteAsString
// does (without the quotes).
func jsonEscape(s string) string {
	q := string(jsonout.AppendString(nil, s))
	return q[1 : len(q)-1]
}
