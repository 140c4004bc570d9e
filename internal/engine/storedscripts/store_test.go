package storedscripts

import "testing"

func TestValidate(t *testing.T) {
	tests := []struct {
		sc       Script
		typ, why string
	}{
		{Script{Source: "1"}, "illegal_argument_exception", "must specify lang for stored script"},
		{Script{Lang: "painless"}, "illegal_argument_exception", "must specify source for stored script"},
		{Script{Lang: "expression", Source: "1"}, "illegal_argument_exception", "unable to put stored script with unsupported lang [expression]"},
		{Script{Lang: "mustache", Source: "{{#a}}"}, "script_exception", ""},
	}
	for _, tt := range tests {
		err := tt.sc.Validate()
		if err == nil || err.Type != tt.typ || (tt.why != "" && err.Reason != tt.why) {
			t.Errorf("%+v: got %+v, want %s %q", tt.sc, err, tt.typ, tt.why)
		}
	}
	for _, ok := range []Script{{Lang: "painless", Source: "ctx._source.n++"}, {Lang: "mustache", Source: `{"query":{"match":{"t":"{{q}}"}}}`}} {
		if err := ok.Validate(); err != nil {
			t.Errorf("%+v: %+v", ok, err)
		}
	}
}

func TestStore(t *testing.T) {
	var s Store
	if _, _, _, ok := s.StoredScript("a"); ok {
		t.Fatal("empty store found a script")
	}
	s.Put("a", Script{Lang: "painless", Source: "1", Options: map[string]string{"x": "y"}})
	lang, src, opts, ok := s.StoredScript("a")
	if !ok || lang != "painless" || src != "1" || opts["x"] != "y" {
		t.Fatalf("got %q %q %v %v", lang, src, opts, ok)
	}
	if !s.Remove("a") || s.Remove("a") {
		t.Fatal("remove should report the script once")
	}
}
