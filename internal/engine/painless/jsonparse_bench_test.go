package painless

import "testing"

// BenchmarkParseJSONHashMap is the source decoding of reindex and
// update_by_query alone.
func BenchmarkParseJSONHashMap(b *testing.B) {
	raw := []byte(`{"title":"The quick brown fox","tags":["a","b","c"],"views":1234,"score":4.75,` +
		`"author":{"name":"Zoë \"Z\" Doe","born":1970,"links":[{"rel":"self","href":"http://x/1"}]},"ok":true,"none":null}`)
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for i := 0; i < b.N; i++ {
		if _, err := ParseJSONHashMap(raw); err != nil {
			b.Fatal(err)
		}
	}
}
