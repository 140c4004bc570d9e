package documents_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
	"github.com/clustersearch/clustersearch-go/fake"
)

// TestBulkIndexerFlushesByInterval checks that a batch far from full is
// sent once it waited the flush interval, without Close.
func TestBulkIndexerFlushesByInterval(t *testing.T) {
	t.Parallel()
	client := fake.New(t).Client()
	bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "ticks", FlushInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 3)
	for i := 0; i < 3; i++ {
		err := bi.Add(context.Background(), documents.BulkIndexerItem{
			Operation: &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i)}, Document: map[string]int{"n": i}},
			OnSuccess: func(_ context.Context, _ documents.BulkIndexerItem, res documents.BulkItemResult) { done <- res.ID },
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 3; i++ {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%d of 3 items settled without Close", i)
		}
	}
	if st := bi.Stats(); st.Requests != 1 || st.Indexed != 3 {
		t.Fatalf("stats %+v, want one request of 3 items", st)
	}
	if err := bi.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestBulkIndexerQueueSmallerThanBatch checks that a queue smaller than a
// batch sends what waits rather than blocking Add for ever.
func TestBulkIndexerQueueSmallerThanBatch(t *testing.T) {
	t.Parallel()
	client := fake.New(t).Client()
	bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "small", Workers: 1, FlushCount: 100, QueueSize: 2, FlushInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := 0; i < 10; i++ {
		if err := bi.Add(ctx, documents.BulkIndexerItem{Operation: &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i)}, Document: map[string]int{"n": i}}}); err != nil {
			t.Fatalf("Add %d: %v", i, err)
		}
	}
	if err := bi.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if st := bi.Stats(); st.Indexed != 10 || st.Failed != 0 || st.Requests < 5 {
		t.Fatalf("stats %+v, want 10 indexed in batches of at most 2", st)
	}
}

// TestBulkIndexerAddBlocksWhenFull checks back-pressure against a server
// that never answers: once a batch is in flight and a full one waits, Add
// blocks until its context ends, and the refused item is not reported
// while the accepted ones are, as not sent, by Close.
func TestBulkIndexerAddBlocksWhenFull(t *testing.T) {
	t.Parallel()
	hang := make(chan struct{})
	defer close(hang)
	url := serve(t, &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	})})
	client, err := clustersearch.New(clustersearch.WithAddresses(url), clustersearch.WithoutRetries())
	if err != nil {
		t.Fatal(err)
	}
	bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "x", Workers: 1, FlushCount: 3, QueueSize: 3, FlushInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	var notSent atomic.Int64
	add := func(ctx context.Context, i int) error {
		return bi.Add(ctx, documents.BulkIndexerItem{
			Operation: &documents.BulkDelete{BulkMeta: documents.BulkMeta{ID: strconv.Itoa(i)}},
			OnFailure: func(_ context.Context, _ documents.BulkIndexerItem, _ documents.BulkItemResult, err error) {
				if errors.Is(err, documents.ErrNotSent) {
					notSent.Add(1)
				}
			},
		})
	}
	for i := 0; i < 3; i++ { // the batch the worker sends, and waits on
		if err := add(context.Background(), i); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for bi.Stats().Requests == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	for i := 3; i < 6; i++ { // the queue
		if err := add(context.Background(), i); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := add(ctx, 6); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Add on a full queue = %v, want the deadline", err)
	}
	closeCtx, cancelClose := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancelClose()
	if err := bi.Close(closeCtx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Close = %v, want the deadline", err)
	}
	if notSent.Load() != 6 || bi.Stats().Added != 6 {
		t.Fatalf("%d reported not sent of %d added, want 6 of 6", notSent.Load(), bi.Stats().Added)
	}
}
