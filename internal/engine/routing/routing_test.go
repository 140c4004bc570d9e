package routing

import "testing"

// Vectors from the reference (Murmur3HashFunction test values).
func TestHashVectors(t *testing.T) {
	tests := []struct {
		in   string
		want uint32
	}{
		{"", 0},
		{"hell", 0x5a0cb7c3},
		{"hello", 0xd7c31989},
		{"hello w", 0x22ab2984},
		{"hello wo", 0xdf0ca123},
		{"hello wor", 0xe7744d61},
		{"The quick brown fox jumps over the lazy dog", 0xe07db09c},
		{"The quick brown fox jumps over the lazy cog", 0x4e63d2ad},
	}
	for _, tt := range tests {
		if got := uint32(Hash(tt.in)); got != tt.want {
			t.Errorf("Hash(%q) = %#x, want %#x", tt.in, got, tt.want)
		}
	}
	signed := map[string]int32{"1": -126235597, "2": -303927213, "3": -1151172406}
	for in, want := range signed {
		if got := Hash(in); got != want {
			t.Errorf("Hash(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestNumRoutingShards(t *testing.T) {
	want := map[int]int{1: 1024, 2: 1024, 3: 768, 4: 1024, 5: 640, 8: 1024, 10: 640, 1024: 2048}
	for n, w := range want {
		if got := NumRoutingShards(n); got != w {
			t.Errorf("NumRoutingShards(%d) = %d, want %d", n, got, w)
		}
	}
}

func TestShardVectors(t *testing.T) {
	want := map[int][]int{5: {4, 3, 0, 1, 0, 3, 2}, 3: {2, 1, 1, 1, 0, 2, 0}, 2: {0, 0, 0, 1, 0, 0, 0}}
	ids := []string{"1", "2", "3", "4", "5", "6", "7"}
	for n, shards := range want {
		tab := Table{Shards: n, RoutingShards: NumRoutingShards(n), PartitionSize: 1}
		for i, id := range ids {
			if got := tab.Shard(id, ""); got != shards[i] {
				t.Errorf("%d shards: id %s -> shard %d, want %d", n, id, got, shards[i])
			}
		}
	}
	// Routing replaces the id: a document routed by "1" lands with id "1".
	tab := Table{Shards: 5, RoutingShards: 640, PartitionSize: 1}
	if got := tab.Shard("7", "1"); got != 4 {
		t.Errorf("routing 1 -> shard %d, want 4", got)
	}
}

func TestHashSurrogates(t *testing.T) {
	// U+1F600 is the UTF-16 pair D83D DE00; hashing the pair's bytes by hand must agree.
	want := int32(murmur3x86([]byte{0x3d, 0xd8, 0x00, 0xde}, 0))
	if got := Hash("\U0001F600"); got != want {
		t.Errorf("Hash(emoji) = %d, want %d", got, want)
	}
}
