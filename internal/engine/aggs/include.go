package aggs

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/mapping"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// includeExclude is a terms aggregation's include/exclude filter
// (IncludeExclude): Lucene regular expressions, exact value lists, or a
// hash partition.
type includeExclude struct {
	aggName                     string // the aggregation's name, for errors
	regexText, excludeRegexText string
	regex, excludeRegex         *regexp.Regexp
	includeValues               []string
	excludeValues               []string
	partition, numPartitions    int
	partitioned                 bool

	incStr, excStr map[string]bool
	incNum, excNum map[float64]bool
}

// given reports whether include or exclude was set (the aggregator then
// filters its terms).
func (ie *includeExclude) given() bool {
	return ie != nil && (ie.regexText != "" || ie.excludeRegexText != "" || ie.includeValues != nil || ie.excludeValues != nil || ie.partitioned)
}

func (ie *includeExclude) parseInclude(p *parser, m *xcontent.Member) *apierr.Error {
	switch m.Value.Kind {
	case xcontent.String:
		ie.regexText = m.Value.Str
	case xcontent.Array:
		for _, it := range m.Value.Items {
			ie.includeValues = append(ie.includeValues, it.Text())
		}
	case xcontent.Object:
		for _, f := range m.Value.Members {
			var err *apierr.Error
			switch f.Key {
			case "partition":
				ie.partition, err = p.integer(&f)
			case "num_partitions":
				ie.numPartitions, err = p.integer(&f)
			default:
				return p.failed(m, parseErr(f.Line, f.Col, "Unknown parameter in Include/Exclude clause: %s", f.Key))
			}
			if err != nil {
				return err
			}
		}
		ie.partitioned = true
		if ie.numPartitions <= 0 {
			return p.failed(m, parseErr(m.Value.Line, m.Value.Col, "Missing [num_partitions] parameter for partition-based include"))
		}
		if ie.partition < 0 || ie.partition >= ie.numPartitions {
			return p.failed(m, parseErr(m.Value.Line, m.Value.Col, "Invalid partition %d (should be >=0 and < %d)", ie.partition, ie.numPartitions))
		}
	default:
		return p.wrongType(m)
	}
	return nil
}

func (ie *includeExclude) parseExclude(p *parser, m *xcontent.Member) *apierr.Error {
	switch m.Value.Kind {
	case xcontent.String:
		ie.excludeRegexText = m.Value.Str
	case xcontent.Array:
		for _, it := range m.Value.Items {
			ie.excludeValues = append(ie.excludeValues, it.Text())
		}
	default:
		return p.wrongType(m)
	}
	return nil
}

// compile prepares the filter for a key kind: regexes for strings, exact
// values parsed as numbers for numeric terms.
func (ie *includeExclude) compile(kind keyKind) *apierr.Error {
	return ie.compileFormat(kind, rawFormat, time.Time{})
}

// compileFormat is compile with numeric values read by the field's format
// (IncludeExclude.convertToLongFilter parses dates with it).
func (ie *includeExclude) compileFormat(kind keyKind, f docFormat, now time.Time) *apierr.Error {
	var err *apierr.Error
	if ie.regexText != "" && ie.regex == nil {
		if ie.regex, err = luceneRegexp(ie.regexText); err != nil {
			return err
		}
	}
	if ie.excludeRegexText != "" && ie.excludeRegex == nil {
		if ie.excludeRegex, err = luceneRegexp(ie.excludeRegexText); err != nil {
			return err
		}
	}
	if kind == keyString && f.kind == fmtIP {
		// ip terms are 16-byte addresses: values are addresses, and a
		// regular expression cannot apply.
		if ie.regex != nil || ie.excludeRegex != nil {
			return aggExec("Aggregation [%s] cannot support regular expression style include/exclude settings as they can only be applied to string fields. Use an array of values for include/exclude clauses", ie.aggName)
		}
		var err *apierr.Error
		if ie.incStr, err = ipSet(ie.includeValues); err != nil {
			return err
		}
		ie.excStr, err = ipSet(ie.excludeValues)
		return err
	}
	if kind == keyString {
		ie.incStr, ie.excStr = setOf(ie.includeValues), setOf(ie.excludeValues)
		return nil
	}
	if ie.incNum, err = numSet(ie.includeValues, f, now); err != nil {
		return err
	}
	ie.excNum, err = numSet(ie.excludeValues, f, now)
	return err
}

// ipSet encodes addresses as ip doc values hold them.
func ipSet(vals []string) (map[string]bool, *apierr.Error) {
	if vals == nil {
		return nil, nil
	}
	m := make(map[string]bool, len(vals))
	for _, v := range vals {
		a, ok := mapping.ParseIP(v)
		if !ok {
			return nil, apierr.IllegalArgument("%s", mapping.NotIPReason(v))
		}
		m[mapping.EncodeIP(a)] = true
	}
	return m, nil
}

func setOf(vals []string) map[string]bool {
	if vals == nil {
		return nil
	}
	m := make(map[string]bool, len(vals))
	for _, v := range vals {
		m[v] = true
	}
	return m
}

func numSet(vals []string, f docFormat, now time.Time) (map[float64]bool, *apierr.Error) {
	if vals == nil {
		return nil, nil
	}
	m := make(map[float64]bool, len(vals))
	for _, v := range vals {
		if f.kind == fmtDate || f.kind == fmtBool {
			x, err := f.parseDouble(v, false, now)
			if err != nil {
				return nil, err
			}
			m[x] = true
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, numberFormat(v)
		}
		m[x] = true
	}
	return m, nil
}

// accepts reports whether a bucket's key passes the filter.
func (ie *includeExclude) accepts(b *termBucket) bool {
	if b.kind == keyString {
		switch {
		case ie.regex != nil && !ie.regex.MatchString(b.s):
			return false
		case ie.incStr != nil && !ie.incStr[b.s]:
			return false
		case ie.excludeRegex != nil && ie.excludeRegex.MatchString(b.s):
			return false
		case ie.excStr != nil && ie.excStr[b.s]:
			return false
		case ie.partitioned:
			return floorMod(int64(murmur3x86(b.s, 31)), ie.numPartitions) == ie.partition
		}
		return true
	}
	k := b.keyDouble()
	switch {
	case ie.incNum != nil && !ie.incNum[k]:
		return false
	case ie.excNum != nil && ie.excNum[k]:
		return false
	case ie.partitioned:
		bits := b.n
		if b.kind == keyDouble {
			bits = sortableDoubleBits(b.f)
		}
		return floorMod(int64(bitMix64(uint64(bits))), ie.numPartitions) == ie.partition
	}
	return true
}

func floorMod(x int64, n int) int {
	m := x % int64(n)
	if m < 0 {
		m += int64(n)
	}
	return int(m)
}

// sortableDoubleBits is NumericUtils.doubleToSortableLong.
func sortableDoubleBits(f float64) int64 {
	bits := int64(math.Float64bits(f))
	return bits ^ (bits>>63)&0x7fffffffffffffff
}

// murmur3x86 is MurmurHash3's x86 32-bit hash of a string's UTF-8 bytes
// (Lucene's StringHelper.murmurhash3_x86_32).
func murmur3x86(s string, seed uint32) int32 {
	const c1, c2 = 0xcc9e2d51, 0x1b873593
	h := seed
	n := len(s)
	i := 0
	for ; i+4 <= n; i += 4 {
		k := uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
		k *= c1
		k = k<<15 | k>>17
		k *= c2
		h ^= k
		h = h<<13 | h>>19
		h = h*5 + 0xe6546b64
	}
	var k uint32
	switch n - i {
	case 3:
		k ^= uint32(s[i+2]) << 16
		fallthrough
	case 2:
		k ^= uint32(s[i+1]) << 8
		fallthrough
	case 1:
		k ^= uint32(s[i])
		k *= c1
		k = k<<15 | k>>17
		k *= c2
		h ^= k
	}
	h ^= uint32(n)
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return int32(h)
}

// luceneRegexp translates a Lucene RegExp (the syntax include/exclude
// use) into an anchored Go expression: '@' is any string, '#' the empty
// language, '"..."' a literal, '\' escapes; intersection, complement and
// numeric intervals are refused.
func luceneRegexp(s string) (*regexp.Regexp, *apierr.Error) {
	var b strings.Builder
	b.WriteString(`^(?:`)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteString(regexp.QuoteMeta(string(s[i])))
			}
		case '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, apierr.IllegalArgument("expected '\"' at position %d", len(s))
			}
			b.WriteString(regexp.QuoteMeta(s[i+1 : i+1+j]))
			i += j + 1
		case '@':
			b.WriteString(`.*`)
		case '#':
			b.WriteString(`[^\x00-\x{10FFFF}]`)
		case '&', '~', '<':
			return nil, apierr.Unsupported("the Lucene regular expression operator [" + string(c) + "] in include/exclude")
		case '^', '$':
			b.WriteString(regexp.QuoteMeta(string(c)))
		default:
			b.WriteByte(c)
		}
	}
	b.WriteString(`)$`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, apierr.IllegalArgument("invalid regular expression [%s]", s)
	}
	return re, nil
}
