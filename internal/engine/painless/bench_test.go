package painless

import "testing"

func benchScript(b *testing.B, script string) *Script {
	s, err := Compile(script, CompileOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkExecuteSimple is the cost of one call of a typical update script on a native
// ctx (the path reindex and update_by_query use).
func BenchmarkExecuteSimple(b *testing.B) {
	s := benchScript(b, "ctx._source.counter += params.count")
	src, _ := ParseJSON([]byte(`{"counter":1,"name":"doc","tags":["a","b"]}`))
	params, _ := ParseJSON([]byte(`{"count":1}`))
	ctx := NewMap(2)
	ctx.Set("op", "index")
	ctx.Set("_source", src)
	vars := map[string]any{"ctx": ctx, "params": params}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Execute(vars, ExecOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReindexDocument is the whole per-document cost for reindex with a simple
// script: parse the stored source, run, encode the new source.
func BenchmarkReindexDocument(b *testing.B) {
	s := benchScript(b, "ctx._source.counter += params.count")
	raw := []byte(`{"counter":1,"name":"doc","tags":["a","b"],"nested":{"x":1.5,"y":"z"}}`)
	params, _ := ParseJSON([]byte(`{"count":1}`))
	b.ReportAllocs()
	var out []byte
	for i := 0; i < b.N; i++ {
		src, err := ParseJSONHashMap(raw)
		if err != nil {
			b.Fatal(err)
		}
		ctx := NewMap(4)
		ctx.Set("_index", "src")
		ctx.Set("_id", "1")
		ctx.Set("op", "index")
		ctx.Set("_source", src)
		if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, ExecOptions{}); err != nil {
			b.Fatal(err)
		}
		v, _ := ctx.Get("_source")
		out = AppendJSON(out[:0], v)
	}
}

// BenchmarkExecutePlainMap is a simple script over plain decoded JSON (map[string]any),
// converted in and written back on every call.
func BenchmarkExecutePlainMap(b *testing.B) {
	s := benchScript(b, "ctx._source.counter += params.count")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx := map[string]any{"op": "index", "_source": map[string]any{"counter": 1, "name": "doc", "tags": []any{"a", "b"}}}
		if _, err := s.Execute(map[string]any{"ctx": ctx, "params": map[string]any{"count": 1}}, ExecOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExecuteLoopRemoveIf is a heavier script: a loop with a lambda per element.
func BenchmarkExecuteLoopRemoveIf(b *testing.B) {
	s := benchScript(b, `for (tag in params.tags) { ctx._source.tags.removeIf(entry -> entry == tag); } if (ctx._source.tags.isEmpty()) { ctx.op = 'noop' } ctx._source.tags.add('x')`)
	params, _ := ParseJSON([]byte(`{"tags":["b","d","f"]}`))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src := NewMap(1)
		src.Set("tags", &List{Items: []any{"a", "b", "c", "d", "e", "f", "g", "h"}})
		ctx := NewMap(2)
		ctx.Set("op", "index")
		ctx.Set("_source", src)
		if _, err := s.Execute(map[string]any{"ctx": ctx, "params": params}, ExecOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompile is the cost of a cache miss.
func BenchmarkCompile(b *testing.B) {
	src := `if (!ctx._source.containsKey(params.task_name)) {ctx._source[params.task_name] = [params.url]} else if (!ctx._source[params.task_name].contains(params.url)) {ctx._source[params.task_name].add(params.url)} else {ctx.op = 'none'}`
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Compile(src, CompileOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
