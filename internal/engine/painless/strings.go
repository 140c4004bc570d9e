package painless

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Java strings are UTF-16: lengths and indexes count UTF-16 code units. ASCII strings
// (the usual case) take the byte fast path.

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }

func jlen(s string) int {
	if isASCII(s) {
		return len(s)
	}
	return len(utf16Units(s))
}

// jsub is s.substring(a, b) with UTF-16 indexes, already bounds-checked.
func jsub(s string, a, b int) string {
	if isASCII(s) {
		return s[a:b]
	}
	return string(utf16.Decode(utf16Units(s)[a:b]))
}

// jindex converts a byte index in s into a UTF-16 index.
func jindex(s string, byteIdx int) int {
	if byteIdx < 0 || isASCII(s) {
		return byteIdx
	}
	return utf16Offset(s, byteIdx)
}

// jbyte converts a UTF-16 index into a byte index of s (clamped).
func jbyte(s string, idx int) int {
	if isASCII(s) {
		return min(max(idx, 0), len(s))
	}
	n := 0
	for i, r := range s {
		if n >= idx {
			return i
		}
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return len(s)
}

// compareStrings is String.compareTo: the difference of the first differing UTF-16 units,
// else of the lengths.
func compareStrings(a, b string) int {
	if isASCII(a) && isASCII(b) {
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				return int(a[i]) - int(b[i])
			}
		}
		return len(a) - len(b)
	}
	// String.compareTo returns the difference of the first differing units or lengths
	ua, ub := utf16Units(a), utf16Units(b)
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return int(ua[i]) - int(ub[i])
		}
	}
	return len(ua) - len(ub)
}

// javaTrim removes characters <= ' ' from both ends, as String.trim does.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

func stringMethod(s string, name string, args []any) (any, bool) {
	key := methodKey(name, len(args))
	switch key {
	case "length/0":
		return int32(jlen(s)), true
	case "isEmpty/0":
		return len(s) == 0, true
	case "equalsIgnoreCase/1":
		o, ok := args[0].(string)
		return ok && strings.EqualFold(s, o), true
	case "contains/1":
		return strings.Contains(s, stringArg(args[0])), true
	case "startsWith/1":
		return strings.HasPrefix(s, stringArg(args[0])), true
	case "startsWith/2":
		p, off := stringArg(args[0]), intArg(args[1])
		if off < 0 || off > jlen(s) {
			return false, true
		}
		return strings.HasPrefix(s[jbyte(s, off):], p), true
	case "endsWith/1":
		return strings.HasSuffix(s, stringArg(args[0])), true
	case "indexOf/1":
		return int32(jindex(s, strings.Index(s, stringArg(args[0])))), true
	case "indexOf/2":
		sub, from := stringArg(args[0]), intArg(args[1])
		from = max(from, 0)
		if from > jlen(s) {
			return int32(-1), true
		}
		b := jbyte(s, from)
		i := strings.Index(s[b:], sub)
		if i < 0 {
			return int32(-1), true
		}
		return int32(jindex(s, b+i)), true
	case "lastIndexOf/1":
		return int32(jindex(s, strings.LastIndex(s, stringArg(args[0])))), true
	case "lastIndexOf/2":
		sub, from := stringArg(args[0]), intArg(args[1])
		if from < 0 {
			return int32(-1), true
		}
		end := jbyte(s, from) + len(sub)
		end = min(end, len(s))
		return int32(jindex(s, strings.LastIndex(s[:end], sub))), true
	case "substring/1":
		a := intArg(args[0])
		n := jlen(s)
		if a < 0 || a > n {
			throw("StringIndexOutOfBoundsException", "begin "+itoa(a)+", end "+itoa(n)+", length "+itoa(n))
		}
		return jsub(s, a, n), true
	case "substring/2":
		a, b := intArg(args[0]), intArg(args[1])
		n := jlen(s)
		if a < 0 || b > n || a > b {
			throw("StringIndexOutOfBoundsException", "begin "+itoa(a)+", end "+itoa(b)+", length "+itoa(n))
		}
		return jsub(s, a, b), true
	case "toLowerCase/0":
		return strings.ToLower(s), true
	case "toUpperCase/0":
		return strings.ToUpper(s), true
	case "trim/0":
		return javaTrim(s), true
	case "replace/2":
		a, b := args[0], args[1]
		if a == nil || b == nil {
			throwNPE("")
		}
		return strings.ReplaceAll(s, javaString(a), javaString(b)), true
	case "compareTo/1":
		return int32(compareStrings(s, stringArg(args[0]))), true
	case "compareToIgnoreCase/1":
		return int32(compareStrings(strings.ToLower(strings.ToUpper(s)), strings.ToLower(strings.ToUpper(stringArg(args[0]))))), true
	case "concat/1":
		return s + stringArg(args[0]), true
	case "sha1/0":
		sum := sha1.Sum([]byte(s))
		return hex.EncodeToString(sum[:]), true
	case "sha256/0":
		sum := sha256.Sum256([]byte(s))
		return hex.EncodeToString(sum[:]), true
	case "encodeBase64/0":
		return base64.StdEncoding.EncodeToString([]byte(s)), true
	case "decodeBase64/0":
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil {
			throwIAE("Illegal base64 character")
		}
		return string(b), true
	case "splitOnToken/1":
		return splitOnToken(s, args[0], -1), true
	case "splitOnToken/2":
		return splitOnToken(s, args[0], intArg(args[1])), true
	}
	return nil, false
}

func itoa(i int) string { return javaString(int64(i)) }

// splitOnToken is Painless's String augmentation: split on a literal token, keeping
// trailing empty strings; the result is a String[].
func splitOnToken(s string, tok any, limit int) any {
	if tok == nil {
		throwNPE("Cannot split on null token")
	}
	t := stringArg(tok)
	if t == "" {
		throwIAE("Cannot split on empty token")
	}
	var out []any
	rest := s
	for limit <= 0 || len(out) < limit-1 {
		i := strings.Index(rest, t)
		if i < 0 {
			break
		}
		out = append(out, rest[:i])
		rest = rest[i+len(t):]
	}
	out = append(out, rest)
	return &List{Items: out, array: true, elem: tyString}
}
