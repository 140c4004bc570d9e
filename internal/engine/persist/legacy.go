package persist

import (
	"encoding/binary"
	"hash/crc32"
)

// Directories written before file headers existed (format 1) frame each
// record as a 4-byte length, a 4-byte CRC-32C and the payload, with no file
// header; a snapshot is one such record holding the whole state. They are
// still read (and rewritten in the current format by the first snapshot).

// legacyFrames reads format-1 records: the intact ones, and where the
// readable prefix ends (len(data) when all of it reads).
func legacyFrames(data []byte) (records [][]byte, good int) {
	off := 0
	for len(data)-off >= 8 {
		n := int(binary.LittleEndian.Uint32(data[off:]))
		sum := binary.LittleEndian.Uint32(data[off+4:])
		if n == 0 || n > maxRecord || len(data)-off-8 < n {
			break
		}
		payload := data[off+8 : off+8+n]
		if crc32.Checksum(payload, castagnoli) != sum {
			break
		}
		records = append(records, payload)
		off += 8 + n
	}
	return records, off
}

// looksLegacy reports whether data starts with an intact format-1 record
// holding a JSON object, as every record of that format did; anything else
// without a header is a file this package did not write.
func looksLegacy(data []byte) bool {
	recs, _ := legacyFrames(data)
	return len(recs) > 0 && recs[0][0] == '{'
}

// legacyScan reads a format-1 file: its records, the offset of an
// unfinished last write (-1: none) and of damage (-1: none). A record whose
// length runs past the end is an unfinished write; a readable prefix
// followed by bytes that fail their checksum is damage.
func legacyScan(data []byte) (records [][]byte, torn, damaged int64) {
	records, good := legacyFrames(data)
	torn, damaged = -1, -1
	if good == len(data) {
		return records, torn, damaged
	}
	rest := data[good:]
	if len(rest) < 8 || allZero(rest) || int(binary.LittleEndian.Uint32(rest)) > len(rest)-8 {
		torn = int64(good)
	} else {
		damaged = int64(good)
	}
	return records, torn, damaged
}
