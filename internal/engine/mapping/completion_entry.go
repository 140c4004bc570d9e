package mapping

import (
	"encoding/binary"
	"strings"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
)

// EncodeCompletion packs an entry into one keyword value.
func EncodeCompletion(e *CompletionEntry) string {
	b := make([]byte, 0, len(e.Form)+len(e.Input)+16)
	b = appendString(b, e.Form)
	b = appendString(b, e.Input)
	b = binary.AppendUvarint(b, uint64(e.Weight))
	for _, c := range e.Contexts {
		b = binary.AppendUvarint(b, uint64(c.Mapping))
		b = appendString(b, c.Value)
	}
	return string(b)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// DecodeCompletion unpacks EncodeCompletion's value; the strings share
// s's memory.
func DecodeCompletion(s string) (CompletionEntry, bool) {
	var e CompletionEntry
	var ok bool
	if e.Form, s, ok = readString(s); !ok {
		return e, false
	}
	if e.Input, s, ok = readString(s); !ok {
		return e, false
	}
	var w uint64
	if w, s, ok = readUvarint(s); !ok {
		return e, false
	}
	e.Weight = int(w)
	for len(s) > 0 {
		var m uint64
		var v string
		if m, s, ok = readUvarint(s); !ok {
			return e, false
		}
		if v, s, ok = readString(s); !ok {
			return e, false
		}
		e.Contexts = append(e.Contexts, CompletionContext{Mapping: int(m), Value: v})
	}
	return e, true
}

// readUvarint reads binary.AppendUvarint's encoding from the front of s.
func readUvarint(s string) (uint64, string, bool) {
	var x uint64
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		x |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			return x, s[i+1:], true
		}
	}
	return 0, s, false
}

// readString reads a length-prefixed string from the front of s.
func readString(s string) (string, string, bool) {
	n, rest, ok := readUvarint(s)
	if !ok || n > uint64(len(rest)) {
		return "", s, false
	}
	return rest[:n], rest[n:], true
}

// UTF16Len is the length of s in UTF-16 units (Java's String.length).
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// The labels of a completion form (ConcatenateGraphFilter and
// TokenStreamToAutomaton): SEP between tokens, HOLE for each position a
// filter removed.
const (
	CompletionSep  = '\x1f'
	CompletionHole = '\x1e'
)

// CompletionForm joins analysed tokens into the string a completion input
// is indexed (and a prefix searched) as.
func CompletionForm(tokens []analysis.Token, preserveSep, preservePosInc bool) string {
	var b strings.Builder
	last := -1
	for i, t := range tokens {
		if preservePosInc {
			for gap := t.Position - last - 1; gap > 0; gap-- {
				if b.Len() > 0 && preserveSep {
					b.WriteByte(CompletionSep)
				}
				b.WriteByte(CompletionHole)
			}
		}
		if (i > 0 || b.Len() > 0) && preserveSep && t.Position != last {
			b.WriteByte(CompletionSep)
		}
		b.WriteString(t.Term)
		last = t.Position
	}
	return b.String()
}
