package yamlrest

import (
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

func TestParse(t *testing.T) {
	src := `---
setup:
  - skip:
      version: " - 2.0.99"
      reason: too old
  - do:
      indices.create:
        index: test
---
teardown:
  - do:
      indices.delete:
        index: test
        ignore: [404]
---
"first test":
  - skip:
      features: [headers, allowed_warnings]
  - do:
      catch: missing
      headers: {X-Opaque-Id: abc}
      allowed_warnings: ["w1"]
      get:
        index: test
        id: "1"
        body: {a: 1}
  - match: {a: 1}
  - match: {b.c: "/x/"}
  - match: {f: 1.5, epsilon: 0.1}
  - set: {x: y, z: w}
  - is_true: found
  - is_false: ''
  - length: {hits: 2}
  - set: {_id: id}
"second test":
  - do:
      node_selector: {version: "3.7.0 - "}
      search: {}
`
	s, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if s.Setup.Skip == nil || s.Setup.Skip.VersionText != "- 2.0.99" || s.Setup.Skip.Reason != "too old" || len(s.Setup.Steps) != 1 {
		t.Fatalf("setup = %+v", s.Setup)
	}
	if d := s.Teardown.Steps[0].Do; d.API != "indices.delete" || len(d.Ignore) != 1 || d.Ignore[0] != 404 || d.Params.Len() != 1 {
		t.Fatalf("teardown do = %+v", d)
	}
	if len(s.Tests) != 2 || s.Tests[0].Name != "first test" || s.Tests[1].Name != "second test" {
		t.Fatalf("tests = %+v", s.Tests)
	}
	first := s.Tests[0]
	if strings.Join(first.Skip.Features, ",") != "headers,allowed_warnings" {
		t.Fatalf("skip features = %v", first.Skip.Features)
	}
	var kinds []string
	for _, st := range first.Steps {
		kinds = append(kinds, st.Kind+":"+st.Path)
	}
	if got := strings.Join(kinds, " "); got != "do: match:a match:b.c match:f set:x set:z is_true:found is_false: length:hits set:_id" {
		t.Fatalf("steps = %s", got)
	}
	d := first.Steps[0].Do
	if d.Catch != "missing" || !d.HasBody || conformance.Short(d.Body) != `{"a":1}` || d.AllowedWarnings[0] != "w1" || conformance.Short(d.Headers) != `{"X-Opaque-Id":"abc"}` {
		t.Fatalf("do = %+v", d)
	}
	if conformance.Short(d.Params) != `{"index":"test","id":"1"}` {
		t.Fatalf("params = %s", conformance.Short(d.Params))
	}
	if e := first.Steps[3].Epsilon; e == nil || *e != "0.1" || first.Steps[1].Epsilon != nil {
		t.Fatalf("epsilon not parsed: %+v", first.Steps[3])
	}
	if s.Tests[1].Steps[0].Do.NodeSelector == nil {
		t.Fatal("node_selector not parsed")
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"skip not first":   "t:\n  - do: {get: {}}\n  - skip: {version: all}\n",
		"unknown step":     "t:\n  - frobnicate: {a: 1}\n",
		"two APIs":         "t:\n  - do: {get: {}, search: {}}\n",
		"no API":           "t:\n  - do: {catch: missing}\n",
		"bad skip":         "t:\n  - skip: {reason: x}\n",
		"bad range":        "t:\n  - skip: {version: '2.0'}\n",
		"steps not a list": "t: {a: 1}\n",
		"duplicate test":   "t:\n  - do: {get: {}}\n---\nt:\n  - do: {get: {}}\n",
		"bad ignore":       "t:\n  - do: {get: {ignore: x}}\n",
		"bad selector":     "t:\n  - do: {node_selector: {attribute: x}, get: {}}\n",
		"bad yaml":         "t: [\n",
		"scalar document":  "just text\n",
		"empty assertion":  "t:\n  - match: {}\n",
		"two paths":        "t:\n  - match: {a: 1, b: 2}\n",
		"bad epsilon":      "t:\n  - match: {a: 1, epsilon: x}\n",
		"two lengths":      "t:\n  - length: {a: 1, b: 2}\n",
	}
	for name, src := range cases {
		if _, err := Parse([]byte(src)); err == nil {
			t.Errorf("%s: Parse succeeded", name)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("setup:\n  - do: {indices.create: {index: t}}\n---\nt:\n  - do: {get: {index: t, id: 1}}\n  - match: {_id: '1'}\n"))
	f.Add([]byte("t:\n  - skip: {version: ' - 2.0.99', features: [x]}\n  - set: {a: b}\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte("---\n---\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		for _, test := range s.Tests {
			for _, st := range test.Steps {
				if st.Kind == "do" && (st.Do == nil || st.Do.API == "") {
					t.Fatal("a do step without an API call")
				}
			}
		}
	})
}

func TestFeatures(t *testing.T) {
	want := "allowed_warnings,arbitrary_key,catch_unauthorized,close_to,contains,embedded_stash_key,headers,node_selector,stash_in_key,stash_in_path,warnings"
	if got := strings.Join(Features(), ","); got != want {
		t.Fatalf("Features() = %s", got)
	}
	if supported("transform_and_set") || !supported("headers") {
		t.Fatal("supported() disagrees with Features()")
	}
}
