package settings

import (
	"slices"
	"testing"
)

func TestJavaHashOrderMatchesSamples(t *testing.T) {
	// The docs sample of GET /books/_settings (reference §6.1).
	sorted := []string{"creation_date", "number_of_replicas", "number_of_shards", "provided_name", "replication", "uuid", "version"}
	want := []string{"replication", "number_of_shards", "provided_name", "creation_date", "number_of_replicas", "uuid", "version"}
	if got := javaHashOrder(sorted); !slices.Equal(got, want) {
		t.Errorf("with replication: %v, want %v", got, want)
	}
}

func TestJavaStringHash(t *testing.T) {
	// Known String.hashCode values.
	for s, want := range map[string]int32{"": 0, "a": 97, "hello": 99162322, "uuid": 3601339} {
		if got := javaStringHash(s); got != want {
			t.Errorf("hash(%q) = %d, want %d", s, got, want)
		}
	}
}
