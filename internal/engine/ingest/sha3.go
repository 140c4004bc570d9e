package ingest

import (
	"encoding/binary"
	"math/bits"
)

// sha3Sum256 is SHA3-256 (FIPS 202): the Keccak-f[1600] sponge with a
// 136-byte rate and the 0x06 domain padding. The core module keeps its Go
// version, whose standard library has no SHA-3 yet.
func sha3Sum256(msg []byte) [32]byte {
	const rate = 136
	var st [25]uint64
	absorb := func(block []byte) {
		for i := 0; i < rate/8; i++ {
			st[i] ^= binary.LittleEndian.Uint64(block[i*8:])
		}
		keccakF1600(&st)
	}
	for len(msg) >= rate {
		absorb(msg[:rate])
		msg = msg[rate:]
	}
	var last [rate]byte
	copy(last[:], msg)
	last[len(msg)] ^= 0x06
	last[rate-1] ^= 0x80
	absorb(last[:])
	var out [32]byte
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint64(out[i*8:], st[i])
	}
	return out
}

// keccakRC are the iota round constants.
var keccakRC = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
	0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
	0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakRot and keccakPi are the rho rotations and the pi lane order,
// walked together from lane 1.
var (
	keccakRot = [24]int{1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44}
	keccakPi  = [24]int{10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1}
)

// keccakF1600 permutes the state: 24 rounds of theta, rho and pi, chi, iota.
func keccakF1600(st *[25]uint64) {
	var c [5]uint64
	for round := 0; round < 24; round++ {
		for x := 0; x < 5; x++ {
			c[x] = st[x] ^ st[x+5] ^ st[x+10] ^ st[x+15] ^ st[x+20]
		}
		for x := 0; x < 5; x++ {
			d := c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
			for y := 0; y < 25; y += 5 {
				st[y+x] ^= d
			}
		}
		carry := st[1]
		for i := 0; i < 24; i++ {
			j := keccakPi[i]
			next := st[j]
			st[j] = bits.RotateLeft64(carry, keccakRot[i])
			carry = next
		}
		for y := 0; y < 25; y += 5 {
			row := [5]uint64{st[y], st[y+1], st[y+2], st[y+3], st[y+4]}
			for x := 0; x < 5; x++ {
				st[y+x] = row[x] ^ (^row[(x+1)%5] & row[(x+2)%5])
			}
		}
		st[0] ^= keccakRC[round]
	}
}
