package analysis

import "unicode/utf8"

// UTF16Offsets converts the byte offsets of toks, produced by analyzing text, to the
// UTF-16 code unit offsets OpenSearch reports in _analyze (Java string indexes). Offsets
// are converted in one forward pass when they ascend, as analyzers produce them.
func UTF16Offsets(text string, toks []Token) {
	c := utf16Cursor{text: text}
	for i := range toks {
		toks[i].StartOffset = c.at(toks[i].StartOffset)
		toks[i].EndOffset = c.at(toks[i].EndOffset)
	}
}

// utf16Cursor maps byte offsets to UTF-16 offsets, remembering where it stopped.
type utf16Cursor struct {
	text        string
	byte, units int
}

func (c *utf16Cursor) at(off int) int {
	if off < c.byte {
		c.byte, c.units = 0, 0
	}
	if off > len(c.text) {
		off = len(c.text)
	}
	for c.byte < off {
		b := c.text[c.byte]
		if b < utf8.RuneSelf {
			c.byte++
			c.units++
			continue
		}
		r, size := utf8.DecodeRuneInString(c.text[c.byte:])
		c.byte += size
		c.units++
		if r >= 0x10000 {
			c.units++
		}
	}
	return c.units
}
