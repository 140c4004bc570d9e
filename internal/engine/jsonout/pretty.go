package jsonout

// Pretty re-indents compact or indented JSON the way OpenSearch's Jackson
// pretty printer does: two-space indent, `"key" : value`, empty containers as
// "{ }" and "[ ]", and a final newline. Invalid input is returned unchanged.
func Pretty(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(src)/2)
	depth := 0
	newline := func() {
		out = append(out, '\n')
		for i := 0; i < depth; i++ {
			out = append(out, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return src
			}
			out = append(out, src[i:j+1]...)
			i = j
		case '{', '[':
			close := byte('}')
			if c == '[' {
				close = ']'
			}
			k := i + 1
			for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
				k++
			}
			if k < len(src) && src[k] == close {
				out = append(out, c, ' ', close)
				i = k
				continue
			}
			out = append(out, c)
			depth++
			newline()
		case '}', ']':
			depth--
			if depth < 0 {
				return src
			}
			newline()
			out = append(out, c)
		case ',':
			out = append(out, ',')
			newline()
		case ':':
			out = append(out, ' ', ':', ' ')
		default:
			out = append(out, c)
		}
	}
	if depth != 0 {
		return src
	}
	return append(out, '\n')
}
