package ascii

import "testing"

func TestEqualFold(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"AND", "and", true},
		{"_Key", "_kEY", true},
		{"", "", true},
		{"or", "ors", false},
		{"a-b", "A_B", false},
		{"[", "{", false}, // '[' is 'Z'+1: not a letter
		{"@", "`", false}, // '@' is 'A'-1, '`' is 'a'-1
		{"É", "é", false}, // non-ASCII bytes compare as they are
	}
	for _, c := range cases {
		if got := EqualFold(c.a, c.b); got != c.want {
			t.Errorf("EqualFold(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
