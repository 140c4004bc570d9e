package documents_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
	"github.com/clustersearch/clustersearch-go/types"
)

// TestBulkIndexerAgainstFake adds 200,000 documents (without ids, so a
// document applied twice would show as an extra one) from 8 goroutines
// while the fake rejects one item attempt in ten with 429: every document
// is indexed exactly once, every rejected attempt is retried, and every
// item reaches exactly one callback.
func TestBulkIndexerAgainstFake(t *testing.T) {
	t.Parallel()
	const goroutines, perGoroutine = 8, 25000
	srv := fake.New(t)
	client := srv.Client()
	ctx := context.Background()
	if _, err := client.Do(ctx, &clustersearch.Request{Method: "PUT", Path: "/logs", Body: map[string]any{
		"settings": map[string]any{"number_of_shards": 2, "refresh_interval": "-1"}}}, nil); err != nil {
		t.Fatal(err)
	}
	var attempts, rejected atomic.Int64
	srv.RejectBulkItems(func(index, _ string) bool {
		if attempts.Add(1)%10 == 0 {
			rejected.Add(1)
			return true
		}
		return false
	})
	bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "logs", Workers: 4, FlushCount: 500,
		RetryBackoff: func(int) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	var ok, failed atomic.Int64
	var mu sync.Mutex
	seen := map[string]bool{}
	var wg sync.WaitGroup
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < perGoroutine; i++ {
				err := bi.Add(ctx, documents.BulkIndexerItem{
					Operation: &documents.BulkIndex{Document: map[string]any{"g": g, "n": i}},
					OnSuccess: func(_ context.Context, _ documents.BulkIndexerItem, res documents.BulkItemResult) {
						ok.Add(1)
						mu.Lock()
						if seen[res.ID] {
							t.Errorf("id %s reported twice", res.ID)
						}
						seen[res.ID] = true
						mu.Unlock()
					},
					OnFailure: func(_ context.Context, _ documents.BulkIndexerItem, res documents.BulkItemResult, err error) {
						failed.Add(1)
						t.Errorf("item failed: %+v %v", res, err)
					},
				})
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := bi.Close(ctx); err != nil {
		t.Fatal(err)
	}
	const total = goroutines * perGoroutine
	if ok.Load() != total || failed.Load() != 0 {
		t.Fatalf("succeeded %d, failed %d, want %d and 0", ok.Load(), failed.Load(), total)
	}
	st := bi.Stats()
	if st.Added != total || st.Indexed != total || st.Created != total || st.Failed != 0 || st.Retries != uint64(rejected.Load()) || st.Retries == 0 {
		t.Fatalf("stats %+v, rejected %d", st, rejected.Load())
	}
	srv.RejectBulkItems(nil)
	if _, err := client.Do(ctx, &clustersearch.Request{Method: "POST", Path: "/logs/_refresh"}, nil); err != nil {
		t.Fatal(err)
	}
	count, err := client.Search.Count(ctx, []string{"logs"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if count.Count != total {
		t.Fatalf("the index holds %d documents, want %d", count.Count, total)
	}
}

// TestBulkIndexerFlushFailure checks that a request failing as a whole
// reports every one of its operations to the failure callback.
func TestBulkIndexerFlushFailure(t *testing.T) {
	t.Parallel()
	var requests atomic.Int64
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(500)
		fmt.Fprint(w, `{"error":{"root_cause":[{"type":"exception","reason":"boom"}],"type":"exception","reason":"boom"},"status":500}`)
	})}
	url := serve(t, srv)
	client, err := clustersearch.New(clustersearch.WithAddresses(url), clustersearch.WithoutRetries())
	if err != nil {
		t.Fatal(err)
	}
	var flushErrs atomic.Int64
	bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "x", FlushCount: 10, Workers: 1,
		OnFlushError: func(context.Context, error) { flushErrs.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]error{}
	var mu sync.Mutex
	for i := 0; i < 25; i++ {
		id := fmt.Sprint(i)
		err := bi.Add(context.Background(), documents.BulkIndexerItem{
			Operation: &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: id}, Document: map[string]int{"n": i}},
			OnSuccess: func(context.Context, documents.BulkIndexerItem, documents.BulkItemResult) {
				t.Error("success reported")
			},
			OnFailure: func(_ context.Context, item documents.BulkIndexerItem, _ documents.BulkItemResult, err error) {
				mu.Lock()
				failed[item.Operation.(*documents.BulkIndex).ID] = err
				mu.Unlock()
			},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := bi.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(failed) != 25 || requests.Load() != 3 || flushErrs.Load() != 3 {
		t.Fatalf("%d failures over %d requests (%d flush errors), want 25 over 3", len(failed), requests.Load(), flushErrs.Load())
	}
	for id, err := range failed {
		var e *types.Error
		if !errors.As(err, &e) || e.StatusCode != 500 {
			t.Fatalf("item %s failed without an error", id)
		}
	}
	if st := bi.Stats(); st.Failed != 25 || st.Requests != 3 || st.Flushed != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// TestBulkIndexerCloseCancelled checks that Close with an ended context
// returns at once against a server that never answers, and reports every
// operation it could not send.
func TestBulkIndexerCloseCancelled(t *testing.T) {
	t.Parallel()
	hang := make(chan struct{})
	defer close(hang)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	})}
	url := serve(t, srv)
	client, err := clustersearch.New(clustersearch.WithAddresses(url), clustersearch.WithoutRetries())
	if err != nil {
		t.Fatal(err)
	}
	bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{FlushCount: 5, Workers: 2, QueueSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	var notSent atomic.Int64
	for i := 0; i < 23; i++ {
		err := bi.Add(context.Background(), documents.BulkIndexerItem{
			Operation: &documents.BulkDelete{BulkMeta: documents.BulkMeta{Index: "x", ID: fmt.Sprint(i)}},
			OnFailure: func(_ context.Context, _ documents.BulkIndexerItem, _ documents.BulkItemResult, err error) {
				if errors.Is(err, documents.ErrNotSent) {
					notSent.Add(1)
				}
			},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = bi.Close(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Close = %v, want the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("Close took %v", d)
	}
	if notSent.Load() != 23 {
		t.Fatalf("%d operations reported as not sent, want 23", notSent.Load())
	}
	if err := bi.Add(context.Background(), documents.BulkIndexerItem{Operation: &documents.BulkDelete{BulkMeta: documents.BulkMeta{Index: "x", ID: "late"}}}); !errors.Is(err, documents.ErrBulkIndexerClosed) {
		t.Fatalf("Add after Close = %v", err)
	}
}

// serve runs srv on a loopback port until the test ends.
func serve(t *testing.T, srv *http.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}
