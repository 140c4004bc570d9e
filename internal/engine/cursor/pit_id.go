package cursor

import (
	"encoding/base64"
	"encoding/binary"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// PITShard is one shard of a point in time as its id names it: the
// shard, the node holding its reader context and the context's id.
type PITShard struct {
	// Index and UUID name the shard's index, Shard its number.
	Index, UUID string
	Shard       int
	// Node is the id of the node holding the reader context.
	Node string
	// Session and Context identify the reader context
	// (ShardSearchContextId): ids of another server have another session.
	Session string
	Context int64
}

// EncodePITID writes a point-in-time id in SearchContextId's layout: the
// version id, the shards (ShardId, then SearchContextIdForNode: node, no
// cluster alias, the context's id and session) and an empty alias-filter
// map, in StreamOutput's encoding, as URL-safe base64.
func EncodePITID(version int, shards []PITShard) string {
	var b []byte
	b = appendVInt(b, int64(version))
	b = appendVInt(b, int64(len(shards)))
	for _, s := range shards {
		b = appendString(b, s.Index)
		b = appendString(b, s.UUID)
		b = appendVInt(b, int64(s.Shard))
		b = appendString(b, s.Node)
		b = append(b, 0) // no cluster alias
		b = binary.BigEndian.AppendUint64(b, uint64(s.Context))
		b = appendString(b, s.Session)
	}
	b = appendVInt(b, 0) // alias filters
	return base64.URLEncoding.EncodeToString(b)
}

// DecodePITID reads an id written by EncodePITID with the checks of
// SearchContextId.decode: undecodable base64 or a truncated body is
// "invalid id: [...]" (caused by Java's base64 error or an EOFException),
// and trailing bytes are "Not all bytes were read".
func DecodePITID(id string) ([]PITShard, *apierr.Error) {
	raw, berr := javaBase64URL(id)
	invalid := func(cause *apierr.Error) *apierr.Error {
		return apierr.IllegalArgument("invalid id: [%s]", id).WithCause(cause)
	}
	if berr != "" {
		return nil, invalid(apierr.IllegalArgument("%s", berr))
	}
	in := &streamInput{b: raw, ok: true}
	in.vint() // the version of the node that wrote it
	n := in.vint()
	var out []PITShard
	for i := int64(0); i < n && in.ok; i++ {
		var s PITShard
		s.Index = in.str()
		s.UUID = in.str()
		s.Shard = int(in.vint())
		s.Node = in.str()
		if in.byte1() != 0 {
			in.str() // a cluster alias: the fake has no remote clusters
		}
		s.Context = in.long()
		s.Session = in.str()
		out = append(out, s)
	}
	filters := in.vint()
	for i := int64(0); i < filters && in.ok; i++ {
		in.str()
		for k := in.vint(); k > 0 && in.ok; k-- {
			in.str()
		}
		if in.byte1() != 0 {
			in.ok = false // a filter query: never written by the fake
		}
	}
	if !in.ok {
		return nil, invalid(&apierr.Error{Status: 500, Type: "e_o_f_exception", NullReason: true})
	}
	if len(in.b) > 0 {
		return nil, apierr.IllegalArgument("Not all bytes were read")
	}
	return out, nil
}

// streamInput reads StreamInput's encodings; ok turns false at the first
// read past the end (or an impossible length) and stays false.
type streamInput struct {
	b  []byte
	ok bool
}

func (in *streamInput) byte1() byte {
	if len(in.b) == 0 {
		in.ok = false
	}
	if !in.ok {
		return 0
	}
	c := in.b[0]
	in.b = in.b[1:]
	return c
}

// vint is readVInt: seven bits a byte, at most five bytes.
func (in *streamInput) vint() int64 {
	var v uint32
	for shift := 0; shift < 35; shift += 7 {
		c := in.byte1()
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return int64(int32(v))
		}
	}
	in.ok = false
	return 0
}

func (in *streamInput) long() int64 {
	if len(in.b) < 8 {
		in.ok = false
	}
	if !in.ok {
		return 0
	}
	v := int64(binary.BigEndian.Uint64(in.b))
	in.b = in.b[8:]
	return v
}

// str is readString: a vint count of UTF-16 units, then the characters in
// (modified) UTF-8.
func (in *streamInput) str() string {
	n := in.vint()
	if n < 0 || n > int64(len(in.b)) {
		in.ok = false
	}
	if !in.ok {
		return ""
	}
	var units []uint16
	for int64(len(units)) < n {
		r, size := utf8.DecodeRune(in.b)
		if len(in.b) == 0 || r == utf8.RuneError && size <= 1 {
			in.ok = false
			return ""
		}
		in.b = in.b[size:]
		units = utf16.AppendRune(units, r)
	}
	return string(utf16.Decode(units))
}

// appendVInt is writeVInt.
func appendVInt(b []byte, v int64) []byte {
	u := uint32(v)
	for u >= 0x80 {
		b = append(b, byte(u)|0x80)
		u >>= 7
	}
	return append(b, byte(u))
}

// appendString is writeString: the UTF-16 length, then UTF-8 bytes.
func appendString(b []byte, s string) []byte {
	b = appendVInt(b, int64(len(utf16.Encode([]rune(s)))))
	return append(b, s...)
}

// javaBase64URL decodes as Java's Base64.getUrlDecoder().decode(String):
// the string is read as ISO-8859-1 bytes (other characters become '?'),
// padding is optional, and the error text is Java's ("" when it decodes).
func javaBase64URL(s string) ([]byte, string) {
	units := utf16.Encode([]rune(s))
	src := make([]byte, len(units))
	for i, u := range units {
		if u > 0xff {
			u = '?'
		}
		src[i] = byte(u)
	}
	if len(src) == 0 {
		return nil, ""
	}
	if len(src) < 2 {
		return nil, "Input byte[] should at least have 2 bytes for base64 bytes"
	}
	var dst []byte
	bits, shift, sp := 0, 18, 0
	for sp < len(src) {
		c := src[sp]
		sp++
		v := base64URLValue(c)
		if v == -2 { // '=': padding ends the data
			if shift == 6 && (sp == len(src) || src[sp] != '=') || shift == 18 {
				return nil, "Input byte array has wrong 4-byte ending unit"
			}
			if shift == 6 {
				sp++
			}
			break
		}
		if v < 0 {
			return nil, "Illegal base64 character " + strconv.FormatInt(int64(int8(c)), 16)
		}
		bits |= v << shift
		shift -= 6
		if shift < 0 {
			dst = append(dst, byte(bits>>16), byte(bits>>8), byte(bits))
			bits, shift = 0, 18
		}
	}
	switch shift {
	case 6:
		dst = append(dst, byte(bits>>16))
	case 0:
		dst = append(dst, byte(bits>>16), byte(bits>>8))
	case 12:
		return nil, "Last unit does not have enough valid bits"
	}
	if sp < len(src) {
		return nil, "Input byte array has incorrect ending byte at " + strconv.Itoa(sp)
	}
	return dst, ""
}

// base64URLValue is the value of a URL-safe base64 digit, -2 for '=' and -1
// for anything else.
func base64URLValue(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return int(c - 'A')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 26
	case c >= '0' && c <= '9':
		return int(c-'0') + 52
	case c == '-':
		return 62
	case c == '_':
		return 63
	case c == '=':
		return -2
	}
	return -1
}
