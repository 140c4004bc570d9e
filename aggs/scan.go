package aggs

import (
	"encoding/binary"
	"math"
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

// key reads an object key and its colon.
func (sc *scanner) key() string {
	k := sc.str()
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
	// Eight bytes at a time while none is a quote, a backslash or a control
	// character; the byte loop below finds which one it was.
	for i+8 <= len(data) && !special(binary.LittleEndian.Uint64(data[i:])) {
		i += 8
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

// special reports whether any byte of w is '"', '\\' or below 0x20 (the
// classic has-zero-byte and has-less-than bit tricks).
func special(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := w ^ (ones * '"')
	backslash := w ^ (ones * '\\')
	zero := func(v uint64) uint64 { return (v - ones) &^ v & highs }
	control := (w - ones*0x20) &^ w & highs
	return zero(quote)|zero(backslash)|control != 0
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
	if *slot == s {
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

// fastInt reads a plain integer of up to 18 digits, the form of nearly every
// count and epoch key, without strconv. It leaves the input alone and
// reports false for anything else.
func (sc *scanner) fastInt() (int64, bool) {
	sc.ws()
	data := sc.data[sc.i:]
	i := 0
	neg := len(data) > 0 && data[0] == '-'
	if neg {
		i++
	}
	start := i
	var n int64
	for ; i < len(data) && i-start < 18; i++ {
		c := data[i] - '0'
		if c > 9 {
			break
		}
		n = n*10 + int64(c)
	}
	digits := i - start
	if digits == 0 || digits >= 18 || (digits > 1 && data[start] == '0') {
		return 0, false // empty, long or with leading zeros: the slow path decides
	}
	if i < len(data) {
		if c := data[i]; c == '.' || c == 'e' || c == 'E' {
			return 0, false
		}
	}
	sc.i += i
	if neg {
		n = -n
	}
	return n, true
}

// internHash hashes a string for the intern table from its length and three
// 8-byte windows (start, middle, end): cheap, and it tells apart the names
// and date keys that repeat. A collision only costs a copy.
func internHash(s string) uint64 {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	h := uint64(len(b)) * 0x9E3779B97F4A7C15
	if len(b) < 8 {
		for _, c := range b {
			h = (h ^ uint64(c)) * 0x100000001B3
		}
		return h ^ h>>29
	}
	for _, at := range [3]int{0, len(b)/2 - 4, len(b) - 8} {
		if at < 0 {
			at = 0
		}
		h = (h ^ binary.LittleEndian.Uint64(b[at:])) * 0x100000001B3
		h ^= h >> 31
	}
	return h
}
