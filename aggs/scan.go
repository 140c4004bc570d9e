package aggs

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// scanner reads JSON without copying it. Strings read with str are
// substrings of the input, good only while decoding (for comparing keys);
// strings the results keep go through keep, which copies them into arena
// chunks, so nothing of the caller's bytes is retained. Errors stick: after
// the first one every read returns zero values, and loops end because next
// reports false.
type scanner struct {
	data  []byte
	s     string
	i     int
	err   error
	depth int
	arena []byte // the chunk keep copies strings into
	// intern holds recent kept strings by hash: names, types and date keys
	// repeat in every bucket, and are kept once.
	intern [128]string

	// Pools of the results and buckets a response holds by the hundred.
	named       pool[Named]
	termsB      pool[TermsBucket]
	multiTermsB pool[MultiTermsBucket]
	sigTermsB   pool[SignificantTermsBucket]
	histB       pool[HistogramBucket]
	datesB      pool[DateHistogramBucket]
	rangesB     pool[RangeBucket]
	filtersB    pool[FiltersBucket]
	compositesB pool[CompositeBucket]
	termsAggs   pool[TermsAggregate]
	dateAggs    pool[DateHistogramAggregate]
	histAggs    pool[HistogramAggregate]
	values      pool[ValueAggregate]
	singles     pool[SingleBucketAggregate]
}

// maxDepth bounds nesting, so hostile input cannot exhaust the stack.
const maxDepth = 1000

func newScanner(data []byte) *scanner {
	sc := &scanner{data: data}
	if len(data) > 0 {
		sc.s = unsafe.String(&data[0], len(data))
	}
	return sc
}

// SyntaxError is a malformed aggregations body.
type SyntaxError struct {
	Offset int
	Msg    string
}

// Error tells where the body went wrong.
func (e *SyntaxError) Error() string {
	return "aggs: invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

func (sc *scanner) fail(msg string) {
	if sc.err == nil {
		sc.err = &SyntaxError{sc.i, msg}
	}
}

func (sc *scanner) ws() {
	i := sc.i
	data := sc.data
	// Server bodies are compact: the common case is no white space at all.
	if i < len(data) && data[i] > ' ' {
		return
	}
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		break
	}
	sc.i = i
}

// peek returns the next non-space byte, 0 at the end or after an error.
func (sc *scanner) peek() byte {
	if sc.err != nil {
		return 0
	}
	sc.ws()
	if sc.i >= len(sc.data) {
		return 0
	}
	return sc.data[sc.i]
}

// open consumes c ('{' or '[') or fails.
func (sc *scanner) open(c byte) bool {
	if sc.peek() != c {
		sc.fail("expected " + string(c))
		return false
	}
	sc.i++
	sc.depth++
	if sc.depth > maxDepth {
		sc.fail("nested too deeply")
		return false
	}
	return true
}

// next reports whether a container opened with open has another element,
// consuming the comma before it or the closing byte after the last one.
// first is the caller's loop state.
func (sc *scanner) next(end byte, first *bool) bool {
	// The common cases first, on compact input: a comma between elements,
	// the first element, the end.
	if i := sc.i; sc.err == nil && i < len(sc.data) {
		switch c := sc.data[i]; {
		case c == ',' && !*first:
			sc.i = i + 1
			return true
		case c == end:
			sc.i = i + 1
			sc.depth--
			return false
		case *first && c > ' ' && c != ',':
			*first = false
			return true
		}
	}
	c := sc.peek()
	if c == end {
		sc.i++
		sc.depth--
		return false
	}
	if sc.err != nil {
		return false
	}
	if *first {
		*first = false
		return true
	}
	if c != ',' {
		sc.fail("expected , or " + string(end))
		return false
	}
	sc.i++
	return true
}

// keyIs reads an object key, first checking whether it is want, the field the
// server writes next: a match costs one comparison instead of a scan.
func (sc *scanner) keyIs(want string) string {
	i, s := sc.i, sc.s
	if end := i + len(want) + 2; end < len(s) && s[i] == '"' && s[end-1] == '"' && s[end] == ':' && equalKey(s[i+1:end-1], want) {
		sc.i = end + 1
		return want
	}
	return sc.key()
}

// key reads an object key and its colon.
func (sc *scanner) key() string {
	k := sc.str()
	if i := sc.i; i < len(sc.data) && sc.data[i] == ':' {
		sc.i = i + 1
		return k
	}
	if sc.peek() != ':' {
		sc.fail("expected :")
		return ""
	}
	sc.i++
	return k
}

// str reads a string. Escaped strings are decoded by the JSON codec (and so
// allocate); plain ones are substrings of the input.
func (sc *scanner) str() string {
	if sc.peek() != '"' {
		sc.fail("expected a string")
		return ""
	}
	start := sc.i
	data := sc.data
	i := start + 1
	// Eight bytes at a time: the lowest flagged byte of a word is exactly the
	// first quote, backslash or control character in it.
	for i+8 <= len(data) {
		m := special(binary.LittleEndian.Uint64(data[i:]))
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		if data[i] == '"' {
			sc.i = i + 1
			return sc.s[start+1 : i]
		}
		return sc.escapedStr(start)
	}
	for ; i < len(data); i++ {
		c := data[i]
		if c == '"' {
			sc.i = i + 1
			return sc.s[start+1 : i]
		}
		if c == '\\' || c < 0x20 {
			return sc.escapedStr(start)
		}
	}
	sc.i = len(data)
	sc.fail("unterminated string")
	return ""
}

// special flags with its high bit each byte of w that is '"', '\\' or below
// 0x20 (the classic has-zero-byte and has-less-than bit tricks). Borrows can
// flag a byte above a flagged one, never one below, so the lowest flag is
// exact.
func special(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := w ^ (ones * '"')
	backslash := w ^ (ones * '\\')
	return ((quote-ones)&^quote | (backslash-ones)&^backslash | (w-ones*0x20)&^w) & highs
}

// escapedStr reads a string with escapes (or a control character, which
// is an error) starting at the quote at start.
func (sc *scanner) escapedStr(start int) string {
	i := start + 1
	for i < len(sc.data) {
		switch c := sc.data[i]; {
		case c == '"':
			sc.i = i + 1
			var out string
			if err := jsonx.Unmarshal(sc.data[start:sc.i], &out); err != nil {
				sc.i = start
				sc.fail("bad string: " + err.Error())
				return ""
			}
			return out
		case c == '\\':
			i += 2
		case c < 0x20:
			sc.i = i
			sc.fail("control character in string")
			return ""
		default:
			i++
		}
	}
	sc.i = len(sc.data)
	sc.fail("unterminated string")
	return ""
}

// strOrNull reads a string to keep, or null as "".
func (sc *scanner) strOrNull() string {
	if sc.peek() == 'n' {
		sc.literal("null")
		return ""
	}
	return sc.keep(sc.str())
}

// arenaChunk is the size of the chunks kept strings are copied into: small
// enough for the allocator's size classes, large enough to hold hundreds.
const arenaChunk = 8 << 10

// keep returns a copy of s that the results may hold. Copies share chunks,
// which are only ever appended to.
func (sc *scanner) keep(s string) string {
	if len(s) == 0 {
		return ""
	}
	if len(s) > arenaChunk/8 {
		return strings.Clone(s)
	}
	slot := &sc.intern[internHash(s)%uint64(len(sc.intern))]
	if len(*slot) == len(s) && equalKey(*slot, s) {
		return *slot
	}
	if cap(sc.arena)-len(sc.arena) < len(s) {
		sc.arena = make([]byte, 0, arenaChunk)
	}
	l := len(sc.arena)
	sc.arena = append(sc.arena, s...)
	*slot = unsafe.String(&sc.arena[l], len(s))
	return *slot
}

// keepBytes returns a copy of b that the results may hold.
func keepBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte(nil), b...)
}

func (sc *scanner) literal(word string) {
	if len(sc.data)-sc.i < len(word) || sc.s[sc.i:sc.i+len(word)] != word {
		sc.fail("expected " + word)
		return
	}
	sc.i += len(word)
}

// number returns the text of a number, checked against JSON's grammar:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (sc *scanner) number() string {
	sc.ws()
	data, start := sc.data, sc.i
	i := start
	digits := func() int {
		n := 0
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(data) && data[i] == '-' {
		i++
	}
	intStart := i
	if n := digits(); n == 0 || (n > 1 && data[intStart] == '0') {
		sc.fail("expected a number")
		return ""
	}
	if i < len(data) && data[i] == '.' {
		i++
		if digits() == 0 {
			sc.fail("expected a digit after the decimal point")
			return ""
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if digits() == 0 {
			sc.fail("expected a digit in the exponent")
			return ""
		}
	}
	sc.i = i
	return sc.s[start:i]
}

// isFloat reports whether a number's text has a fraction or an exponent.
func isFloat(num string) bool {
	for i := 0; i < len(num); i++ {
		switch num[i] {
		case '.', 'e', 'E':
			return true
		}
	}
	return false
}

// float reads a number, null (ok false), or the strings the server writes
// for non-finite doubles ("NaN", "Infinity", "-Infinity").
func (sc *scanner) float() (float64, bool) {
	switch sc.peek() {
	case 'n':
		sc.literal("null")
		return 0, false
	case '"':
		s := sc.str()
		switch s {
		case "NaN":
			return math.NaN(), true
		case "Infinity":
			return math.Inf(1), true
		case "-Infinity":
			return math.Inf(-1), true
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			sc.fail("expected a number, got string " + strconv.Quote(s))
		}
		return f, err == nil
	}
	num := sc.number()
	if sc.err != nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		sc.fail("bad number " + num)
		return 0, false
	}
	return f, true
}

// floatPtr reads a number into *dst and returns dst, or nil for null.
func (sc *scanner) floatPtr(dst *float64) *float64 {
	f, ok := sc.float()
	if !ok {
		return nil
	}
	*dst = f
	return dst
}

// newFloat reads a number into a fresh pointer, nil for null.
func (sc *scanner) newFloat() *float64 {
	f, ok := sc.float()
	if !ok {
		return nil
	}
	return &f
}

// int reads an integer (a number written as a double is truncated); null is 0.
func (sc *scanner) int() int64 {
	if n, ok := sc.fastInt(); ok {
		return n
	}
	if sc.peek() == 'n' {
		sc.literal("null")
		return 0
	}
	num := sc.number()
	if sc.err != nil {
		return 0
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err == nil {
		return n
	}
	f, ferr := strconv.ParseFloat(num, 64)
	if ferr != nil {
		sc.fail("bad number " + num)
		return 0
	}
	return int64(f)
}

// key reads a bucket key: a string, number, boolean or null.
func (sc *scanner) bucketKey() Key {
	switch c := sc.peek(); c {
	case '"':
		return StringKey(sc.keep(sc.str()))
	case 'n':
		sc.literal("null")
		return Key{}
	case 't':
		sc.literal("true")
		return BoolKey(true)
	case 'f':
		sc.literal("false")
		return BoolKey(false)
	}
	num := sc.number()
	if sc.err != nil {
		return Key{}
	}
	if !isFloat(num) {
		if n, err := strconv.ParseInt(num, 10, 64); err == nil {
			return LongKey(n)
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		sc.fail("bad number " + num)
		return Key{}
	}
	return DoubleKey(f)
}

// skip passes over one value and returns its bytes.
func (sc *scanner) skip() []byte {
	c := sc.peek()
	start := sc.i
	switch c {
	case '{', '[':
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		if !sc.open(c) {
			return nil
		}
		first := true
		for sc.next(end, &first) {
			if c == '{' {
				sc.key()
			}
			sc.skip()
		}
	case '"':
		sc.str()
	case 't':
		sc.literal("true")
	case 'f':
		sc.literal("false")
	case 'n':
		sc.literal("null")
	default:
		sc.number()
	}
	if sc.err != nil {
		return nil
	}
	return sc.data[start:sc.i:sc.i]
}

// end checks that only white space follows the value.
func (sc *scanner) end() {
	if sc.peek() != 0 {
		sc.fail("data after the value")
	}
}

// fastInt reads a plain integer of up to 16 digits, the form of nearly every
// count and epoch key, without strconv: up to eight digits per word of
// input. It leaves the input alone and reports false for anything else.
func (sc *scanner) fastInt() (int64, bool) {
	sc.ws()
	data := sc.data
	i := sc.i
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	if i+16 > len(data) {
		return 0, false // near the end of the input: the slow path reads it
	}
	w := binary.LittleEndian.Uint64(data[i:])
	nd := leadingDigits(w)
	n := digitsValue(w, nd)
	digits := nd
	if nd == 8 {
		w2 := binary.LittleEndian.Uint64(data[i+8:])
		nd2 := leadingDigits(w2)
		for k := 0; k < nd2; k++ {
			n *= 10
		}
		n += digitsValue(w2, nd2)
		digits += nd2
		if nd2 == 8 {
			return 0, false // 16 digits or more: strconv tells overflow apart
		}
	}
	if digits == 0 || (digits > 1 && data[i] == '0') {
		return 0, false // not a number, or leading zeros: the slow path decides
	}
	i += digits
	if c := data[i]; c == '.' || c == 'e' || c == 'E' {
		return 0, false
	}
	sc.i = i
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}

// leadingDigits returns how many of the bytes of w, from the lowest, are
// ASCII digits before the first that is not. Adding 6 can carry into the
// byte above a non-digit, never below it, so the first non-digit is exact.
func leadingDigits(w uint64) int {
	const high = 0xF0F0F0F0F0F0F0F0
	m := ((w & high) ^ 0x3030303030303030) | (((w + 0x0606060606060606) & high) ^ 0x3030303030303030)
	return bits.TrailingZeros64(m) >> 3
}

// digitsValue returns the value of the first nd (0 to 8) digit bytes of w:
// shifted to the top of the word, with '0's below them as leading zeros.
func digitsValue(w uint64, nd int) uint64 {
	if nd == 0 {
		return 0
	}
	shift := uint(8-nd) * 8
	return parseEight(w<<shift | 0x3030303030303030>>(64-shift))
}

// eightDigits reports whether all eight bytes of w are ASCII digits.
func eightDigits(w uint64) bool {
	const high = 0xF0F0F0F0F0F0F0F0
	return (w&high)|((w+0x0606060606060606)&high)>>4 == 0x3333333333333333
}

// parseEight returns the value of eight ASCII digits, the first in the lowest
// byte: pairs, then quads, then the whole, each step one multiply.
func parseEight(w uint64) uint64 {
	w = (w & 0x0F0F0F0F0F0F0F0F) * 2561 >> 8
	w = (w & 0x00FF00FF00FF00FF) * 6553601 >> 16
	return (w & 0x0000FFFF0000FFFF) * 42949672960001 >> 32
}

// internHash hashes a string for the intern table from its length and three
// 8-byte windows (start, middle, end; overlapping for short strings): cheap,
// and it tells apart the names and date keys that repeat. A collision only
// costs a copy.
func internHash(s string) uint64 {
	n := len(s)
	if n < 8 {
		return shortWord(s)*0x9E3779B97F4A7C15 ^ uint64(n)
	}
	p := unsafe.StringData(s)
	first := *(*uint64)(unsafe.Pointer(p))
	mid := *(*uint64)(unsafe.Add(unsafe.Pointer(p), n/2-4))
	last := *(*uint64)(unsafe.Add(unsafe.Pointer(p), n-8))
	h := (first*0x9E3779B97F4A7C15 ^ mid) * 0xC2B2AE3D27D4EB4F
	h = (h ^ last ^ uint64(n)) * 0x165667B19E3779F9
	return h ^ h>>32
}

// shortWord packs a string of fewer than 8 bytes into a word.
func shortWord(s string) uint64 {
	var w uint64
	for i := 0; i < len(s); i++ {
		w = w<<8 | uint64(s[i])
	}
	return w
}

// equalKey reports whether a and b, of the same length, are equal: for the
// short field names of results, two overlapping word loads beat a call to
// the runtime's comparison.
func equalKey(a, b string) bool {
	n := len(a)
	if n < 4 || n > 16 {
		return a == b
	}
	pa, pb := unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b))
	if n < 8 {
		return *(*uint32)(pa) == *(*uint32)(pb) &&
			*(*uint32)(unsafe.Add(pa, n-4)) == *(*uint32)(unsafe.Add(pb, n-4))
	}
	return *(*uint64)(pa) == *(*uint64)(pb) &&
		*(*uint64)(unsafe.Add(pa, n-8)) == *(*uint64)(unsafe.Add(pb, n-8))
}
