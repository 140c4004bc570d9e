package notify

import (
	"crypto/rand"
	"encoding/base64"
	"io"
	"sync"
	"time"
)

// idGenerator produces ids the way OpenSearch's UUIDs.base64UUID does
// (TimeBasedUUIDGenerator): 15 bytes of sequence number, timestamp and a
// 6-byte node address, URL-safe base64 without padding: 20 characters.
type idGenerator struct {
	mu     sync.Mutex
	now    func() time.Time
	seq    uint32
	lastTS int64
	mac    [6]byte
}

// newIDGenerator seeds the sequence and node address from random (crypto/rand
// when nil), as OpenSearch seeds them from SecureRandom.
func newIDGenerator(now func() time.Time, random io.Reader) *idGenerator {
	if random == nil {
		random = rand.Reader
	}
	g := &idGenerator{now: now}
	var seed [9]byte
	if _, err := io.ReadFull(random, seed[:]); err != nil {
		// A failing random source leaves a zero seed; ids stay unique
		// through the sequence counter and the clock.
		seed = [9]byte{}
	}
	g.seq = uint32(seed[0])<<16 | uint32(seed[1])<<8 | uint32(seed[2])
	copy(g.mac[:], seed[3:])
	return g
}

func (g *idGenerator) next() string {
	g.mu.Lock()
	g.seq = (g.seq + 1) & 0xffffff
	seq := g.seq
	ts := g.now().UnixMilli()
	if ts < g.lastTS {
		ts = g.lastTS
	}
	if seq == 0 {
		// The counter wrapped: move the clock on so ids stay unique.
		ts++
	}
	g.lastTS = ts
	mac := g.mac
	g.mu.Unlock()

	var b [15]byte
	b[0] = byte(seq)
	b[1] = byte(seq >> 16)
	b[2] = byte(ts >> 16)
	b[3] = byte(ts >> 24)
	b[4] = byte(ts >> 32)
	b[5] = byte(ts >> 40)
	copy(b[6:12], mac[:])
	b[12] = byte(ts >> 8)
	b[13] = byte(seq >> 8)
	b[14] = byte(ts)
	return base64.RawURLEncoding.EncodeToString(b[:])
}
