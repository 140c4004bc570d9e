// Package ids generates the identifiers OpenSearch generates: index and node
// UUIDs (random, 22 chars) and time-based document ids (20 chars).
package ids

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"sync"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
)

// RandomUUID returns 16 random bytes as URL-safe base64 without padding, like
// UUIDs.randomBase64UUID (also used for index and cluster uuids).
func RandomUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	// Version 4 and IETF variant bits, as Java's random UUID sets them.
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Generator makes time-based document ids with the byte layout of OpenSearch's
// TimeBasedUUIDGenerator, so ids look, sort and compress like real ones.
// It is safe for concurrent use.
type Generator struct {
	clock clock.Clock
	mu    sync.Mutex
	seq   uint32
	last  int64
	mac   [6]byte
}

// NewGenerator returns a generator reading time from c.
func NewGenerator(c clock.Clock) *Generator {
	g := &Generator{clock: c}
	var b [10]byte
	_, _ = rand.Read(b[:])
	g.seq = binary.LittleEndian.Uint32(b[:4]) & 0xffffff
	copy(g.mac[:], b[4:])
	g.mac[0] |= 0x01 // a random "MAC" has the multicast bit set, as the real fallback does
	return g
}

// Next returns a new 20-character id.
func (g *Generator) Next() string {
	g.mu.Lock()
	g.seq = (g.seq + 1) & 0xffffff
	seq := g.seq
	ts := g.clock.Now().UnixMilli()
	if ts < g.last {
		ts = g.last
	}
	if seq == 0 {
		ts++ // the sequence wrapped: move time on so ids stay unique
	}
	g.last = ts
	g.mu.Unlock()

	var u [15]byte
	u[0] = byte(seq)
	u[1] = byte(seq >> 16)
	u[2] = byte(ts >> 16)
	u[3] = byte(ts >> 24)
	u[4] = byte(ts >> 32)
	u[5] = byte(ts >> 40)
	copy(u[6:12], g.mac[:])
	u[12] = byte(ts >> 8)
	u[13] = byte(seq >> 8)
	u[14] = byte(ts)
	return base64.RawURLEncoding.EncodeToString(u[:])
}
