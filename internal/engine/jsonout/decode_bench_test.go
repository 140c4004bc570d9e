package jsonout

import "testing"

// benchDoc is a typical stored document: nested objects, arrays, numbers,
// escapes and non-ASCII text.
var benchDoc = []byte(`{"title":"The quick brown fox","tags":["a","b","c"],"views":1234,"score":4.75,` +
	`"author":{"name":"Zoë \"Z\" Doe","born":1970,"links":[{"rel":"self","href":"http://x/1"}]},"ok":true,"none":null}`)

func BenchmarkDecode(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchDoc)))
	for i := 0; i < b.N; i++ {
		if _, err := Decode(benchDoc); err != nil {
			b.Fatal(err)
		}
	}
}
