package ingest

import (
	"testing"
	"time"
)

func TestStructureProcessors(t *testing.T) {
	cases := []struct{ name, procs, src, want string }{
		// dot_expander
		{"expand at the root", `[{"dot_expander":{"field":"a.b.c"}}]`, `{"a.b.c":1}`, `{"a":{"b":{"c":1}}}`},
		{"expand under path", `[{"dot_expander":{"field":"b.c","path":"a"}}]`, `{"a":{"b.c":1}}`, `{"a":{"b":{"c":1}}}`},
		{"expanding onto an existing value appends", `[{"dot_expander":{"field":"a.b"}}]`, `{"a.b":2,"a":{"b":1}}`, `{"a":{"b":[1,2]}}`},
		{"value field on the way", `[{"dot_expander":{"field":"a.b"}}]`, `{"a.b":2,"a":"x"}`,
			"illegal_argument_exception: cannot expend [a.b], because [a] is not an object field, but a value field"},
		{"absent field is left alone", `[{"dot_expander":{"field":"x.y"}}]`, `{"a":1}`, `{"a":1}`},
		{"path not a map", `[{"dot_expander":{"field":"b.c","path":"a"}}]`, `{"a":1}`,
			"illegal_argument_exception: field [a] of type [java.lang.Integer] cannot be cast to [java.util.Map]"},
		{"no dot", `[{"dot_expander":{"field":"a"}}]`, `{}`, "config: [field] field does not contain a dot"},
		{"leading dot", `[{"dot_expander":{"field":".a"}}]`, `{}`, "config: [field] Field can't start or end with a dot"},
		{"double dot", `[{"dot_expander":{"field":"a..b"}}]`, `{}`, "config: [field] No space between dots"},
		// sort
		{"strings ascending", `[{"sort":{"field":"l"}}]`, `{"l":["b","a","C"]}`, `{"l":["C","a","b"]}`},
		{"numbers descending into target", `[{"sort":{"field":"l","order":"desc","target_field":"s"}}]`, `{"l":[1,3,2]}`, `{"s":[3,2,1],"l":[1,3,2]}`},
		{"mixed classes", `[{"sort":{"field":"l"}}]`, `{"l":[1,"a"]}`,
			"class_cast_exception: class java.lang.Integer cannot be cast to class java.lang.String (java.lang.Integer and java.lang.String are in module java.base of loader 'bootstrap')"},
		{"not a list", `[{"sort":{"field":"l"}}]`, `{"l":"x"}`, "illegal_argument_exception: field [l] of type [java.lang.String] cannot be cast to [java.util.List]"},
		{"null", `[{"sort":{"field":"l"}}]`, `{"l":null}`, "illegal_argument_exception: field [l] is null, cannot sort."},
		{"bad order", `[{"sort":{"field":"l","order":"up"}}]`, `{}`, "config: [order] Sort direction [up] not recognized. Valid values are: [asc, desc]"},
		// foreach
		{"uppercase each", `[{"foreach":{"field":"l","processor":{"uppercase":{"field":"_ingest._value"}}}}]`, `{"l":["a","b"]}`,
			`{"l":["A","B"]} _ingest={"_value":null}`},
		{"each element a map", `[{"foreach":{"field":"l","processor":{"set":{"field":"_ingest._value.k","value":"{{_ingest._value.v}}!"}}}}]`,
			`{"l":[{"v":1},{"v":2}]}`, `{"l":[{"v":1,"k":"1!"},{"v":2,"k":"2!"}]} _ingest={"_value":null}`},
		{"inner failure is the foreach's", `[{"foreach":{"field":"l","processor":{"uppercase":{"field":"_ingest._value"}},"on_failure":[{"set":{"field":"t","value":"{{_ingest.on_failure_processor_type}}"}}]}}]`,
			`{"l":["a",1]}`, `{"t":"foreach","l":["a",1]} _ingest={"_value":null}`},
		{"missing list", `[{"foreach":{"field":"l","processor":{"uppercase":{"field":"_ingest._value"}}}}]`, `{}`,
			"illegal_argument_exception: field [l] not present as part of path [l]"},
		{"missing list ignored", `[{"foreach":{"field":"l","ignore_missing":true,"processor":{"uppercase":{"field":"_ingest._value"}}}}]`, `{}`, `{}`},
		{"null list", `[{"foreach":{"field":"l","processor":{"uppercase":{"field":"_ingest._value"}}}}]`, `{"l":null}`,
			"illegal_argument_exception: field [l] is null, cannot loop over its elements."},
		{"two processors", `[{"foreach":{"field":"l","processor":{"uppercase":{"field":"_ingest._value"},"trim":{"field":"_ingest._value"}}}}]`, `{}`,
			"config: [processor] Must specify exactly one processor type"},
		{"no processor", `[{"foreach":{"field":"l"}}]`, `{}`, "config: [processor] required property is missing"},
		{"inner config error", `[{"foreach":{"field":"l","processor":{"uppercase":{}}}}]`, `{}`, "config: [field] required property is missing"},
		// html_strip
		{"block and inline tags, entities", `[{"html_strip":{"field":"h"}}]`, `{"h":"<p>I&apos;m so <b>happy</b>!</p>"}`, `{"h":"\nI'm so happy!\n"}`},
		{"no tags: entities stay", `[{"html_strip":{"field":"h"}}]`, `{"h":"a &amp; b"}`, `{"h":"a &amp; b"}`},
		{"comments, script, list", `[{"html_strip":{"field":"h","target_field":"t"}}]`, `{"h":["x<!-- c -->y","<script>var a = '<b>';</script>z"]}`,
			`{"t":["xy","\nz"],"h":["x<!-- c -->y","<script>var a = '<b>';</script>z"]}`},
		// csv
		{"quoted fields, empty skipped", `[{"csv":{"field":"c","target_fields":["a","b","d"]}}]`, `{"c":"\"x,\"\"y\"\"\",,z"}`, `{"a":"x,\"y\"","c":"\"x,\"\"y\"\"\",,z","d":"z"}`},
		{"trim; a trailing empty field is never set", `[{"csv":{"field":"c","target_fields":["a","b"],"trim":true,"empty_value":"-","separator":";"}}]`, `{"c":"  1 ;"}`, `{"a":"1","c":"  1 ;"}`},
		{"empty_value in the middle", `[{"csv":{"field":"c","target_fields":["a","b","d"],"empty_value":""}}]`, `{"c":"1,,2"}`, `{"a":"1","b":"","c":"1,,2","d":"2"}`},
		{"unmatched quote", `[{"csv":{"field":"c","target_fields":["a"]}}]`, `{"c":"\"x"}`, "illegal_argument_exception: Unmatched quote"},
		{"quote inside unquoted", `[{"csv":{"field":"c","target_fields":["a"]}}]`, `{"c":"ab\"c"}`, "illegal_argument_exception: Illegal character inside unquoted field at 2"},
		{"text after quoted", `[{"csv":{"field":"c","target_fields":["a","b"]}}]`, `{"c":"\"a\"b,c"}`, "illegal_argument_exception: character 'b' after quoted field at 3"},
		{"bad quote", `[{"csv":{"field":"c","target_fields":["a"],"quote":"ab"}}]`, `{}`, `config: [quote] quote has to be single character like " or '`},
		{"empty targets", `[{"csv":{"field":"c","target_fields":[]}}]`, `{}`, "config: [target_fields] target fields list can't be empty"},
		{"null empty_value", `[{"csv":{"field":"c","target_fields":["a"],"empty_value":null}}]`, `{}`, "config: [empty_value] required property is missing"},
		// date_index_name
		{"month rounding", `[{"date_index_name":{"field":"d","index_name_prefix":"logs-","date_rounding":"M"}}]`, `{"d":"2016-04-25T12:24:17.000+0000"}`,
			`{"d":"2016-04-25T12:24:17.000+0000"}`},
		{"unparsable", `[{"date_index_name":{"field":"d","date_rounding":"d","date_formats":["UNIX_MS"]}}]`, `{"d":"x"}`, "illegal_argument_exception: unable to parse date [x]"},
		{"rounding required", `[{"date_index_name":{"field":"d"}}]`, `{}`, "config: [date_rounding] required property is missing"},
	}
	for _, c := range cases {
		if got := runProcs(t, c.procs, c.src); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestDateIndexNameSetsIndex(t *testing.T) {
	s := newTestService()
	if err := s.Put("p", []byte(`{"processors":[{"date_index_name":{"field":"d","index_name_prefix":"{{p}}-","date_rounding":"M","date_formats":["UNIX_MS","yyyy-MM-dd"],"timezone":"Europe/Amsterdam","index_name_format":"yyyy-MM"}}]}`)); err != nil {
		t.Fatal(err)
	}
	d := mustDoc(t, `{"d":"2016-04-25","p":"web"}`)
	if err := s.Run([]string{"p"}, d); err != nil {
		t.Fatal(err)
	}
	idx := d.Meta().Index
	if idx != "<web-{2016-04||/M{yyyy-MM|Europe/Amsterdam}}>" {
		t.Fatalf("_index = %s", idx)
	}
	got, err := ResolveIndexDateMath(idx, time.Now())
	if err != nil || got != "web-2016-04" {
		t.Fatalf("resolved %q, %v", got, err)
	}
}

func TestResolveIndexDateMath(t *testing.T) {
	now := time.Date(2024, 3, 5, 22, 30, 0, 0, time.UTC)
	cases := map[string]string{
		"plain":                                "plain",
		"<logs-{now/d}>":                       "logs-2024.03.05",
		"<logs-{now/M{yyyy.MM}}>":              "logs-2024.03",
		"<logs-{now/d{yyyy.MM.dd|+12:00}}>":    "logs-2024.03.06",
		`<a\{b-{now/y{yyyy}}>`:                 "a{b-2024",
		"<x-{2016-04-25||/M{yyyy-MM-dd|UTC}}>": "x-2016-04-01",
	}
	for in, want := range cases {
		got, err := ResolveIndexDateMath(in, now)
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ResolveIndexDateMath("<logs-{now/d>", now); err == nil || err.Reason != "invalid dynamic name expression [logs-{now/d]. date math placeholder is open ended" {
		t.Errorf("open placeholder: %v", err)
	}
}
