package javahash

import (
	"slices"
	"testing"
)

func TestStringHashKnownValues(t *testing.T) {
	// Values of String.hashCode, worked out independently over UTF-16 units.
	for s, want := range map[string]int32{
		"":                   0,
		"a":                  97,
		"hello":              99162322,
		"uuid":               3601339,
		"Aa":                 2112, // the classic collision with "BB"
		"BB":                 2112,
		"polygenelubricants": -2147483648, // wraps to Integer.MIN_VALUE
		"é":                  233,
		"日本":                 835047,
		"😀":                  1772899, // U+1F600: surrogates D83D DE00
		"a😀b":                57849694,
	} {
		if got := StringHash(s); got != want {
			t.Errorf("StringHash(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestSpreadFoldsHighHalf(t *testing.T) {
	if got := Spread(-2147483648); got != 0x80008000 {
		t.Errorf("Spread(MIN_VALUE) = %#x, want 0x80008000", got)
	}
	if got := Spread(0x12345678); got != 0x1234444c {
		t.Errorf("Spread(0x12345678) = %#x, want 0x1234444c", got)
	}
	// The folded bit moves Integer.MIN_VALUE out of bucket 0 of 2^16.
	if got := Bucket(-2147483648, 1<<16); got != 0x8000 {
		t.Errorf("Bucket = %#x, want 0x8000", got)
	}
}

func TestTableSize(t *testing.T) {
	for _, c := range []struct{ n, initial, want int }{
		{0, 16, 16}, {12, 16, 16}, {13, 16, 32}, {24, 16, 32}, {25, 16, 64},
		// new HashMap<>(2), as Settings.getAsStructuredMap builds each level.
		{1, 2, 2}, {2, 2, 4}, {3, 2, 4}, {4, 2, 8}, {6, 2, 8}, {7, 2, 16}, {12, 2, 16}, {13, 2, 32},
		// A capacity that is no power of two rounds up first.
		{2, 3, 4}, {4, 5, 8}, {0, 0, 1}, {1, 0, 2}, {1, 1, 2},
	} {
		if got := TableSize(c.n, c.initial); got != c.want {
			t.Errorf("TableSize(%d, %d) = %d, want %d", c.n, c.initial, got, c.want)
		}
	}
}

func TestCollectionCapacity(t *testing.T) {
	// max((int) (n/.75f) + 1, 16).
	for n, want := range map[int]int{0: 16, 1: 16, 11: 16, 12: 17, 13: 18, 24: 33, 100: 134} {
		if got := CollectionCapacity(n); got != want {
			t.Errorf("CollectionCapacity(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestHashMapOrderMatchesServerSamples(t *testing.T) {
	// The docs sample of GET /books/_settings: index settings keys in a
	// default HashMap.
	sorted := []string{"creation_date", "number_of_replicas", "number_of_shards", "provided_name", "replication", "uuid", "version"}
	want := []string{"replication", "number_of_shards", "provided_name", "creation_date", "number_of_replicas", "uuid", "version"}
	if got := HashMapOrder(sorted); !slices.Equal(got, want) {
		t.Errorf("settings sample: %v, want %v", got, want)
	}
	if got, want := HashMapOrder([]string{"weight", "height", "price", "qty", "b", "a"}), []string{"a", "b", "price", "qty", "weight", "height"}; !slices.Equal(got, want) {
		t.Errorf("matrix_stats fields: %v, want %v", got, want)
	}
}

func TestOrderKeepsInsertionOrderWithinBucket(t *testing.T) {
	// "y" and "weight" share bucket 9 of 16, as do the colliding "Aa" and "BB".
	for _, keys := range [][]string{{"weight", "y"}, {"y", "weight"}, {"Aa", "BB"}, {"BB", "Aa"}} {
		if got := Strings(keys, 16); !slices.Equal(got, keys) {
			t.Errorf("same bucket reordered: %v became %v", keys, got)
		}
	}
}

func TestOrderDependsOnFinalTableSize(t *testing.T) {
	// Settings.getAsStructuredMap's levels start at two buckets: six keys
	// end in eight buckets and iterate otherwise than in sixteen.
	six := []string{"creation_date", "number_of_replicas", "number_of_shards", "provided_name", "uuid", "version"}
	if got, want := Strings(six, TableSize(len(six), 2)), []string{"creation_date", "number_of_shards", "number_of_replicas", "uuid", "version", "provided_name"}; !slices.Equal(got, want) {
		t.Errorf("from two: %v, want %v", got, want)
	}
	if got, want := HashMapOrder(six), []string{"number_of_shards", "provided_name", "creation_date", "number_of_replicas", "uuid", "version"}; !slices.Equal(got, want) {
		t.Errorf("default: %v, want %v", got, want)
	}
	// Completion contexts: city (bucket 5) and kind (6) in sixteen buckets;
	// a map sized for two grows to four, where city (1) precedes kind (2).
	if got := Strings([]string{"restaurant", "cafe"}, 16); !slices.Equal(got, []string{"cafe", "restaurant"}) {
		t.Errorf("cafe/restaurant: %v", got)
	}
	if got := Strings([]string{"kind", "city"}, TableSize(2, 2)); !slices.Equal(got, []string{"city", "kind"}) {
		t.Errorf("kind/city: %v", got)
	}
}

func TestOrderWithGivenHashCodes(t *testing.T) {
	items := []string{"x", "y", "z"}
	in := slices.Clone(items)
	// Buckets 3, 1, 3 of 4: y first, then x and z in insertion order.
	if got := Order(items, []int32{3, 1, 7}, 4); !slices.Equal(got, []string{"y", "x", "z"}) {
		t.Errorf("Order = %v", got)
	}
	if !slices.Equal(items, in) {
		t.Errorf("input modified: %v", items)
	}
	type header struct{ Name string }
	hs := []header{{"restaurant"}, {"cafe"}}
	if got := OrderBy(hs, func(h header) string { return h.Name }, 16); got[0].Name != "cafe" || got[1].Name != "restaurant" {
		t.Errorf("OrderBy = %v", got)
	}
}

// BenchmarkHashMapOrderHitFields orders a hit's worth of field names, the
// hot use (every rendered hit orders its fields this way).
func BenchmarkHashMapOrderHitFields(b *testing.B) {
	keys := []string{"title", "price", "category", "created_at", "tags"}
	for i := 0; i < b.N; i++ {
		HashMapOrder(keys)
	}
}
