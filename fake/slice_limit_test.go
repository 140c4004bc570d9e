package fake

import "testing"

// A sliced scroll may not use more slices than index.max_slices_per_scroll.
func TestSlicedScrollLimit(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/t/_doc/1?refresh=true", `{}`, 201, "")
	body := `{"slice":{"id":0,"max":1025},"query":{"match_all":{}}}`
	expect(t, s, "POST", "/t/_search?scroll=1m", body, 400,
		`<**>"reason":"The number of slices [1025] is too large. It must be less than [1024]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting."<**>`)
	expect(t, s, "PUT", "/t/_settings", `{"index.max_slices_per_scroll":1025}`, 200, "")
	expect(t, s, "POST", "/t/_search?scroll=1m&filter_path=_scroll_id", body, 200, `{"_scroll_id":<*>}`)
}
