package settings

import (
	"slices"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/javahash"
	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestJavaHashOrderMatchesSamples(t *testing.T) {
	// The docs sample of GET /books/_settings (reference §6.1).
	sorted := []string{"creation_date", "number_of_replicas", "number_of_shards", "provided_name", "replication", "uuid", "version"}
	want := []string{"replication", "number_of_shards", "provided_name", "creation_date", "number_of_replicas", "uuid", "version"}
	if got := javaHashOrder(sorted); !slices.Equal(got, want) {
		t.Errorf("with replication: %v, want %v", got, want)
	}
}

// Each level of nested settings is a HashMap created with capacity 2, so a
// small level iterates over a small table: the six keys of a 2.x index
// without replication.type land in an 8-bucket table, in the familiar
// creation_date-first order, where a default HashMap would start with
// number_of_shards; version's two keys land in a 4-bucket table.
func TestStructuredOrderGrowsFromTwo(t *testing.T) {
	six := []string{"creation_date", "number_of_replicas", "number_of_shards", "provided_name", "uuid", "version"}
	if got, want := structuredOrder(six), []string{"creation_date", "number_of_shards", "number_of_replicas", "uuid", "version", "provided_name"}; !slices.Equal(got, want) {
		t.Errorf("six keys: %v, want %v", got, want)
	}
	if got, want := javaHashOrder(six), []string{"number_of_shards", "provided_name", "creation_date", "number_of_replicas", "uuid", "version"}; !slices.Equal(got, want) {
		t.Errorf("default capacity: %v, want %v", got, want)
	}
	s := Settings{}
	s.Set("index.version.created", "136407827")
	s.Set("index.version.upgraded", "136407827")
	if got := s.Nested()[0].Value.(jsonout.Object)[0].Value.(jsonout.Object); got[0].Key != "created" || got[1].Key != "upgraded" {
		t.Errorf("version level: %v", got)
	}
	for n, want := range map[int]int{1: 2, 2: 4, 3: 4, 4: 8, 6: 8, 7: 16, 12: 16, 13: 32} {
		if got := javahash.TableSize(n, 2); got != want {
			t.Errorf("table after %d puts: %d, want %d", n, got, want)
		}
	}
}
