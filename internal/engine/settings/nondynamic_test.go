package settings

import "testing"

// The expected orders were worked out by hand from String.hashCode and
// HashMap's bucket spreading; they differ from the sorted input on purpose.
func TestNonDynamicErrorPrintsJavaHashSets(t *testing.T) {
	keys := []string{"index.codec", "index.number_of_shards", "index.routing_partition_size", "index.soft_deletes.enabled"}
	open := []OpenIndex{{"a", "AAAAAAAAAAAAAAAAAAAAAA"}, {"b", "BBBBBBBBBBBBBBBBBBBBBB"}, {"c", "CCCCCCCCCCCCCCCCCCCCCC"}}
	err := NonDynamicError(keys, open)
	want := "Can't update non dynamic settings [[index.codec, index.soft_deletes.enabled, index.number_of_shards, index.routing_partition_size]]" +
		" for open indices [[c/CCCCCCCCCCCCCCCCCCCCCC], [b/BBBBBBBBBBBBBBBBBBBBBB], [a/AAAAAAAAAAAAAAAAAAAAAA]]"
	if err.Reason != want || err.Status != 400 || err.Type != "illegal_argument_exception" {
		t.Fatalf("got %d %s %q\nwant %q", err.Status, err.Type, err.Reason, want)
	}
	one := NonDynamicError([]string{"index.number_of_shards"}, []OpenIndex{{"p", "U"}})
	if one.Reason != "Can't update non dynamic settings [[index.number_of_shards]] for open indices [[p/U]]" {
		t.Fatalf("single: %q", one.Reason)
	}
}
