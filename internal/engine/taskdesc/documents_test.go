package taskdesc

import (
	"strings"
	"testing"
	"time"
)

func TestSourceForMessage(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{ "a" : 1, "b" : [ true, null ] }`, `{"a":1,"b":[true,null]}`},
		{`not json`, `_na_`},
		{`{"k":"` + strings.Repeat("x", 2990) + `"}`, `n/a, actual length: [2.9kb], max length: 2kb`},
		{`{"k":"` + strings.Repeat("x", 2040) + `"}`, `{"k":"` + strings.Repeat("x", 2040) + `"}`},
	} {
		if got := SourceForMessage([]byte(c.in)); got != c.want {
			t.Errorf("SourceForMessage(%.30q) = %.60q, want %.60q", c.in, got, c.want)
		}
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0b", 1023: "1023b", 1024: "1kb", 2048: "2kb", 3000: "2.9kb", 1 << 20: "1mb", 1<<20 + 1<<19: "1.5mb", 5 << 30: "5gb"} {
		if got := ByteSize(n); got != want {
			t.Errorf("ByteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestTimeValue(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0s", time.Second: "1s", 1500 * time.Millisecond: "1.5s", 90 * time.Second: "1.5m",
		100 * time.Millisecond: "100ms", 36 * time.Hour: "1.5d", 119 * time.Minute: "1.9h", 1234567: "1.2ms", 5: "5nanos", 1999 * time.Microsecond: "1.9ms"} {
		if got := TimeValue(d); got != want {
			t.Errorf("TimeValue(%v) = %q, want %q", d, got, want)
		}
	}
}

// A HashSet of names iterates in Java's bucket order, whatever order the
// bulk named them in.
func TestBulk(t *testing.T) {
	if got := Bulk(3, []string{"c", "b", "c", "a"}); got != "requests[3], indices[a, b, c]" {
		t.Errorf("Bulk = %q", got)
	}
	if got := Bulk(0, nil); got != "requests[0], indices[]" {
		t.Errorf("empty Bulk = %q", got)
	}
}
