package ingest

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

func newTestService() *Service {
	return NewService(painless.NewCache(0), func() time.Time { return time.UnixMilli(1700000000000) })
}

func mustDoc(t *testing.T, src string) *Document {
	t.Helper()
	d, err := NewDocument([]byte(src), Meta{Index: "i", ID: "1", HasID: true, Version: -3, VersionType: "internal"}, "ts")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDocumentPaths(t *testing.T) {
	d := mustDoc(t, `{"a":{"b":[{"c":1}]},"s":"x","n":null}`)
	if v, err := d.Get("a.b.0.c"); err != nil || v != int32(1) {
		t.Fatalf("get a.b.0.c = %v, %v", v, err)
	}
	if v, err := d.Get("_source.s"); err != nil || v != "x" {
		t.Fatalf("get _source.s = %v, %v", v, err)
	}
	if v, err := d.Get("_ingest.timestamp"); err != nil || v != "ts" {
		t.Fatalf("get _ingest.timestamp = %v, %v", v, err)
	}
	errs := []struct{ path, want string }{
		{"x", "field [x] not present as part of path [x]"},
		{"a.b.1", "[1] is out of bounds for array with length [1] as part of path [a.b.1]"},
		{"a.b.q", "[q] is not an integer, cannot be used as an index as part of path [a.b.q]"},
		{"s.t", "cannot resolve [t] from object of type [java.lang.String] as part of path [s.t]"},
		{"n.t", "cannot resolve [t] from null as part of path [n.t]"},
		{"", "path cannot be null nor empty"},
	}
	for _, e := range errs {
		if _, err := d.Get(e.path); err == nil || err.Reason != e.want {
			t.Errorf("get %q: %v, want %q", e.path, err, e.want)
		}
	}
	if err := d.Set("new.deep.f", "v"); err != nil {
		t.Fatal(err)
	}
	if err := d.Set("s.t", 1); err == nil || err.Reason != "cannot set [t] with parent object of type [java.lang.String] as part of path [s.t]" {
		t.Errorf("set s.t: %v", err)
	}
	if err := d.Append("s", "y", false); err != nil {
		t.Fatal(err)
	}
	if err := d.Append("s", "y", false); err != nil {
		t.Fatal(err)
	}
	if err := d.Remove("a.b.0"); err != nil {
		t.Fatal(err)
	}
	if err := d.Remove("zz"); err == nil || err.Reason != "field [zz] not present as part of path [zz]" {
		t.Errorf("remove zz: %v", err)
	}
	got, _ := d.SourceJSON()
	if string(got) != `{"a":{"b":[]},"new":{"deep":{"f":"v"}},"s":["x","y"],"n":null}` {
		t.Errorf("source %s", got)
	}
	m := d.Meta()
	if m.Index != "i" || m.ID != "1" || !m.HasID || m.Version != -3 || m.VersionType != "internal" {
		t.Errorf("meta %+v", m)
	}
}

func TestJavaSplit(t *testing.T) {
	cases := []struct {
		sep, in  string
		preserve bool
		want     []string
	}{
		{`\s+`, "a b  c", false, []string{"a", "b", "c"}},
		{`,`, "a,,b,,", false, []string{"a", "", "b"}},
		{`,`, "a,,b,,", true, []string{"a", "", "b", "", ""}},
		{``, "abc", false, []string{"a", "b", "c"}},
		{`,`, "", false, []string{""}},
	}
	for _, c := range cases {
		got := javaSplit(regexp.MustCompile(c.sep), c.in, c.preserve)
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("split(%q, %q) = %q, want %q", c.in, c.sep, got, c.want)
		}
	}
}

func TestJavaReplacementAndLayout(t *testing.T) {
	if got := javaReplacement(`<$1>\$x$12`); got != `<${1}>$$x${12}` {
		t.Errorf("replacement %q", got)
	}
	if got, ok := javaLayout("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"); !ok || got != "2006-01-02T15:04:05.000Z07:00" {
		t.Errorf("layout %q %v", got, ok)
	}
	if _, ok := javaLayout("yyyy G"); ok {
		t.Error("era letter accepted")
	}
}

func TestConvertValue(t *testing.T) {
	cases := []struct {
		in   any
		typ  string
		want any
		err  string
	}{
		{"12", "integer", int32(12), ""},
		{"0x1F", "long", int64(31), ""},
		{"1.5", "double", 1.5, ""},
		{int32(3), "string", "3", ""},
		{"TRUE", "boolean", true, ""},
		{"x", "integer", nil, "unable to convert [x] to integer"},
		{"maybe", "boolean", nil, "[maybe] is not a boolean value, cannot convert to boolean"},
		{"7", "auto", int32(7), ""},
		{"abc", "auto", "abc", ""},
	}
	for _, c := range cases {
		got, err := convertValue(c.in, c.typ)
		if c.err != "" {
			if err == nil || err.Reason != c.err {
				t.Errorf("convert %v %s: err %v, want %q", c.in, c.typ, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("convert %v %s = %v (%T), %v; want %v", c.in, c.typ, got, got, err, c.want)
		}
	}
}

func TestPipelineConfigErrors(t *testing.T) {
	s := newTestService()
	cases := []struct{ body, want string }{
		{`{"processors":[{"set":{"field":"a"}}]}`, "[value] required property is missing"},
		{`{"processors":[{"set":{"field":"a","value":1,"bogus":2}}]}`, "processor [set] doesn't support one or more provided configuration parameters [bogus]"},
		{`{"processors":[],"x":1}`, "pipeline [p] doesn't support one or more provided configuration parameters [x]"},
		{`{"processors":[{"set":{"field":"a","value":1,"zz":1,"aa":2}}]}`, "processor [set] doesn't support one or more provided configuration parameters [zz, aa]"},
		{`{"processors":[{"convert":{"field":"a","type":"nope"}}]}`, "[type] type [nope] not supported, cannot convert field."},
		{`{"processors":[{"set":{"field":"a","value":1,"on_failure":[]}}]}`, "[on_failure] processors list cannot be empty"},
		{`{"processors":[{"set":{"field":1,"value":1}}]}`, "[field] property isn't a string, but of type [java.lang.Integer]"},
		{`[]`, "request body or source parameter is required"},
		{`{"processors":[{"join":{"field":"a","separator":",","ignore_missing":true}}]}`, "processor [join] doesn't support one or more provided configuration parameters [ignore_missing]"},
	}
	for _, c := range cases {
		err := s.Put("p", []byte(c.body))
		if err == nil || err.Reason != c.want {
			t.Errorf("%s: %v, want %q", c.body, err, c.want)
		}
	}
	err := s.Put("p", []byte(`{"processors":[{"set":{"field":"a","tag":"t1"}}]}`))
	if err == nil || len(err.Meta) != 3 {
		t.Fatalf("metadata: %+v", err)
	}
}

func TestPipelineCycleAndStats(t *testing.T) {
	s := newTestService()
	if err := s.Put("a", []byte(`{"processors":[{"pipeline":{"name":"b"}}]}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Put("b", []byte(`{"processors":[{"pipeline":{"name":"a"}}]}`)); err != nil {
		t.Fatal(err)
	}
	err := s.Run([]string{"a"}, mustDoc(t, `{}`))
	if err == nil || err.Reason != "Cycle detected for pipeline: a" {
		t.Fatalf("cycle: %v", err)
	}
	if err := s.Put("ok", []byte(`{"processors":[{"set":{"field":"x","value":"{{{y}}}!"}}]}`)); err != nil {
		t.Fatal(err)
	}
	d := mustDoc(t, `{"y":"v"}`)
	if err := s.Run([]string{"ok"}, d); err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Get("x"); v != "v!" {
		t.Errorf("x = %v", v)
	}
	st := s.Stats()
	if st.Total != (Counters{Count: 2, Failed: 1}) {
		t.Errorf("total %+v", st.Total)
	}
	byID := map[string]PipelineStats{}
	for _, p := range st.Pipelines {
		byID[p.ID] = p
	}
	// Run counts the pipelines it was asked for; nested ones count per processor.
	if a := byID["a"]; a.Counters != (Counters{Count: 1, Failed: 1}) || len(a.Processors) != 1 ||
		a.Processors[0] != (ProcessorStats{Name: "pipeline:b", Type: "pipeline", Counters: Counters{Count: 1, Failed: 1}}) {
		t.Errorf("a %+v", a)
	}
	if ok := byID["ok"]; ok.Counters != (Counters{Count: 1}) || ok.Processors[0].Name != "set" || ok.Processors[0].Count != 1 {
		t.Errorf("ok %+v", ok)
	}
	if b := byID["b"]; b.Counters != (Counters{}) {
		t.Errorf("b %+v", b)
	}
	var order []string
	for _, p := range st.Pipelines {
		order = append(order, p.ID)
	}
	if strings.Join(order, ",") != "a,b,ok" {
		t.Errorf("order %v", order)
	}
}

// FuzzPipeline checks that any pipeline body either parses or fails with an error, and a
// parsed pipeline runs on a document without panicking.
func FuzzPipeline(f *testing.F) {
	for _, seed := range []string{
		`{"processors":[{"set":{"field":"a","value":"{{b}}"}}]}`,
		`{"processors":[{"split":{"field":"a","separator":","}},{"join":{"field":"a","separator":"-"}}]}`,
		`{"processors":[{"script":{"source":"ctx.a = ctx.b"}},{"drop":{"if":"ctx.a == null"}}]}`,
		`{"processors":[{"date":{"field":"a","formats":["ISO8601","dd/MM/yyyy"]}}]}`,
		`{"processors":[{"rename":{"field":"a","target_field":"b.c","on_failure":[{"fail":{"message":"m"}}]}}]}`,
		`{"processors":[{"convert":{"field":"a","type":"auto"}},{"json":{"field":"b","add_to_root":true}}]}`,
		`{"processors":[{"gsub":{"field":"a","pattern":"(","replacement":"x"}}]}`,
		`{"processors":{}}`, `{`, `null`,
	} {
		f.Add(seed, `{"a":"1,2","b":"{\"k\":1}"}`)
	}
	f.Fuzz(func(t *testing.T, body, doc string) {
		s := newTestService()
		if err := s.Put("p", []byte(body)); err != nil {
			return
		}
		d, err := NewDocument([]byte(doc), Meta{Index: "i", HasID: false, Version: -3}, "ts")
		if err != nil {
			return
		}
		_ = s.Run([]string{"p"}, d)
		if !d.Dropped {
			_, _ = d.SourceJSON()
		}
	})
}

// TestOnFailureMetadata: the pipeline's on_failure handlers see the failing
// processor's type and tag, the innermost one for a nested pipeline.
func TestOnFailureMetadata(t *testing.T) {
	s := newTestService()
	if err := s.Put("inner", []byte(`{"processors":[{"rename":{"field":"x","target_field":"y","tag":"rn"}}]}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Put("outer", []byte(`{"processors":[{"set":{"field":"a","value":1}},{"pipeline":{"name":"inner"}}],
		"on_failure":[{"set":{"field":"why","value":"{{_ingest.on_failure_processor_type}}/{{_ingest.on_failure_processor_tag}}/{{_ingest.on_failure_pipeline}}: {{_ingest.on_failure_message}}"}}]}`)); err != nil {
		t.Fatal(err)
	}
	d := mustDoc(t, `{}`)
	if err := s.Run([]string{"outer"}, d); err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Get("why"); v != "rename/rn/inner: field [x] doesn't exist" {
		t.Errorf("why = %v", v)
	}
	if d.Ingest.Len() != 1 {
		t.Errorf("on_failure fields left in _ingest: %v", d.Ingest.Keys())
	}
}

// TestIngestPipelineField: _ingest.pipeline names the running pipeline and is
// gone afterwards; an ignored failure still counts in the processor's stats.
func TestIngestPipelineField(t *testing.T) {
	s := newTestService()
	if err := s.Put("p", []byte(`{"processors":[{"set":{"field":"by","value":"{{_ingest.pipeline}}"}},{"remove":{"field":"nope","ignore_failure":true}}]}`)); err != nil {
		t.Fatal(err)
	}
	d := mustDoc(t, `{}`)
	if err := s.Run([]string{"p"}, d); err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Get("by"); v != "p" {
		t.Errorf("by = %v", v)
	}
	if d.Has("_ingest.pipeline") {
		t.Error("_ingest.pipeline left behind")
	}
	st := s.Stats()
	if got := st.Pipelines[0]; got.Failed != 0 || got.Processors[1].Counters != (Counters{Count: 1, Failed: 1}) {
		t.Errorf("stats %+v", got)
	}
}

// TestSelfReferencingDocument: a script that puts ctx inside itself fails
// (ScriptProcessor's ensureNoSelfReferences) and leaves the document as it
// was, so with ignore_failure the next processors see the original.
func TestSelfReferencingDocument(t *testing.T) {
	s := newTestService()
	src := `{"processors":[{"script":{"source":"ctx.n = ctx; ctx.l = [ctx.n]; ctx.l.add(ctx.l)"IGNORE}},{"set":{"field":"x","value":1,"if":"ctx.n == null"}}]}`
	if err := s.Put("p", []byte(strings.Replace(src, "IGNORE", "", 1))); err != nil {
		t.Fatal(err)
	}
	d := mustDoc(t, `{}`)
	if err := s.Run([]string{"p"}, d); err == nil || err.Reason != "Iterable object is self-referencing itself (ingest script)" {
		t.Fatalf("self-referencing script: %v", err)
	}
	if err := s.Put("p", []byte(strings.Replace(src, "IGNORE", `,"ignore_failure":true`, 1))); err != nil {
		t.Fatal(err)
	}
	d = mustDoc(t, `{}`)
	if err := s.Run([]string{"p"}, d); err != nil {
		t.Fatal(err)
	}
	if b, err := d.SourceJSON(); err != nil || string(b) != `{"x":1}` {
		t.Errorf("source %s, %v", b, err)
	}
}

func TestConditionCannotWrite(t *testing.T) {
	s := newTestService()
	if err := s.Put("p", []byte(`{"processors":[{"set":{"field":"x","value":1,"if":"ctx.y = 2; return true"}}]}`)); err != nil {
		t.Fatal(err)
	}
	d := mustDoc(t, `{}`)
	err := s.Run([]string{"p"}, d)
	if err == nil || err.Type != "script_exception" || err.Cause == nil || err.Cause.Type != "unsupported_operation_exception" ||
		err.Cause.Reason != "Mutating ingest documents in conditionals is not supported" {
		t.Fatalf("err %+v", err)
	}
	if d.Has("y") || d.Has("x") {
		t.Error("the condition wrote to the document")
	}
}

func TestJavaInstant(t *testing.T) {
	for ns, want := range map[int]string{0: "2023-11-14T22:13:20Z", 120_000_000: "2023-11-14T22:13:20.120Z",
		123_400_000: "2023-11-14T22:13:20.123400Z", 5: "2023-11-14T22:13:20.000000005Z"} {
		if got := javaInstant(time.Unix(1700000000, int64(ns))); got != want {
			t.Errorf("%d: %s, want %s", ns, got, want)
		}
	}
	d := mustDoc(t, `{"a":1}`)
	d.Ctx.Set("_version", int64(7))
	out, err := d.AppendSimulated(nil)
	if err != nil || string(out) != `{"_index":"i","_id":"1","_version":"7","_version_type":"internal","_source":{"a":1},"_ingest":{"timestamp":"ts"}}` {
		t.Errorf("simulated %s %v", out, err)
	}
}
