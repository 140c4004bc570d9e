package persist

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxRecord bounds one record (a bulk request's documents fit well below).
const maxRecord = 512 << 20

// File magics: the first eight bytes of every file this package writes.
// A file without one was not written by it (or its header was destroyed)
// and is never read as data, changed or removed.
var (
	magicLog  = [8]byte{'C', 'S', 'F', 'K', 'L', 'O', 'G', 2}
	magicSnap = [8]byte{'C', 'S', 'F', 'K', 'S', 'N', 'P', 2}
)

// fileHeaderSize is the size of a file header: magic, generation, a
// sequence number (a log's first record, a snapshot's next record), the
// CRC-32C of those 24 bytes and four reserved zero bytes.
const fileHeaderSize = 32

// frameHeaderSize is the size of a record header: payload length, kind,
// three zero bytes, sequence number, payload CRC-32C, and the CRC-32C of
// the 20 bytes before it. The header's own checksum tells a damaged length
// (corruption) from a record cut short by a crash (a torn tail).
const frameHeaderSize = 24

// Record kinds.
const (
	kindData     = 1 // a log record; seq numbers data records across the directory
	kindRotate   = 2 // closes a log: payload is the next generation (8 bytes)
	kindManifest = 3 // opens a snapshot: payload is the JSON list of part names
	kindPart     = 4 // one snapshot part; seq is its index
	kindEnd      = 5 // closes a snapshot; seq is the number of parts
)

type fileHeader struct {
	magic [8]byte
	gen   uint64
	seq   uint64
}

func (h fileHeader) encode() []byte {
	b := make([]byte, fileHeaderSize)
	copy(b, h.magic[:])
	binary.LittleEndian.PutUint64(b[8:], h.gen)
	binary.LittleEndian.PutUint64(b[16:], h.seq)
	binary.LittleEndian.PutUint32(b[24:], crc32.Checksum(b[:24], castagnoli))
	return b
}

// decodeFileHeader reads a file header; ok is false when data does not
// start with a whole, intact one.
func decodeFileHeader(data []byte) (h fileHeader, ok bool) {
	if len(data) < fileHeaderSize {
		return h, false
	}
	copy(h.magic[:], data[:8])
	if h.magic != magicLog && h.magic != magicSnap {
		return h, false
	}
	if binary.LittleEndian.Uint32(data[24:28]) != crc32.Checksum(data[:24], castagnoli) {
		return h, false
	}
	h.gen = binary.LittleEndian.Uint64(data[8:])
	h.seq = binary.LittleEndian.Uint64(data[16:])
	return h, true
}

// hasMagic reports whether data starts with one of this package's magics
// (whatever the rest of the header holds).
func hasMagic(data []byte) bool {
	return len(data) >= 8 && (bytes.Equal(data[:8], magicLog[:]) || bytes.Equal(data[:8], magicSnap[:]))
}

// appendFrame appends one framed record to dst.
func appendFrame(dst []byte, kind byte, seq uint64, payload []byte) []byte {
	var h [frameHeaderSize]byte
	binary.LittleEndian.PutUint32(h[0:], uint32(len(payload)))
	h[4] = kind
	binary.LittleEndian.PutUint64(h[8:], seq)
	binary.LittleEndian.PutUint32(h[16:], crc32.Checksum(payload, castagnoli))
	binary.LittleEndian.PutUint32(h[20:], crc32.Checksum(h[:20], castagnoli))
	return append(append(dst, h[:]...), payload...)
}

// frame is one record read back.
type frame struct {
	kind    byte
	seq     uint64
	offset  int64 // of its header in the file
	payload []byte
}

// damage is a stretch of a file that holds no readable record.
type damage struct {
	offset, size int64
	// header is set when the record header was intact (only the payload
	// failed its checksum): kind, seq and size are then known.
	header bool
	kind   byte
	seq    uint64
	// payload holds the damaged bytes (for a best-effort description).
	payload []byte
}

// parseHeader reads the record header at data[off:]; ok is false when its
// checksum fails or its fields are impossible.
func parseHeader(data []byte, off int) (n int, kind byte, seq uint64, sum uint32, ok bool) {
	h := data[off : off+frameHeaderSize]
	if binary.LittleEndian.Uint32(h[20:]) != crc32.Checksum(h[:20], castagnoli) {
		return 0, 0, 0, 0, false
	}
	n = int(binary.LittleEndian.Uint32(h[0:]))
	kind = h[4]
	if n > maxRecord || kind < kindData || kind > kindEnd || h[5] != 0 || h[6] != 0 || h[7] != 0 {
		return 0, 0, 0, 0, false
	}
	return n, kind, binary.LittleEndian.Uint64(h[8:]), binary.LittleEndian.Uint32(h[16:]), true
}

// scanFrames reads the records of data from off on. It returns the intact
// records, the damaged stretches between them (skipping to the next intact
// header), and torn, the offset where an unfinished last write starts (-1
// when the data ends on a record boundary). An unfinished write is a record
// whose intact header promises more bytes than follow, a partial header,
// or a tail of zero bytes (a file system's preallocated blocks after a
// power loss); anything else unreadable is damage.
func scanFrames(data []byte, off int) (frames []frame, damages []damage, torn int64) {
	torn = -1
	for off < len(data) {
		rest := data[off:]
		if len(rest) < frameHeaderSize || allZero(rest) {
			return frames, damages, int64(off)
		}
		n, kind, seq, sum, ok := parseHeader(data, off)
		if !ok {
			next := resync(data, off+1)
			damages = append(damages, damage{offset: int64(off), size: int64(next - off)})
			off = next
			continue
		}
		end := off + frameHeaderSize + n
		if end > len(data) {
			return frames, damages, int64(off)
		}
		payload := data[off+frameHeaderSize : end]
		if crc32.Checksum(payload, castagnoli) != sum {
			damages = append(damages, damage{offset: int64(off), size: int64(end - off), header: true, kind: kind, seq: seq, payload: payload})
		} else {
			frames = append(frames, frame{kind: kind, seq: seq, offset: int64(off), payload: payload})
		}
		off = end
	}
	return frames, damages, torn
}

// resync finds the next offset from off holding an intact record header
// (or the end of data).
func resync(data []byte, off int) int {
	for ; off+frameHeaderSize <= len(data); off++ {
		if _, _, _, _, ok := parseHeader(data, off); ok {
			return off
		}
	}
	return len(data)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
