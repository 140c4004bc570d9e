package mustache

import "testing"

type oneScript struct{ lang, source string }

func (s oneScript) StoredScript(id string) (string, string, map[string]string, bool) {
	return s.lang, s.source, nil, id == "tpl"
}

func TestTemplateRequest(t *testing.T) {
	tr, err := ParseTemplateRequest([]byte(`{"id":"tpl","params":{"q":"ship"},"explain":true}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := tr.Render(oneScript{"mustache", `{"query":{"match":{"t":"{{q}}"}}}`})
	if err != nil || string(out) != `{"query":{"match":{"t":"ship"}}}` {
		t.Fatalf("render: %s %v", out, err)
	}
	if got := string(tr.WithFlags(out)); got != `{"query":{"match":{"t":"ship"}},"explain":true}` {
		t.Fatalf("flags: %s", got)
	}
	if _, err := tr.Render(oneScript{"painless", "1"}); err == nil || err.Reason != "search template [tpl] must be a mustache script, it is [painless]" {
		t.Fatalf("painless: %+v", err)
	}
	tr.ID = "other"
	if _, err := tr.Render(oneScript{"mustache", "x"}); err == nil || err.Reason != "unable to find script [other] in cluster state" {
		t.Fatalf("missing: %+v", err)
	}
	if _, err := ParseTemplateRequest([]byte(`{"sauce":"x"}`)); err == nil || err.Reason != "[1:2] [search_template] unknown field [sauce]" {
		t.Fatalf("unknown field: %+v", err)
	}
}
