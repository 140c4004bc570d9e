package jsonx

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// BodyDecoder is implemented by a response type that decodes a whole body
// itself, checking it and keeping nothing of it. Unmarshal hands it the
// caller's bytes as they are: the codec would first walk and copy them,
// which for a large body costs more than the decoding.
type BodyDecoder interface {
	DecodeBody(data []byte) error
}

// errSplit is ValueEnd's answer to a body it cannot split; the codec, which
// the caller then falls back to, says what is wrong with it.
var errSplit = errors.New("jsonx: malformed JSON")

// SkipSpace returns the offset of the first byte at or after i that is not
// JSON white space.
func SkipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	return i
}

// ValueEnd returns the offset just past the JSON value that starts at
// data[i] (white space before it is skipped). It follows only the structure,
// strings and the nesting of objects and arrays, and does not check the
// grammar in between: it splits a document into parts that are then decoded,
// and checked, on their own.
func ValueEnd(data []byte, i int) (int, error) {
	i = SkipSpace(data, i)
	if i >= len(data) {
		return 0, errSplit
	}
	switch data[i] {
	case '"':
		return StringEnd(data, i)
	case '{', '[':
	default:
		// A number or a literal ends at the first delimiter.
		for i < len(data) {
			switch data[i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return i, nil
			}
			i++
		}
		return i, nil
	}
	depth := 0
	for i < len(data) {
		switch data[i] {
		case '"':
			end, err := StringEnd(data, i)
			if err != nil {
				return 0, err
			}
			i = end
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		}
		i++
	}
	return 0, errSplit
}

// StringEnd returns the offset just past the string whose opening quote is
// at data[i], stepping over escaped characters.
func StringEnd(data []byte, i int) (int, error) {
	i++
	for {
		// Eight bytes at a time up to a quote or a backslash: the lowest
		// flagged byte of a word is exactly the first one.
		for i+8 <= len(data) {
			w := binary.LittleEndian.Uint64(data[i:])
			const ones, highs = 0x0101010101010101, 0x8080808080808080
			q, b := w^(ones*'"'), w^(ones*'\\')
			if m := ((q-ones)&^q | (b-ones)&^b) & highs; m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		for i < len(data) && data[i] != '"' && data[i] != '\\' {
			i++
		}
		if i >= len(data) {
			return 0, errSplit
		}
		if data[i] == '"' {
			return i + 1, nil
		}
		i += 2 // a backslash and the character it escapes
	}
}
