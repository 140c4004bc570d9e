package documents_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	clustersearch "github.com/clustersearch/clustersearch-go"
	"github.com/clustersearch/clustersearch-go/documents"
)

// TestBulkIndexerSettlesAnswersOfEitherShape runs the indexer against a
// server answering each item with its id: even ids succeed, odd ones fail
// with a 400. The answer is written compact (read by the indexer's own
// scan) or pretty-printed with an escaped key (left to the codec); either
// way every callback gets the item's own result.
func TestBulkIndexerSettlesAnswersOfEitherShape(t *testing.T) {
	t.Parallel()
	for _, pretty := range []bool{false, true} {
		t.Run(fmt.Sprint("pretty=", pretty), func(t *testing.T) {
			t.Parallel()
			srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var items []string
				sc := bufio.NewScanner(r.Body)
				for sc.Scan() {
					line := sc.Text()
					if !strings.HasPrefix(line, `{"index":`) {
						continue
					}
					var id int
					fmt.Sscanf(line[strings.Index(line, `"_id":"`)+len(`"_id":"`):], "%d", &id)
					status := `"status"`
					if pretty {
						status = `"st\u0061tus"`
					}
					if id%2 == 0 {
						items = append(items, fmt.Sprintf(`{"index":{"_index":"x","_id":"%d","_version":1,"result":"created","_seq_no":%d,"_primary_term":1,%s:201}}`, id, id, status))
					} else {
						items = append(items, fmt.Sprintf(`{"index":{"_index":"x","_id":"%d",%s:400,"error":{"type":"mapper_parsing_exception","reason":"odd %d"}}}`, id, status, id))
					}
				}
				body := `{"took":1,"errors":true,"items":[` + strings.Join(items, ",") + `]}`
				if pretty {
					body = strings.ReplaceAll(strings.ReplaceAll(body, ",", ",\n  "), ":{", " : {\n")
				}
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, body)
			})}
			client, err := clustersearch.New(clustersearch.WithAddresses(serve(t, srv)), clustersearch.WithoutRetries())
			if err != nil {
				t.Fatal(err)
			}
			bi, err := client.Documents.NewBulkIndexer(documents.BulkIndexerConfig{Index: "x", FlushCount: 7, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			var got bytes.Buffer
			results := map[int]string{}
			for i := 0; i < 50; i++ {
				err := bi.Add(context.Background(), documents.BulkIndexerItem{
					Operation: &documents.BulkIndex{BulkMeta: documents.BulkMeta{ID: fmt.Sprint(i)}, Document: map[string]int{"n": i}},
					OnSuccess: func(_ context.Context, _ documents.BulkIndexerItem, res documents.BulkItemResult) {
						mu.Lock()
						defer mu.Unlock()
						results[i] = fmt.Sprintf("%s %s %d seq %d", res.ID, res.Result, res.Status, *res.SeqNo)
					},
					OnFailure: func(_ context.Context, _ documents.BulkIndexerItem, res documents.BulkItemResult, err error) {
						mu.Lock()
						defer mu.Unlock()
						if err != nil || res.Error == nil {
							fmt.Fprintf(&got, "item %d: %v %+v\n", i, err, res)
							return
						}
						results[i] = fmt.Sprintf("%s %d %s", res.ID, res.Status, res.Error.Reason)
					},
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			if err := bi.Close(context.Background()); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 50; i++ {
				want := fmt.Sprintf("%d created 201 seq %d", i, i)
				if i%2 == 1 {
					want = fmt.Sprintf("%d 400 odd %d", i, i)
				}
				if results[i] != want {
					fmt.Fprintf(&got, "item %d: %q, want %q\n", i, results[i], want)
				}
			}
			if got.Len() > 0 {
				t.Fatal(got.String())
			}
			if st := bi.Stats(); st.Indexed != 25 || st.Created != 25 || st.Failed != 25 || st.Flushed != 50 {
				t.Fatalf("stats %+v", st)
			}
		})
	}
}
