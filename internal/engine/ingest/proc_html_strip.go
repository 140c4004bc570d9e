package ingest

import (
	"html"
	"strings"
	"unicode"
)

// newHTMLStrip is HtmlStripProcessor: an AbstractStringProcessor (a string
// or a list of strings; field, target_field, ignore_missing) whose values
// go through Lucene's HTMLStripCharFilter.
var newHTMLStrip = newCase(htmlStrip)

// inlineElements are the tags HTMLStripCharFilter removes without a trace;
// every other tag (block-level or unknown) becomes a newline.
var inlineElements = map[string]bool{
	"a": true, "abbr": true, "acronym": true, "b": true, "basefont": true, "bdo": true, "big": true, "button": true,
	"cite": true, "code": true, "del": true, "dfn": true, "em": true, "font": true, "i": true, "img": true,
	"input": true, "ins": true, "kbd": true, "label": true, "map": true, "object": true, "q": true, "s": true,
	"samp": true, "select": true, "small": true, "span": true, "strike": true, "strong": true, "sub": true,
	"sup": true, "textarea": true, "tt": true, "u": true, "var": true,
}

// htmlStrip follows HTMLStripCharFilter on the constructs it knows: tags
// (inline ones removed, others a newline), comments, processing
// instructions and declarations removed, script and style elements with
// their content a newline, CDATA sections kept as text, character
// references decoded. Text without both '<' and '>' is returned as is, as
// the processor's shortcut does (entities stay encoded there too).
func htmlStrip(s string) string {
	if !strings.Contains(s, "<") || !strings.Contains(s, ">") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		switch s[i] {
		case '&':
			if n, text := htmlEntity(s[i:]); n > 0 {
				b.WriteString(text)
				i += n
				continue
			}
		case '<':
			if n, text := htmlMarkup(s[i:]); n > 0 {
				b.WriteString(text)
				i += n
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// htmlEntity decodes a character reference at the start of s: how many
// bytes it takes and its text (0 when it is not one).
func htmlEntity(s string) (int, string) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 32 {
		return 0, ""
	}
	ref := s[:end+1]
	if strings.ContainsAny(ref[1:end], " \t\r\n&<") {
		return 0, ""
	}
	text := html.UnescapeString(ref)
	if text == ref {
		return 0, ""
	}
	return len(ref), text
}

// htmlMarkup reads markup at the start of s (which starts with '<'): how
// many bytes it takes and what replaces it (0 when it is plain text).
func htmlMarkup(s string) (int, string) {
	switch {
	case strings.HasPrefix(s, "<!--"):
		if end := strings.Index(s[4:], "-->"); end >= 0 {
			return 4 + end + 3, ""
		}
		return 0, ""
	case strings.HasPrefix(s, "<![CDATA["):
		if end := strings.Index(s[9:], "]]>"); end >= 0 {
			return 9 + end + 3, s[9 : 9+end]
		}
		return 0, ""
	case strings.HasPrefix(s, "<!") || strings.HasPrefix(s, "<?"):
		if end := strings.IndexByte(s, '>'); end >= 0 {
			return end + 1, ""
		}
		return 0, ""
	}
	i := 1
	if i < len(s) && s[i] == '/' {
		i++
	}
	nameStart := i
	for i < len(s) && (isASCIILetter(s[i]) || (i > nameStart && s[i] >= '0' && s[i] <= '9')) {
		i++
	}
	if i == nameStart {
		return 0, ""
	}
	name := strings.ToLower(s[nameStart:i])
	if i < len(s) && !unicode.IsSpace(rune(s[i])) && s[i] != '>' && s[i] != '/' {
		return 0, ""
	}
	end := tagEnd(s, i)
	if end < 0 {
		return 0, ""
	}
	closing := s[1] == '/'
	if !closing && (name == "script" || name == "style") {
		closer := "</" + name
		rest := strings.ToLower(s[end:])
		j := strings.Index(rest, closer)
		if j < 0 {
			return 0, ""
		}
		k := strings.IndexByte(rest[j:], '>')
		if k < 0 {
			return 0, ""
		}
		return end + j + k + 1, "\n"
	}
	if inlineElements[name] {
		return end, ""
	}
	return end, "\n"
}

// tagEnd finds the '>' closing a tag whose attributes start at i, skipping
// quoted attribute values; -1 when there is none.
func tagEnd(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; c {
		case '>':
			return i + 1
		case '"', '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return -1
			}
			i += j + 2
			continue
		case '<':
			return -1
		}
		i++
	}
	return -1
}

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
