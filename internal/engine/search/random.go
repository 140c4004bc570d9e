package search

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
	"github.com/clustersearch/clustersearch-go/internal/engine/xcontent"
)

// randomFunc is random_score as RandomScoreFunction computes it: with a
// seed, a murmur3 hash of the document's first field value salted by the
// index name and shard, so a seed and field give the real cluster's scores;
// without one, a hash of the document number (random either way).
type randomFunc struct {
	salted int32
	field  string // "" hashes the document number
	kind   fieldKind
	id     bool // hash the _id
	buf    []string
	lbuf   []int64
}

// seedRequiresField is the deprecation OpenSearch sends when random_score
// has a seed and no field (it then hashes _id).
const seedRequiresField = "OpenSearch requires that a [field] parameter is provided when a [seed] is set"

// newRandom is RandomScoreFunctionBuilder.doToFunction.
func (c *shardCtx) newRandom(x *dsl.RandomScore) (*randomFunc, *apierr.Error) {
	salt := javaHash(c.idx.Name)<<10 | int32(c.shard)
	if x.Seed == nil {
		return &randomFunc{salted: bitMix(longHash(c.now.UnixMilli()), salt)}, nil
	}
	seed, err := randomSeed(x.Seed)
	if err != nil {
		return nil, err
	}
	field := x.Field
	if field == "" {
		field = "_id"
	}
	rf := &randomFunc{salted: bitMix(seed, salt), field: field}
	if field == "_id" {
		rf.id = true
		return rf, nil
	}
	f := c.field(field)
	switch k := kindOf(f); k {
	case kindKeyword, kindLong:
		rf.kind = k
	case kindUnmapped:
		if len(c.m.Root.Props) == 0 {
			// No mappings: the index is empty, the function random.
			return &randomFunc{salted: bitMix(longHash(c.now.UnixMilli()), salt)}, nil
		}
		msg := "Field [" + field + "] is not mapped on [[" + c.idx.Name + "/" + c.idx.UUID + "]] and cannot be used as a source of random numbers."
		return nil, c.failedToCreate(apierr.IllegalArgument("%s", msg))
	default:
		return nil, apierr.Unsupported("random_score on a field of type [" + f.Type + "]")
	}
	return rf, nil
}

// randomSeed is the builder's seed: an int as is, a long by Long.hashCode,
// a string by String.hashCode.
func randomSeed(v *xcontent.Value) (int32, *apierr.Error) {
	if v.Kind == xcontent.String {
		return javaHash(v.Text()), nil
	}
	n, err := strconv.ParseInt(v.Text(), 10, 64)
	if err != nil {
		// A float or a number past a long: the parser's numberType is
		// neither INT nor LONG.
		return 0, apierr.New(apierr.TypeParsing, "random_score seed must be an int, long or string, not 'VALUE_NUMBER'")
	}
	if n == int64(int32(n)) {
		return int32(n), nil
	}
	return longHash(n), nil
}

// value is the document's score in [0, 1): the low 24 bits of the hash.
func (rf *randomFunc) value(c *shardCtx, d int32) float64 {
	h := rf.hash(c, d)
	return float64(float32(h&0xFFFFFF) / float32(1<<24))
}

func (rf *randomFunc) hash(c *shardCtx, d int32) int32 {
	switch {
	case rf.field == "":
		return bitMix(d, rf.salted)
	case rf.id:
		return murmur3([]byte(c.r.Doc(d).ID), rf.salted)
	case rf.kind == kindLong:
		rf.lbuf = c.r.Longs(rf.field, d, rf.lbuf[:0])
		if len(rf.lbuf) == 0 {
			return rf.salted
		}
		return murmur3(strconv.AppendInt(nil, slices.Min(rf.lbuf), 10), rf.salted)
	default:
		rf.buf = c.r.Keywords(rf.field, d, rf.buf[:0])
		if len(rf.buf) == 0 {
			return rf.salted
		}
		// Sorted set doc values: the first value is the smallest.
		return murmur3([]byte(slices.Min(rf.buf)), rf.salted)
	}
}

// javaHash is Java's String.hashCode (over UTF-16 code units).
func javaHash(s string) int32 {
	var h int32
	for _, r := range s {
		if r1, r2 := utf16.EncodeRune(r); r1 != '\uFFFD' {
			h = 31*h + r1
			h = 31*h + r2
		} else {
			h = 31*h + r
		}
	}
	return h
}

// longHash is Long.hashCode.
func longHash(v int64) int32 { return int32(v ^ int64(uint64(v)>>32)) }

// bitMix is HPPC's BitMixer.mix(int, int): MurmurHash3's finalizer of the
// key xor the seed.
func bitMix(key, seed int32) int32 { return int32(fmix32(uint32(key ^ seed))) }

func fmix32(k uint32) uint32 {
	k = (k ^ k>>16) * 0x85ebca6b
	k = (k ^ k>>13) * 0xc2b2ae35
	return k ^ k>>16
}

// murmur3 is MurmurHash3_x86_32 (Lucene's StringHelper.murmurhash3_x86_32).
func murmur3(data []byte, seed int32) int32 {
	const c1, c2 = 0xcc9e2d51, 0x1b873593
	h := uint32(seed)
	n := len(data) &^ 3
	for i := 0; i < n; i += 4 {
		k := binary.LittleEndian.Uint32(data[i:])
		k = bits.RotateLeft32(k*c1, 15) * c2
		h ^= k
		h = bits.RotateLeft32(h, 13)*5 + 0xe6546b64
	}
	var k uint32
	switch len(data) & 3 {
	case 3:
		k = uint32(data[n+2]) << 16
		fallthrough
	case 2:
		k |= uint32(data[n+1]) << 8
		fallthrough
	case 1:
		k |= uint32(data[n])
		h ^= bits.RotateLeft32(k*c1, 15) * c2
	}
	h ^= uint32(len(data))
	return int32(fmix32(h))
}

// Warnings returns the deprecation warnings OpenSearch sends for a query
// (a random_score seed without a field), each once.
func Warnings(q dsl.Query) []string {
	var out []string
	var walk func(q dsl.Query)
	walk = func(q dsl.Query) {
		switch x := q.(type) {
		case *dsl.Bool:
			for _, l := range [][]dsl.Query{x.Must, x.Should, x.Filter, x.MustNot} {
				for _, sub := range l {
					walk(sub)
				}
			}
		case *dsl.ConstantScore:
			walk(x.Filter)
		case *dsl.DisMax:
			for _, sub := range x.Queries {
				walk(sub)
			}
		case *dsl.FunctionScore:
			walk(x.Query)
			for _, fn := range x.Functions {
				walk(fn.Filter)
				if r := fn.RandomScore; r != nil && r.Seed != nil && r.Field == "" && !slices.Contains(out, seedRequiresField) {
					out = append(out, seedRequiresField)
				}
			}
		case *dsl.Nested:
			walk(x.Query)
		case *dsl.HasChild:
			walk(x.Query)
		case *dsl.HasParent:
			walk(x.Query)
		}
	}
	walk(q)
	return out
}
