package notify

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// Targets (2-core CI machine): create < 20µs, a filtered and sorted list of
// 1000 configs < 5ms, a webhook test delivery to a local server < 1ms.

func BenchmarkCreate(b *testing.B) {
	s := New(Options{})
	body := []byte(`{"config":{"name":"bench","description":"d","config_type":"webhook","webhook":{"url":"https://example.com/x","header_params":{"A":"b"}}}}`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := s.Create(body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListFilteredSorted1000(b *testing.B) {
	s := New(Options{})
	for i := 0; i < 1000; i++ {
		body := fmt.Sprintf(`{"config_id":"c%d","config":{"name":"team %d ops","config_type":"slack","slack":{"url":"https://hooks.slack.com/%d"}}}`, i, i%37, i)
		if _, err := s.Create([]byte(body)); err != nil {
			b.Fatal(err)
		}
	}
	params := url.Values{"name": {"ops"}, "sort_field": {"name"}, "sort_order": {"desc"}, "max_items": {"50"}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Get("", params); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSendTestWebhook(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	s := New(Options{})
	if _, err := s.Create([]byte(`{"config_id":"wh","config":{"name":"w","config_type":"webhook","webhook":{"url":"` + srv.URL + `"}}}`)); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.SendTest(ctx, "wh"); err != nil {
			b.Fatal(err)
		}
	}
}
