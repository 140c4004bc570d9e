package version

import "testing"

func TestID(t *testing.T) {
	want := map[string]int{"2.0.0": 136217827, "2.11.0": 136327827, "2.11.1": 136327927, "2.17.0": 136387827,
		"2.17.1": 136387927, "2.19.0": 136407827, "1.3.0": 135247827, "3.6.0": 137277827}
	for s, id := range want {
		v, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if v.ID() != id {
			t.Errorf("%s: ID %d, want %d", s, v.ID(), id)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "2", "x.1", "2.1.1.1", "7.10.2", "2.-1"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q): want error", s)
		}
	}
	if v, err := Parse("3.0"); err != nil || v.String() != "3.0.0" || v.LegacyBM25() {
		t.Errorf("Parse(3.0) = %v, %v", v, err)
	}
}
