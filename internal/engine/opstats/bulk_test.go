package opstats

import (
	"reflect"
	"testing"
)

func TestBulkActions(t *testing.T) {
	body := "{\"index\":{\"_index\":\"a\",\"_id\":\"1\",\"routing\":\"r\"}}\n{\"x\":1}\n\n{\"delete\":{\"_index\":\"a\",\"_id\":\"2\"}}\n{\"create\":{}}\n{\"y\":22}\n"
	got := bulkActions([]byte(body))
	want := []bulkAction{{routing: "r", size: 7}, {}, {size: 8}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if got := bulkActions([]byte("{\"index\":{}}\n{\"a\":1}\nnot json\n{\"index\":{}}\n{}\n")); len(got) != 1 {
		t.Errorf("a malformed line must end the walk: %+v", got)
	}
}

func FuzzBulkActions(f *testing.F) {
	f.Add([]byte("{\"index\":{\"_index\":\"a\",\"routing\":\"r\"}}\n{\"x\":1}\n{\"delete\":{}}\n"))
	f.Add([]byte("{\"update\":{\"routing\":5}}\n{\"doc\":{}}"))
	f.Add([]byte("\n\n{}\n[]"))
	f.Fuzz(func(t *testing.T, body []byte) {
		acts := bulkActions(body)
		var total int64
		for _, a := range acts {
			if a.size < 0 {
				t.Fatalf("negative size %d", a.size)
			}
			total += a.size
		}
		if total > int64(len(body)) {
			t.Fatalf("sources of %d bytes in a body of %d", total, len(body))
		}
	})
}
