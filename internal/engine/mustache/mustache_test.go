package mustache

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

func TestRender(t *testing.T) {
	params, err := jsonout.Decode([]byte(`{"q":"say \"hi\"","n":5,"tags":["a","b"],"user":{"name":"x"},"on":true,"off":false,"items":[{"k":1},{"k":2}],"empty":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]string{
		`{"match":{"t":"{{q}}"}}`:                              `{"match":{"t":"say \"hi\""}}`,
		`{"size":{{n}}}`:                                       `{"size":5}`,
		`{{{q}}}|{{&q}}`:                                       `say "hi"|say "hi"`,
		`{{user.name}} {{tags.1}} {{tags.length}}`:             `x b 2`,
		`{{missing}}-{{user.missing}}`:                         `-`,
		`{{#on}}yes{{/on}}{{#off}}no{{/off}}`:                  `yes`,
		`{{^off}}not{{/off}}{{^empty}}none{{/empty}}`:          `notnone`,
		`[{{#items}}{{k}},{{/items}}]`:                         `[1,2,]`,
		`{{#user}}{{name}}{{/user}}`:                           `x`,
		`{{#tags}}<{{.}}>{{/tags}}`:                            `<a><b>`,
		`{{#toJson}}tags{{/toJson}}`:                           `["a","b"]`,
		`{{#toJson}}user{{/toJson}}`:                           `{"name":"x"}`,
		`{{#join}}tags{{/join}}`:                               `a,b`,
		`{{#join delimiter='||'}}tags{{/join delimiter='||'}}`: `a||b`,
		`{{#url}}a b&c{{/url}}`:                                `a+b%26c`,
		`a{{! a comment }}b`:                                   `ab`,
	} {
		tpl, err := Compile(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if got := tpl.Render(params); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for src, want := range map[string]string{
		`{{#a}}x`:      "Failed to close 'a' tag @[query-template:1]",
		`{{#a}}{{/b}}`: "Mismatched start/end tags: a != b in query-template:1",
		`{{a`:          "Improperly closed variable in query-template:1",
	} {
		if _, err := Compile(src); err == nil || err.Error() != want {
			t.Errorf("%s: err %v, want %s", src, err, want)
		}
	}
}

func FuzzCompile(f *testing.F) {
	f.Add(`{{#a}}{{b.c}}{{/a}}{{^d}}{{{e}}}{{/d}}`)
	f.Fuzz(func(t *testing.T, src string) {
		if tpl, err := Compile(src); err == nil {
			tpl.Render(jsonout.Object{{Key: "a", Value: []any{"x"}}})
		}
	})
}
