package yamlrest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/conformance"
)

const indexSpec = `{"index":{"url":{"paths":[
 {"path":"/{index}/_doc/{id}","methods":["PUT","POST"],"parts":{"index":{},"id":{}}},
 {"path":"/{index}/_doc","methods":["POST"],"parts":{"index":{}}}]},
 "params":{"refresh":{},"op_type":{}},"body":{"required":true}}}`

const searchSpec = `{"search":{"url":{"paths":[
 {"path":"/_search","methods":["GET","POST"]},
 {"path":"/{index}/_search","methods":["GET","POST"],"parts":{"index":{}}}]},
 "params":{"size":{},"explain":{},"q":{}},"body":{}}}`

const getSpec = `{"get":{"url":{"paths":[
 {"path":"/{index}/_doc/{id}","methods":["GET"],"parts":{"index":{},"id":{}}}]},
 "params":{"must":{"required":true}}}}`

func mustAPI(t *testing.T, spec string) *API {
	t.Helper()
	api, err := ParseAPI([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	return api
}

func TestBuild(t *testing.T) {
	index := mustAPI(t, indexSpec)
	search := mustAPI(t, searchSpec)
	cases := []struct {
		name      string
		api       *API
		params    *conformance.Map
		body      bool
		methods   string
		path      string
		query     string
		clientErr bool
	}{
		{"most parts win", index, conformance.M("index", "test", "id", "1", "refresh", ""), true, "PUT,POST", "/test/_doc/1", "refresh=", false},
		{"fewer parts", index, conformance.M("index", "test", "op_type", "create"), true, "POST", "/test/_doc", "op_type=create", false},
		{"escaped id", index, conformance.M("index", "tést", "id", "a/b?c d"), true, "PUT,POST", "/t%C3%A9st/_doc/a%2Fb%3Fc%20d", "", false},
		{"body required", index, conformance.M("index", "test"), false, "", "", "", true},
		{"no path matches", index, conformance.M("id", "1"), true, "", "", "", true},
		{"GET without body", search, conformance.M(), false, "GET,POST", "/_search", "", false},
		{"POST with body", search, conformance.M("index", []any{"a", "b,c"}), true, "GET,POST", "/a,b,c/_search", "", false},
		{"empty list means all", search, conformance.M("index", []any{}), false, "GET,POST", "/_search", "", false},
		{"query stringifies", search, conformance.M("size", conformance.Number("0"), "explain", true, "q", nil), false, "GET,POST", "/_search", "explain=true&q=&size=0", false},
		{"map parameter refused", search, conformance.M("q", conformance.M()), false, "", "", "", true},
		{"undeclared parameter refused", search, conformance.M("nope", "1"), false, "", "", "", true},
		{"global parameter accepted", search, conformance.M("filter_path", "took", "pretty", true), false, "GET,POST", "/_search", "filter_path=took&pretty=true", false},
		{"body not supported", mustAPI(t, getSpec), conformance.M("index", "i", "id", "1"), true, "", "", "", true},
		{"required parameter missing", mustAPI(t, getSpec), conformance.M("index", "i", "id", "1"), false, "", "", "", true},
		{"required parameter given", mustAPI(t, getSpec), conformance.M("index", "i", "id", "1", "must", "x"), false, "GET", "/i/_doc/1", "must=x", false},
	}
	for _, c := range cases {
		methods, path, query, err := c.api.Build(c.params, c.body)
		method := strings.Join(methods, ",")
		if c.clientErr {
			var ce *ClientError
			if !errors.As(err, &ce) {
				t.Errorf("%s: err = %v, want a ClientError", c.name, err)
			}
			continue
		}
		if err != nil || method != c.methods || path != c.path || query.Encode() != c.query {
			t.Errorf("%s: got %s %s ?%s (%v), want %s %s ?%s", c.name, method, path, query.Encode(), err, c.methods, c.path, c.query)
		}
	}
}

func TestParseAPIErrors(t *testing.T) {
	for _, bad := range []string{
		`{}`,
		`{"a":{},"b":{}}`,
		`{"a":{"url":{"paths":[]}}}`,
		`{"a":{"url":{"paths":[{"path":"/x","methods":[]}]}}}`,
		`{"a":{"url":{"paths":[{"path":"/x","methods":["GET"],"parts":{"y":{}}}]}}}`,
		`not json`,
	} {
		if _, err := ParseAPI([]byte(bad)); err == nil {
			t.Errorf("ParseAPI(%s) succeeded", bad)
		}
	}
}

func TestBuiltinAPIsFillGaps(t *testing.T) {
	apis, err := LoadAPIs(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	refresh := apis["indices.refresh"]
	if refresh == nil {
		t.Fatal("no built-in indices.refresh")
	}
	methods, path, _, err := refresh.Build(conformance.M("index", "test"), false)
	if err != nil || strings.Join(methods, ",") != "POST,GET" || path != "/test/_refresh" {
		t.Fatalf("got %v %s %v", methods, path, err)
	}
}

func FuzzParseAPI(f *testing.F) {
	f.Add([]byte(indexSpec))
	f.Add([]byte(searchSpec))
	f.Add([]byte(`{"x":{"url":{"paths":[{"path":"/{a}","methods":["GET"],"parts":{"a":{}}}]},"body":{"serialize":"bulk"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		api, err := ParseAPI(data)
		if err != nil {
			return
		}
		_, _, _, _ = api.Build(conformance.M("a", "1", "index", "i", "id", "2"), true)
	})
}

func TestChooseMethodIsStableAndSpread(t *testing.T) {
	methods := []string{"GET", "POST"}
	seen := map[string]int{}
	for i := 0; i < 100; i++ {
		key := fmt.Sprintf("file.yml :: test/test/%d", i)
		m := ChooseMethod(methods, key)
		if again := ChooseMethod(methods, key); again != m {
			t.Fatalf("ChooseMethod(%q) changed from %s to %s", key, m, again)
		}
		seen[m]++
	}
	if seen["GET"] < 25 || seen["POST"] < 25 {
		t.Fatalf("methods not spread: %v", seen)
	}
	if got := ChooseMethod([]string{"HEAD"}, "x"); got != "HEAD" {
		t.Fatalf("single method: %s", got)
	}
}
