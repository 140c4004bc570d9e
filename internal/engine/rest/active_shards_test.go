package rest

import (
	"strings"
	"testing"
)

func TestSourceForMessage(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{ "a" : 1, "b" : [ true, null ] }`, `{"a":1,"b":[true,null]}`},
		{`not json`, `_na_`},
		{`{"k":"` + strings.Repeat("x", 2990) + `"}`, `n/a, actual length: [2.9kb], max length: 2kb`},
		{`{"k":"` + strings.Repeat("x", 2040) + `"}`, `{"k":"` + strings.Repeat("x", 2040) + `"}`},
	} {
		if got := sourceForMessage([]byte(c.in)); got != c.want {
			t.Errorf("sourceForMessage(%.30q) = %.60q, want %.60q", c.in, got, c.want)
		}
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0b", 1023: "1023b", 1024: "1kb", 2048: "2kb", 3000: "2.9kb", 1 << 20: "1mb", 1<<20 + 1<<19: "1.5mb", 5 << 30: "5gb"} {
		if got := byteSize(n); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
}
