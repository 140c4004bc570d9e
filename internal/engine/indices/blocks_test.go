package indices

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/settings"
)

func blockedService(t *testing.T, idx map[string][]string) *Service {
	t.Helper()
	s := newService(t)
	for name, blocks := range idx {
		st := settings.Settings{}
		for _, b := range blocks {
			st.Set("index.blocks."+b, "true")
		}
		if _, err := s.Create(CreateRequest{Name: name, Settings: st}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestBlockedMessageAndStatus(t *testing.T) {
	s := blockedService(t, map[string][]string{
		"all":   {"read_only", "read", "write", "metadata", "read_only_allow_delete"},
		"flood": {"read_only_allow_delete"},
		"plain": nil,
		"off":   {},
	})
	if err := s.UpdateSettings([]string{"off"}, settings.Settings{"index.blocks.write": {Str: "true"}}, false); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSettings([]string{"off"}, settings.Settings{"index.blocks.write": {Str: "false"}}, false); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		level  BlockLevel
		names  []string
		status int
		reason string
	}{
		{BlockWrite, []string{"all"}, 403, "index [all] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block, " +
			"FORBIDDEN/8/index write (api), FORBIDDEN/5/index read-only (api)];"},
		{BlockRead, []string{"all"}, 403, "index [all] blocked by: [FORBIDDEN/7/index read (api)];"},
		{BlockMetadataRead, []string{"all"}, 403, "index [all] blocked by: [FORBIDDEN/9/index metadata (api)];"},
		{BlockWrite, []string{"flood"}, 429, "index [flood] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];"},
		// java.util.HashMap order: "all" hashes to bucket 0, "flood" to 14;
		// "plain" and unknown names add nothing.
		{BlockMetadataWrite, []string{"plain", "flood", "all", "missing"}, 403,
			"index [all] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block, " +
				"FORBIDDEN/9/index metadata (api), FORBIDDEN/5/index read-only (api)];" +
				"index [flood] blocked by: [TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has read-only-allow-delete block];"},
	}
	for _, c := range cases {
		e := s.Blocked(c.level, c.names...)
		if e == nil {
			t.Errorf("%v %v: not blocked", c.level, c.names)
			continue
		}
		if e.Status != c.status || e.Type != "cluster_block_exception" || e.Reason != c.reason {
			t.Errorf("%v %v: got %d %s %q\nwant %d %q", c.level, c.names, e.Status, e.Type, e.Reason, c.status, c.reason)
		}
	}
	for _, n := range []string{"plain", "off"} {
		if e := s.Blocked(BlockWrite|BlockRead|BlockMetadataRead|BlockMetadataWrite, n); e != nil {
			t.Errorf("%s: unexpected %v", n, e)
		}
	}
	if e := s.BlockedForDelete("flood"); e != nil {
		t.Errorf("read_only_allow_delete must allow a delete: %v", e)
	}
	if e := s.BlockedForDelete("all"); e == nil || e.Reason != "index [all] blocked by: [FORBIDDEN/9/index metadata (api), FORBIDDEN/5/index read-only (api)];" {
		t.Errorf("delete of all: %v", e)
	}
}
