package templates

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestGlobsIntersect(t *testing.T) {
	cases := []struct {
		p, q string
		want bool
	}{
		{"logs-*", "logs-2024*", true},
		{"logs-*", "metrics-*", false},
		{"*-a", "b-*", true},
		{"a*c", "ab*", true},
		{"a*c", "ab*d", false},
		{"abc", "abc", true},
		{"abc", "abd", false},
		{"*", "x", true},
		{"x*y*z", "*q*", true},
		{"ab", "a*b*c", false},
	}
	for _, c := range cases {
		if got := globsIntersect(c.p, c.q); got != c.want {
			t.Errorf("globsIntersect(%q, %q) = %v", c.p, c.q, got)
		}
		if got := globsIntersect(c.q, c.p); got != c.want {
			t.Errorf("globsIntersect(%q, %q) = %v (swapped)", c.q, c.p, got)
		}
	}
}

func decode(t *testing.T, s string) jsonout.Object {
	t.Helper()
	v, err := jsonout.Decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.(jsonout.Object)
}

func encode(v any) string {
	b, _ := jsonout.Marshal(v)
	return string(b)
}

func TestMergeTemplateMapping(t *testing.T) {
	base := decode(t, `{"dynamic":"strict","_meta":{"a":1,"b":{"c":1}},"dynamic_templates":[{"s":{"match":"s*"}},{"l":{"match":"l*"}}],"properties":{"f":{"type":"text","analyzer":"standard"},"o":{"properties":{"x":{"type":"long"}}}}}`)
	upd := decode(t, `{"dynamic":true,"_meta":{"b":{"d":2}},"dynamic_templates":[{"l":{"match":"L*"}},{"n":{"match":"n*"}}],"properties":{"f":{"type":"keyword"},"o":{"properties":{"y":{"type":"date"}}}}}`)
	got, err := mergeTemplateMapping(base, upd)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"dynamic":true,"_meta":{"b":{"d":2,"c":1},"a":1},"dynamic_templates":[{"s":{"match":"s*"}},{"l":{"match":"L*"}},{"n":{"match":"n*"}}],"properties":{"f":{"type":"keyword"},"o":{"properties":{"x":{"type":"long"},"y":{"type":"date"}}}}}`
	if encode(got) != want {
		t.Errorf("merged\n got %s\nwant %s", encode(got), want)
	}
	if encode(base) != `{"dynamic":"strict","_meta":{"a":1,"b":{"c":1}},"dynamic_templates":[{"s":{"match":"s*"}},{"l":{"match":"l*"}}],"properties":{"f":{"type":"text","analyzer":"standard"},"o":{"properties":{"x":{"type":"long"}}}}}` {
		t.Errorf("the base changed: %s", encode(base))
	}
	if _, err := mergeTemplateMapping(base, decode(t, `{"properties":{"o":{"type":"keyword"}}}`)); err == nil || err.Reason != "can't merge a non object mapping [o] with an object mapping" {
		t.Errorf("object replaced by a leaf: %v", err)
	}
	if _, err := mergeTemplateMapping(base, decode(t, `{"properties":{"f":{"properties":{"z":{"type":"long"}}}}}`)); err == nil || err.Reason != "can't merge a non object mapping [f] with an object mapping" {
		t.Errorf("leaf replaced by an object: %v", err)
	}
}

func TestMergeDefaults(t *testing.T) {
	content := decode(t, `{"properties":{"b":{"type":"keyword"}},"dynamic_templates":[{"x":{"match":"x"}}],"list":[1,2]}`)
	defaults := decode(t, `{"properties":{"a":{"type":"keyword"},"b":{"type":"text","analyzer":"english"}},"dynamic_templates":[{"x":{"mapping":{"type":"text"}}},{"y":{"match":"y"}}],"list":[2,3],"dynamic":false}`)
	got := mergeDefaults(content, defaults)
	want := `{"properties":{"b":{"type":"keyword","analyzer":"english"},"a":{"type":"keyword"}},"dynamic_templates":[{"x":{"match":"x","mapping":{"type":"text"}}},{"y":{"match":"y"}}],"list":[2,3,1],"dynamic":false}`
	if encode(got) != want {
		t.Errorf("merged\n got %s\nwant %s", encode(got), want)
	}
}

func FuzzParsers(f *testing.F) {
	for _, seed := range []string{
		`{"index_patterns":["a*"],"template":{"settings":{"number_of_shards":1},"mappings":{"properties":{"f":{"type":"text"}}},"aliases":{"x":{}}},"priority":1}`,
		`{"template":{"settings":{"a":{"b":[1,2]}}},"version":"3","_meta":{}}`,
		`{"index_patterns":"a","order":"2","version":1,"settings":{},"mappings":{"_doc":{}},"aliases":{"a":{"filter":{"term":{"f":1}}}}}`,
		`[]`, `{"index_patterns":[{}]}`, `{"priority":{}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		s := New()
		if c, err := ParseComposable(body); err == nil {
			_, _ = s.PutComposable("t", c, false)
			_, _ = s.SimulateIndex("a1", c, false)
		}
		if c, err := ParseComponent(body); err == nil {
			_ = s.PutComponent("c", c, false)
		}
		if l, err := ParseLegacy(body, LegacyRequest{}); err == nil {
			_, _ = s.PutLegacy("l", l, false)
		}
		if err := New().Restore(s.Snapshot()); err != nil {
			t.Fatalf("a snapshot does not restore: %v", err)
		}
	})
}
