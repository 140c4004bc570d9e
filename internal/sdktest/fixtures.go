package sdktest

// Fixture, round-trip and coverage helpers for the SDK's response tests.

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/jarcoal/httpmock"
)

// Sent is what one request carried.
type Sent struct {
	Method, Path, Query string
	Body                []byte
	Header              http.Header
}

// Capture registers a responder for every URL on mock that records each request
// and answers with status, body and header.
func Capture(mock *httpmock.MockTransport, status int, body string, header http.Header) *[]Sent {
	var got []Sent
	mock.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
		var b []byte
		if r.Body != nil {
			b, _ = io.ReadAll(r.Body)
		}
		got = append(got, Sent{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, b, r.Header.Clone()})
		resp := httpmock.NewStringResponse(status, body)
		resp.Header.Set("Content-Type", "application/json; charset=UTF-8")
		for k, vs := range header {
			resp.Header[k] = vs
		}
		return resp, nil
	})
	return &got
}

// Fixture reads testdata/<name> of the calling package; a name that starts
// with '{' is itself the JSON.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	if strings.HasPrefix(name, "{") {
		return []byte(name)
	}
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Tree decodes JSON keeping numbers exact, for comparisons.
func Tree(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return normalizeNumbers(v)
}

// normalizeNumbers makes numbers comparable by value: whole numbers become
// int64 (exact, so 2.0 equals 2), others float64.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, err := x.Float64()
		if err != nil {
			return string(x)
		}
		if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return int64(f)
		}
		return f
	}
	return v
}

// AssertRoundTrip decodes data into a new T, encodes it again and fails the
// test at once unless the result is the same JSON tree: every field the server
// sent has a typed home and nothing is invented.
func AssertRoundTrip[T any](t *testing.T, data []byte) *T {
	t.Helper()
	v := new(T)
	if diff := RoundTripDiff(t, data, v); diff != "" {
		t.Fatalf("decode then encode changed the JSON (-fixture +re-encoded):\n%s", diff)
	}
	return v
}

// jsonPaths lists the paths present in a JSON tree: object keys by name, map
// entries of typ's map-typed fields as "*", array elements as "[]".
func jsonPaths(v any, typ reflect.Type, prefix string, out map[string]bool) {
	for typ != nil && typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	switch x := v.(type) {
	case map[string]any:
		if typ != nil && typ.Kind() == reflect.Map {
			for _, e := range x {
				out[prefix+".*"] = true
				jsonPaths(e, typ.Elem(), prefix+".*", out)
			}
			return
		}
		fields := map[string]reflect.Type{}
		if typ != nil && typ.Kind() == reflect.Struct {
			StructFields(typ, func(name string, ft reflect.Type) { fields[name] = ft })
		}
		for k, e := range x {
			out[prefix+"."+k] = true
			jsonPaths(e, fields[k], prefix+"."+k, out)
		}
	case []any:
		var et reflect.Type
		if typ != nil && (typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array) {
			et = typ.Elem()
		}
		for _, e := range x {
			jsonPaths(e, et, prefix+"[]", out)
		}
	}
}

// StructFields calls fn for each JSON-named field of a struct, flattening embedded structs.
func StructFields(typ reflect.Type, fn func(name string, ft reflect.Type)) {
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				StructFields(ft, fn)
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		fn(name, f.Type)
	}
}

// typePaths lists the paths a Go type can produce, stopping at recursion and at
// types that encode themselves (they are leaves).
func typePaths(typ reflect.Type, prefix string, stack map[reflect.Type]bool, out map[string]bool) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if stack[typ] {
		return
	}
	if typ.Implements(reflect.TypeFor[json.Marshaler]()) || reflect.PointerTo(typ).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return
	}
	switch typ.Kind() {
	case reflect.Struct:
		stack[typ] = true
		defer delete(stack, typ)
		StructFields(typ, func(name string, ft reflect.Type) {
			out[prefix+"."+name] = true
			typePaths(ft, prefix+"."+name, stack, out)
		})
	case reflect.Map:
		if typ.Elem().Kind() == reflect.Interface || typ.Elem() == reflect.TypeFor[json.RawMessage]() {
			return // shape-less object: any key is fine
		}
		out[prefix+".*"] = true
		typePaths(typ.Elem(), prefix+".*", stack, out)
	case reflect.Slice:
		if typ.Elem().Kind() == reflect.Uint8 {
			return
		}
		typePaths(typ.Elem(), prefix+"[]", stack, out)
	}
}

// AssertFixturesCoverType fails when a field of T appears in none of the fixtures,
// so the fixtures really exercise every field.
func AssertFixturesCoverType[T any](t *testing.T, fixtures ...[]byte) {
	t.Helper()
	typ := reflect.TypeFor[T]()
	present := map[string]bool{}
	for _, f := range fixtures {
		jsonPaths(Tree(t, f), typ, "", present)
	}
	want := map[string]bool{}
	typePaths(typ, "", map[reflect.Type]bool{}, want)
	var missing []string
	for p := range want {
		if !present[p] {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("fields of %v that no fixture carries:\n  %s", typ, strings.Join(missing, "\n  "))
	}
}
