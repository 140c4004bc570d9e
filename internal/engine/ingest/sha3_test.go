package ingest

import (
	"encoding/hex"
	"strings"
	"testing"
)

// Published SHA3-256 values, up to a message of many blocks.
func TestSHA3Sum256(t *testing.T) {
	cases := map[string]string{
		"":    "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
		"abc": "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
		"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq": "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376",
		strings.Repeat("a", 1000000):                               "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1",
	}
	for in, want := range cases {
		got := sha3Sum256([]byte(in))
		if hex.EncodeToString(got[:]) != want {
			t.Errorf("sha3-256(%q) = %x, want %s", in, got, want)
		}
	}
}
