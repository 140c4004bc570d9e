package ids

import (
	"encoding/base64"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/clock"
)

func TestRandomUUID(t *testing.T) {
	a, b := RandomUUID(), RandomUUID()
	raw, err := base64.RawURLEncoding.DecodeString(a)
	if len(a) != 22 || err != nil || len(raw) != 16 || a == b {
		t.Fatalf("RandomUUID = %q, %q (%v)", a, b, err)
	}
}

func TestGeneratorLayout(t *testing.T) {
	clk := clock.NewManual(time.UnixMilli(0x0102030405))
	g := NewGenerator(clk)
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := g.Next()
		if len(id) != 20 || seen[id] {
			t.Fatalf("id %q: want 20 unique characters", id)
		}
		seen[id] = true
	}
	raw, _ := base64.RawURLEncoding.DecodeString(g.Next())
	// Timestamp bytes sit at 2..5 (bits 16..47), 12 (bits 8..15) and 14 (bits 0..7).
	if raw[2] != 0x03 || raw[3] != 0x02 || raw[4] != 0x01 || raw[5] != 0x00 || raw[12] != 0x04 || raw[14] != 0x05 {
		t.Errorf("timestamp bytes wrong: % x", raw)
	}
}
